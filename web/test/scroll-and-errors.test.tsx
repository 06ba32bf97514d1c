// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tr } from '../src/i18n/tr';
import { RouteErrorBoundary } from '../src/layout/RouteErrorPage';
import { fakeApi, renderWithStore } from './helpers';

/** The window's scroll, as jsdom does not lay out: scrollTo moves it and tells of it as a browser would. */
let scrolledTo: number[] = [];
function scrollWindow(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

beforeEach(() => {
  scrolledTo = [];
  window.scrollTo = ((_x: number, y: number) => {
    scrolledTo.push(y);
    scrollWindow(y);
  }) as typeof window.scrollTo;
  sessionStorage.clear();
  vi.resetModules();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Go() {
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate('/b')}>
        b
      </button>
      <button type="button" onClick={() => navigate('/c#yorumlar')}>
        c
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        back
      </button>
    </>
  );
}

/** A fresh module each time, as a page load has: its positions are read from sessionStorage once. */
async function renderScrolled(entries: string[] = ['/a']) {
  const { ScrollRestoration } = await import('../src/layout/ScrollRestoration');
  return render(
    <MemoryRouter initialEntries={entries}>
      <Go />
      <div id="yorumlar" />
      <ScrollRestoration />
    </MemoryRouter>,
  );
}

const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

describe('scroll restoration', () => {
  it('opens a new entry at the top and returns to where an entry was left on back', async () => {
    await renderScrolled();
    act(() => scrollWindow(800));
    await click('b');
    expect(scrolledTo.at(-1)).toBe(0);
    act(() => scrollWindow(120));
    await click('back');
    expect(scrolledTo.at(-1)).toBe(800);
    expect(history.scrollRestoration).toBe('manual');
  });

  it("opens a new entry at its #fragment's element rather than the top", async () => {
    const scrollIntoView = vi.fn();
    await renderScrolled();
    document.getElementById('yorumlar')!.scrollIntoView = scrollIntoView;
    const before = scrolledTo.length;
    await click('c');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrolledTo.length).toBe(before);
  });

  it('keeps the places in sessionStorage when the page is hidden, and restores them after a reload', async () => {
    const first = await renderScrolled();
    act(() => scrollWindow(640));
    window.dispatchEvent(new Event('pagehide'));
    const kept = JSON.parse(sessionStorage.getItem('react-router-scroll-positions')!) as Record<string, number>;
    expect(Object.values(kept)).toEqual([640]);
    first.unmount();
    expect(history.scrollRestoration).toBe('auto');
    // A reload keeps the history entry's key; here, the entry is given the key it had.
    vi.resetModules();
    const { ScrollRestoration } = await import('../src/layout/ScrollRestoration');
    const key = Object.keys(kept)[0]!;
    render(
      <MemoryRouter initialEntries={[{ pathname: '/a', key }]}>
        <ScrollRestoration />
      </MemoryRouter>,
    );
    expect(scrolledTo.at(-1)).toBe(640);
  });
});

function Thrower(): never {
  throw new Error('kırık ekran');
}

describe('a route that throws while rendering', () => {
  it('shows the error page in its place until the next navigation', async () => {
    fakeApi();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithStore(
      <>
        <Go />
        <Routes>
          <Route
            path="*"
            element={
              <RouteErrorBoundary>
                <Routes>
                  <Route path="/a" element={<Thrower />} />
                  <Route path="/b" element={<h1>B ekranı</h1>} />
                </Routes>
              </RouteErrorBoundary>
            }
          />
        </Routes>
      </>,
      { path: '/a' },
    );
    expect(screen.getByRole('alert').textContent).toContain(tr.routeError.title);
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'kırık ekran' }));
    await click('b');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'B ekranı' })).toBeTruthy();
    logged.mockRestore();
  });
});
