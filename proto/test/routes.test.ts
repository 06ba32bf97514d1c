import { describe, expect, it } from 'vitest';
import { clientRoutes, matchClientRoute } from '../src/index.js';

describe('matchClientRoute', () => {
  it('matches every client route of the specs', () => {
    for (const route of clientRoutes) {
      const path = route.replace(':shortUrl', 'abc123XYZ0');
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

  it('answers null for unknown paths', () => {
    expect(matchClientRoute('/bilinmeyen')).toBeNull();
    expect(matchClientRoute('/s')).toBeNull();
    expect(matchClientRoute('/s/')).toBeNull();
    expect(matchClientRoute('/s/abc/extra')).toBeNull();
    expect(matchClientRoute('/profil/123')).toBeNull();
    expect(matchClientRoute('/gizlilik')).toBeNull();
  });

  it('answers null, never throws, for a malformed escape in a parameter', () => {
    expect(matchClientRoute('/s/%E0')).toBeNull();
    expect(matchClientRoute('/s/%zz')).toBeNull();
  });
});
