import { describe, expect, it } from 'vitest';
import { clientRoutes, matchClientRoute } from '../src/index.js';

describe('matchClientRoute', () => {
  it('matches every client route of the specs', () => {
    for (const route of clientRoutes) {
      const path = route.replace(':shortUrl', 'abc123XYZ0').replace(':slug', 'bir-yazi');
      expect(matchClientRoute(path)?.route, path).toBe(route);
    }
  });

  it('matches the four feed paths and the settings aliases', () => {
    expect(matchClientRoute('/')?.route).toBe('/');
    expect(matchClientRoute('/kesfet')?.route).toBe('/kesfet');
    expect(matchClientRoute('/trending')?.route).toBe('/trending');
    expect(matchClientRoute('/dost-meclisi')?.route).toBe('/dost-meclisi');
    expect(matchClientRoute('/profil-ayarlari')?.route).toBe('/profil-ayarlari');
    expect(matchClientRoute('/hesap-ayarlari')?.route).toBe('/hesap-ayarlari');
    expect(matchClientRoute('/kayit')?.route).toBe('/kayit');
    // The settings guard's 'Giriş Yapın' leads here: the feed with the login dialog.
    expect(matchClientRoute('/Login/')?.route).toBe('/login');
    expect(matchClientRoute('/api-dokumantasyonu')?.route).toBe('/api-dokumantasyonu');
  });

  it('is case-insensitive', () => {
    expect(matchClientRoute('/KESFET')?.route).toBe('/kesfet');
    expect(matchClientRoute('/Dost-Meclisi')?.route).toBe('/dost-meclisi');
    expect(matchClientRoute('/ADMIN')?.route).toBe('/admin');
  });

  it('tolerates one trailing slash, a query and a hash', () => {
    expect(matchClientRoute('/profil/')?.route).toBe('/profil');
    expect(matchClientRoute('/sss/')?.route).toBe('/sss');
    expect(matchClientRoute('/kesfet?category=oyun-geek')?.route).toBe('/kesfet');
    expect(matchClientRoute('/blog#top')?.route).toBe('/blog');
  });

  it('extracts the short link parameter of /s/:shortUrl, keeping its case', () => {
    expect(matchClientRoute('/s/AbC123xYz9')).toEqual({ route: '/s/:shortUrl', params: { shortUrl: 'AbC123xYz9' } });
    expect(matchClientRoute('/S/abc/')).toEqual({ route: '/s/:shortUrl', params: { shortUrl: 'abc' } });
    expect(matchClientRoute('/s/a%20b')?.params.shortUrl).toBe('a b');
    expect(matchClientRoute('/kesfet')?.params).toEqual({});
  });

  it('has the information pages of the footer and one page per blog post', () => {
    expect(matchClientRoute('/gizlilik')?.route).toBe('/gizlilik');
    expect(matchClientRoute('/Cerezler/')?.route).toBe('/cerezler');
    expect(matchClientRoute('/blog/dost-meclisi-yayinda')).toEqual({
      route: '/blog/:slug',
      params: { slug: 'dost-meclisi-yayinda' },
    });
  });

  it('answers null, not an exception, for a parameter with a malformed escape', () => {
    expect(matchClientRoute('/blog/%E0%A4%A')).toBeNull();
    expect(matchClientRoute('/s/%')).toBeNull();
  });

  it('answers null for unknown paths', () => {
    expect(matchClientRoute('/bilinmeyen')).toBeNull();
    expect(matchClientRoute('/s')).toBeNull();
    expect(matchClientRoute('/s/')).toBeNull();
    expect(matchClientRoute('/s/abc/extra')).toBeNull();
    expect(matchClientRoute('/profil/ayse/extra')).toBeNull();
    expect(matchClientRoute('/gizlilik-bilgi')).toBeNull();
    expect(matchClientRoute('/blog/a/b')).toBeNull();
    expect(matchClientRoute('/kisilik-testi/1')).toBeNull();
  });

  it('matches a member’s profile by username, keeping its case', () => {
    expect(matchClientRoute('/profil/Ayse_Demir')).toEqual({
      route: '/profil/:username',
      params: { username: 'Ayse_Demir' },
    });
    expect(matchClientRoute('/PROFIL/mert/')).toEqual({ route: '/profil/:username', params: { username: 'mert' } });
  });

  it('answers null, never throws, for a malformed escape in a parameter', () => {
    expect(matchClientRoute('/s/%E0')).toBeNull();
    expect(matchClientRoute('/s/%zz')).toBeNull();
  });
});
