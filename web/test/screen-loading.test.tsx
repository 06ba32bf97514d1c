// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadScreenOf } from '../src/app/router';
import { fakeApi, renderAppAt } from './helpers';

beforeEach(() => {
  fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Whether the lazily loaded screen's loading fallback is on screen. */
const fallbackShown = () => screen.queryAllByRole('status').some((status) => status.textContent === 'Yükleniyor...');

describe('a screen in a chunk of its own', () => {
  it('renders at once, without its loading fallback, when its chunk arrived before the first render', async () => {
    await loadScreenOf('/sss');
    await act(async () => {
      renderAppAt('/sss');
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Sıkça Sorulan Sorular' })).toBeTruthy();
    expect(fallbackShown()).toBe(false);
  });

  it('shows its loading fallback first when its chunk had not arrived, then the screen', async () => {
    renderAppAt('/cerezler');
    expect(fallbackShown()).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Çerez Politikası' })).toBeTruthy();
  });

  it('loads nothing for a screen of the first download or an unknown path', async () => {
    await expect(loadScreenOf('/')).resolves.toBeUndefined();
    await expect(loadScreenOf('/yok/boyle/bir/sayfa')).resolves.toBeUndefined();
  });
});
