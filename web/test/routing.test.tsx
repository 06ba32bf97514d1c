// @vitest-environment jsdom
import { clientRoutes } from '@meydan/proto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedKindOf, feedRouteOf, topicFromSearch } from '../src/features/feed/feedRoutes';
import { Header } from '../src/layout/Header';
import { fakeApi, member, renderAppAt, renderWithStore } from './helpers';

beforeEach(() => {
  fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pageHeading = () => screen.getByRole('heading', { level: 1 });

describe('routing', () => {
  it('matches case-insensitively and tolerates a trailing slash: /KESFET/ is the feed, headed Keşfet', () => {
    renderAppAt('/KESFET/');
    expect(pageHeading()).toHaveProperty('textContent', 'Keşfet');
    expect(document.title).toBe('Keşfet · Meydan');
    // The header link for the current screen is marked current despite the different spelling.
    const nav = screen.getByRole('navigation', { name: 'Ana menü' });
    expect(within(nav).getByRole('link', { name: 'Keşfet' }).getAttribute('aria-current')).toBe('page');
  });

  it.each([
    ['/', 'Çok Konuşulanlar'],
    ['/trending', 'Çok Konuşulanlar'],
    ['/kesfet', 'Keşfet'],
    ['/dost-meclisi', 'Dost Meclisi'],
  ])('heads the feed screen %s with its own name, %s', (path, heading) => {
    renderAppAt(path);
    expect(document.getElementById('page-title')?.textContent).toBe(heading);
    expect(document.title).toBe(`${heading} · Meydan`);
  });

  it('renders the share-link page for /s/AbCdEfGhIj and keeps the short code exactly as typed', async () => {
    const { container } = renderAppAt('/s/AbCdEfGhIj');
    // The share-link page is loaded lazily.
    await waitFor(() =>
      expect(container.querySelector('[data-short-url]')?.getAttribute('data-short-url')).toBe('AbCdEfGhIj'),
    );
    // The fake gateway knows no such poll: the page says so.
    expect(await screen.findByRole('heading', { level: 1, name: 'Anket Bulunamadı' })).toBeTruthy();
  });

  it.each(['/ayarlar', '/hesap-ayarlari', '/profil-ayarlari'])('renders the settings page for %s', async (path) => {
    renderAppAt(path);
    // The settings screen is loaded lazily.
    expect(await screen.findByRole('heading', { level: 1 })).toHaveProperty('textContent', 'Ayarlar');
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

  it.each(['/s/%E0', '/s/%', '/blog/%zz'])(
    'renders the not-found page for the malformed escape %s, without crashing',
    (path) => {
      renderAppAt(path);
      expect(pageHeading()).toHaveProperty('textContent', 'Sayfa Bulunamadı');
    },
  );

  it.each(clientRoutes.map((route) => route.replace(':shortUrl', 'Kod123').replace(':slug', 'dost-meclisi-yayinda')))(
    'has a screen for client route %s (also upper-cased with a trailing slash)',
    async (path) => {
      renderAppAt(`${path.toUpperCase()}${path === '/' ? '' : '/'}`);
      // hidden: a visitor on /dost-meclisi gets the sign-in dialog, which hides the page from assistive technology.
      expect((await screen.findByRole('heading', { level: 1, hidden: true })).textContent).not.toBe('Sayfa Bulunamadı');
    },
  );
});

it('tells a visitor on /dost-meclisi to sign in', async () => {
  renderAppAt('/dost-meclisi');
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByRole('heading', { name: 'Giriş Yapmalısın' })).toBeTruthy();
  expect(
    within(dialog).getByText(/Dost Meclisi anketlerini görmek için giriş yapmalı ya da kayıt olmalısın/),
  ).toBeTruthy();
});

describe('feed routes', () => {
  it('maps each feed screen to its list, whatever the spelling', () => {
    expect(feedRouteOf('/')).toBe('/');
    expect(feedRouteOf('/Trending/')).toBe('/trending');
    expect(feedRouteOf('/KESFET')).toBe('/kesfet');
    expect(feedRouteOf('/dost-meclisi/')).toBe('/dost-meclisi');
    expect(feedKindOf('/')).toBe('trending');
    expect(feedKindOf('/trending')).toBe('trending');
    expect(feedKindOf('/kesfet')).toBe('new');
    expect(feedKindOf('/dost-meclisi')).toBe('friends');
  });

  it('reads the topic filter from ?kategori= and ignores unknown slugs', () => {
    expect(topicFromSearch(new URLSearchParams('kategori=oyun-geek'))?.name).toBe('Oyun & Geek');
    expect(topicFromSearch(new URLSearchParams('kategori=uydurma'))).toBeNull();
    expect(topicFromSearch(new URLSearchParams(''))).toBeNull();
  });
});

describe('header', () => {
  it('shows visitors the spec links and sign-in entries, without Dost Meclisi', () => {
    renderWithStore(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Ana menü' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
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
    // Notifications are for members.
    expect(screen.queryByRole('button', { name: /Bildirimler/ })).toBeNull();
  });

  it('shows signed-in members Dost Meclisi, the bell and Çıkış Yap instead of the visitor entries', async () => {
    renderWithStore(<Header />, { user: member });
    expect(screen.getByRole('link', { name: 'Dost Meclisi' }).getAttribute('href')).toBe('/dost-meclisi');
    expect(screen.getByRole('button', { name: 'Çıkış Yap' })).toBeTruthy();
    // The bell is loaded lazily.
    expect(await screen.findByRole('button', { name: /Bildirimler/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Giriş Yap' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Kayıt Ol' })).toBeNull();
  });

  it('gives a visitor who presses the create button the sign-in-required dialog', async () => {
    const { store } = renderWithStore(<Header />);
    fireEvent.click(screen.getByRole('button', { name: 'Soru Fırlat' }));
    await waitFor(() => expect(store.getState().ui.dialog).toEqual({ kind: 'signInRequired', reason: 'create' }));
  });

  it('opens the creation dialog for a member', async () => {
    const { store } = renderWithStore(<Header />, { user: member });
    fireEvent.click(screen.getByRole('button', { name: 'Soru Fırlat' }));
    await waitFor(() => expect(store.getState().ui.dialog).toEqual({ kind: 'createPoll' }));
  });

  it('has a mobile menu button that opens and closes the menu', () => {
    renderWithStore(<Header />);
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
