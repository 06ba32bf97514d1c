// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/app/App';
import { tr } from '../src/i18n/tr';
import { fakeApi, json, member, testStore } from './helpers';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** `/` with the session's answer held back until `answer` is called. */
function openFeedWhileSessionPending() {
  let answer: (response: Response) => void = () => undefined;
  const session = new Promise<Response>((resolve) => (answer = resolve));
  fakeApi({ 'GET /api/auth/session': () => session });
  window.scrollTo = () => {};
  window.history.replaceState(null, '', '/');
  const { container } = render(<App store={testStore()} />);
  return { container, answer: (response: Response) => act(async () => answer(response)) };
}

describe("the feed's place for the member's banner", () => {
  it('is kept while the session is restored and taken by the banner for a member', async () => {
    const { container, answer } = openFeedWhileSessionPending();
    await screen.findByRole('heading', { level: 1, name: tr.feed.heading });
    expect(container.querySelector('[data-promo-space]')).not.toBeNull();
    expect(container.querySelector('[data-promo]')).toBeNull();

    await answer(json(member));
    expect(await screen.findByRole('heading', { name: tr.feed.promoTitle })).toBeTruthy();
    expect(container.querySelector('[data-promo-space]')).toBeNull();
  });

  it("gives way to 'Nasıl Çalışır?' for a visitor", async () => {
    const { container, answer } = openFeedWhileSessionPending();
    await screen.findByRole('heading', { level: 1, name: tr.feed.heading });
    await answer(json({ error: 'unauthorized', message: 'Oturum yok' }, 401));
    expect(await screen.findByRole('heading', { name: tr.landing.title })).toBeTruthy();
    expect(container.querySelector('[data-promo-space]')).toBeNull();
    expect(container.querySelector('[data-promo]')).toBeNull();
  });
});
