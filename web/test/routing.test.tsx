// @vitest-environment jsdom
import { clientRoutes } from '@meydan/proto';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Header } from '../src/layout/Header';
import { ThemeProvider } from '../src/theme/ThemeProvider';
import { renderAppAt } from './helpers';

afterEach(cleanup);

const pageHeading = () => screen.getByRole('heading', { level: 1 });

describe('routing', () => {
  it('matches case-insensitively and tolerates a trailing slash: /KESFET/ is the feed', () => {
    renderAppAt('/KESFET/');
    expect(pageHeading()).toHaveProperty('textContent', 'Çok Konuşulanlar');
    expect(document.title).toBe('Çok Konuşulanlar · Meydan');
    // The header link for the current screen is marked current despite the different spelling.
    const nav = screen.getByRole('navigation', { name: 'Ana menü' });
    expect(within(nav).getByRole('link', { name: 'Keşfet' }).getAttribute('aria-current')).toBe('page');
  });

  it('renders the share-link page for /s/AbCdEfGhIj and keeps the short code exactly as typed', () => {
    const { container } = renderAppAt('/s/AbCdEfGhIj');
    expect(pageHeading()).toHaveProperty('textContent', 'Paylaşılan Anket');
    expect(container.querySelector('[data-short-url]')?.getAttribute('data-short-url')).toBe('AbCdEfGhIj');
  });

  it.each(['/ayarlar', '/hesap-ayarlari', '/profil-ayarlari'])('renders the settings page for %s', (path) => {
    renderAppAt(path);
    expect(pageHeading()).toHaveProperty('textContent', 'Ayarlar');
  });

  it('renders the not-found page for /nope, whose button leads home', async () => {
    renderAppAt('/nope');
    expect(pageHeading()).toHaveProperty('textContent', 'Sayfa Bulunamadı');
    expect(screen.getByText(/Aradığın sayfa/)).toBeTruthy();
    const home = screen.getByRole('link', { name: 'Ana Sayfaya Dön' });
    expect(home.getAttribute('href')).toBe('/');

    await act(async () => {
      fireEvent.click(home);
    });
    expect(window.location.pathname).toBe('/');
    expect(pageHeading()).toHaveProperty('textContent', 'Çok Konuşulanlar');
  });

  it('agrees with the gateway on paths react-router alone would accept', () => {
    // matchClientRoute tolerates one trailing slash; the gateway answers this with 404, so the SPA must too.
    renderAppAt('/kesfet//');
    expect(pageHeading()).toHaveProperty('textContent', 'Sayfa Bulunamadı');
  });

  it.each(clientRoutes.map((route) => route.replace(':shortUrl', 'Kod123')))(
    'has a screen for client route %s (also upper-cased with a trailing slash)',
    (path) => {
      renderAppAt(`${path.toUpperCase()}${path === '/' ? '' : '/'}`);
      expect(pageHeading().textContent).not.toBe('Sayfa Bulunamadı');
    },
  );
});

describe('header', () => {
  const renderHeader = (signedIn?: boolean) =>
    render(
      <ThemeProvider>
        <MemoryRouter>
          <Header signedIn={signedIn} />
        </MemoryRouter>
      </ThemeProvider>,
    );

  it('shows visitors the spec links and sign-in entries, without Dost Meclisi', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Ana menü' });
    const links = within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Keşfet', '/kesfet'],
      ['Çok Konuşulanlar', '/trending'],
      ['Profilim', '/profil'],
      ['Ayarlar', '/ayarlar'],
    ]);
    expect(screen.getByRole('link', { name: 'Meydan ana sayfa' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Giriş Yap' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kayıt Ol' }).getAttribute('href')).toBe('/kayit');
    expect(screen.queryByRole('button', { name: 'Çıkış Yap' })).toBeNull();
  });

  it('shows signed-in members Dost Meclisi and Çıkış Yap instead of the visitor entries', () => {
    renderHeader(true);
    expect(screen.getByRole('link', { name: 'Dost Meclisi' }).getAttribute('href')).toBe('/dost-meclisi');
    expect(screen.getByRole('button', { name: 'Çıkış Yap' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Giriş Yap' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Kayıt Ol' })).toBeNull();
  });

  it('has a mobile menu button that opens and closes the menu', () => {
    renderHeader();
    // jsdom has no viewport, so the button keeps its wide-screen `display: none`; find it by its label.
    const button = screen.getByLabelText('Menüyü aç');
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    expect(menu?.contains(screen.getByRole('navigation', { name: 'Ana menü' }))).toBe(true);

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Menüyü kapat');

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
