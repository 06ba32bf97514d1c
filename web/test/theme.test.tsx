// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAppAt } from './helpers';

let themeColor: HTMLMetaElement;

/** A device that says whether it prefers light (`prefers-color-scheme`). */
function preferLight(light: boolean) {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: media === '(prefers-color-scheme: light)' && light,
    media,
    addEventListener() {},
    removeEventListener() {},
  }));
}

beforeEach(() => {
  fakeApi();
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  // index.html carries this tag; the provider keeps it in step with the palette.
  themeColor = Object.assign(document.createElement('meta'), { name: 'theme-color', content: '#0f1115' });
  document.head.append(themeColor);
});
afterEach(() => themeColor.remove());
afterEach(cleanup);
afterEach(() => vi.unstubAllGlobals());

describe('theme', () => {
  it('is dark by default and writes nothing until the visitor chooses', () => {
    renderAppAt('/');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByRole('button', { name: 'Açık temaya geç' })).toBeTruthy();
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('toggles to light and back, persisting the choice and relabelling the toggle', () => {
    renderAppAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Açık temaya geç' }));
    expect(localStorage.getItem('theme')).toBe('light');
    // Told to the server too, which draws a share link or a poll's page in it.
    expect(document.cookie).toMatch(/(^|; )theme=light(;|$)/);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(themeColor.content).toBe('#f6f7f9');

    fireEvent.click(screen.getByRole('button', { name: 'Koyu temaya geç' }));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.cookie).toMatch(/(^|; )theme=dark(;|$)/);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(themeColor.content).toBe('#0f1115');
    expect(screen.getByRole('button', { name: 'Açık temaya geç' })).toBeTruthy();
  });

  it('restores a stored light choice on the next load', () => {
    localStorage.setItem('theme', 'light');
    renderAppAt('/kesfet');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(screen.getByRole('button', { name: 'Koyu temaya geç' })).toBeTruthy();
  });

  it('starts from the device’s prefers-color-scheme when nothing is stored, until the member chooses', () => {
    preferLight(true);
    renderAppAt('/');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(screen.getByRole('button', { name: 'Koyu temaya geç' })).toBeTruthy();
    expect(localStorage.getItem('theme')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Koyu temaya geç' }));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.cookie).toMatch(/(^|; )theme=dark(;|$)/);
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('keeps a stored choice over the device’s preference', () => {
    preferLight(true);
    localStorage.setItem('theme', 'dark');
    renderAppAt('/');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('is dark when the device prefers dark', () => {
    preferLight(false);
    renderAppAt('/');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('falls back to dark for a value other than dark or light', () => {
    localStorage.setItem('theme', 'blue');
    renderAppAt('/');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});
