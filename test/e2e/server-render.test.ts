/**
 * Share links and poll pages drawn by the server (gateway/src/server-render.ts, issue 43) in a real Chromium against
 * the real stack: the page shows its poll before any of the app's code runs (JavaScript off), the app takes that HTML
 * over without drawing it again nor asking again for what the page carries (hydration), and the page then works as
 * before; drawn in the other palette than the device's, the page waits hidden and the app draws it anew.
 */
import { THEME_COOKIE } from '@meydan/proto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from './stack.js';
import { appTookOver, browserRun, createPoll, createShareLinkPoll, uniqueTag, type Member } from './support.js';

const run = browserRun([['cizerssr', 'Çizer Su']]);
let stack: Stack;
let cizer: Member;
beforeAll(() => {
  stack = run.stack;
  [cizer] = run.members as [Member];
});

/**
 * A page whose heading the server drew is marked before the app's code runs, with what the page asked the API for and
 * what React said of its hydration (main.tsx: 'hydration: …' when it had to draw a part anew), kept in the page as it
 * is said: React says it as it commits, before the app marks the page as taken over (`appTookOver`).
 */
async function watched(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const heading = document.querySelector('#root h1, #root h2');
      if (heading) (heading as HTMLElement & { drawnByServer?: boolean }).drawnByServer = true;
    });
    const said: string[] = [];
    (window as unknown as { hydrationWarnings: string[] }).hydrationWarnings = said;
    const warn = console.warn.bind(console);
    console.warn = (...args: unknown[]) => {
      if (/hydrat/i.test(String(args[0]))) said.push(args.map(String).join(' '));
      warn(...args);
    };
  });
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
  });
  const warnings = () => page.evaluate(() => (window as unknown as { hydrationWarnings: string[] }).hydrationWarnings);
  const headingDrawnByServer = () =>
    page.evaluate(() => {
      const heading = document.querySelector('#root h1, #root h2') as
        | (HTMLElement & { drawnByServer?: boolean })
        | null;
      return heading?.drawnByServer === true;
    });
  return { asked, warnings, headingDrawnByServer };
}

/** A context whose member chose `theme` on this device: stored by the app, and told to the server by its cookie. */
async function withTheme(page: Page, theme: 'dark' | 'light') {
  await page.context().addCookies([{ name: THEME_COOKIE, value: theme, url: stack.origin }]);
}

describe('pages drawn by the server, in Chromium', { timeout: 120_000 }, () => {
  it('shows a share link’s poll with JavaScript off: the question, its options and the way to sign in', async () => {
    const title = `Sunucuda çizilen soru ${uniqueTag()}`;
    const { shortUrl } = await createShareLinkPoll(stack, cizer, {
      title,
      category: 'genel',
      options: ['Simit', 'Poğaça'],
    });
    const context = await run.browser.newContext({ baseURL: stack.origin, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const response = await page.goto(`/s/${shortUrl}`);
      expect(response?.status()).toBe(200);
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByRole('button', { name: 'Simit' }).waitFor();
      await page.getByRole('button', { name: 'Poğaça' }).waitFor();
      await page.getByRole('button', { name: 'Giriş Yap' }).first().waitFor();
      expect(await page.title()).toBe(`${title} · Meydan`);
    } finally {
      await context.close();
    }
  });

  it('lets the app take a share page over as drawn, asking for neither the poll nor the session, and a visitor votes on it', async () => {
    const title = `Devralınan soru ${uniqueTag()}`;
    const { shortUrl } = await createShareLinkPoll(stack, cizer, {
      title,
      category: 'genel',
      options: ['Deniz', 'Dağ'],
    });
    const { page, errors } = await run.open({ theme: 'light', colorScheme: 'light' });
    await withTheme(page, 'light');
    const seen = await watched(page);
    await page.goto(`/s/${shortUrl}`);
    await appTookOver(page);
    expect(await seen.headingDrawnByServer()).toBe(true);
    expect(seen.asked.filter((path) => path === `/api/s/${shortUrl}` || path === '/api/auth/session')).toEqual([]);
    expect(await seen.warnings()).toEqual([]);
    await page.getByRole('button', { name: 'Dağ' }).click();
    await page.locator('[data-results]').first().waitFor();
    expect(seen.asked).toContain(`/api/s/${shortUrl}/vote`);
    expect(errors).toEqual([]);
  });

  it("lets the app take a member's poll page over with their header and its comments, and the member comments", async () => {
    const title = `Yorumlu sayfa ${uniqueTag()}`;
    const { id } = await createPoll(stack, cizer, { title, category: 'genel', options: ['Evet', 'Hayır'] });
    const { page, errors } = await run.open({ sid: cizer.sid, theme: 'dark' });
    await withTheme(page, 'dark');
    // The reader's clock 10 s ahead of the server's: its creator's edit button counts down the first minute each
    // second ('Düzenle (0:48)'), drawn by the server from its own time, so the two never agree on it.
    await page.clock.install({ time: Date.now() + 10_000 });
    const seen = await watched(page);
    const response = await page.goto(`/anket/${id}`);
    const drawnEdit = /data-action="edit"[^>]*>([^<]+)</.exec((await response?.text()) ?? '')?.[1];
    expect(drawnEdit).toMatch(/^Düzenle \(\d:\d\d\)$/);
    await appTookOver(page);
    expect(await seen.headingDrawnByServer()).toBe(true);
    // The card's parts hydrate after the page (their own Suspense boundaries): once the reader's clock shows on the
    // button, its part has been taken over, and React said then whatever it had to draw anew.
    const edit = page.locator('[data-action="edit"]');
    await expect.poll(() => edit.textContent(), { timeout: 15_000 }).not.toBe(drawnEdit);
    expect(await seen.warnings()).toEqual([]);
    expect(
      seen.asked.filter((path) =>
        [`/api/polls/${id}`, `/api/polls/${id}/comments`, '/api/auth/session'].includes(path),
      ),
    ).toEqual([]);
    await page.locator('[data-bell]').first().waitFor({ state: 'attached' });
    const comment = `Sunucudan gelen sayfaya yorum ${uniqueTag()}`;
    const thread = page.getByRole('region', { name: 'Yorumlar' });
    await thread.getByRole('textbox', { name: 'Yorumun' }).fill(comment);
    await thread.getByRole('button', { name: 'Gönder' }).click();
    await thread.getByText(comment).waitFor();
    expect(errors).toEqual([]);
  });

  it('draws anew a page the server drew in the other palette: hidden until then, then visible and working', async () => {
    const title = `Öteki temada çizilen ${uniqueTag()}`;
    const { shortUrl } = await createShareLinkPoll(stack, cizer, {
      title,
      category: 'genel',
      options: ['Kış', 'Yaz'],
    });
    // Chose light on another visit (its cookie), but this device asks for dark with nothing stored: the app's first
    // palette is dark.
    const { page, errors } = await run.open({ colorScheme: 'dark' });
    await withTheme(page, 'light');
    const seen = await watched(page);
    const response = await page.goto(`/s/${shortUrl}`);
    expect(await response?.text()).toContain('data-rendered-theme="light"');
    await appTookOver(page);
    await page.getByRole('heading', { name: title }).waitFor();
    expect(await seen.headingDrawnByServer()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.locator('#root').evaluate((root) => getComputedStyle(root).visibility)).toBe('visible');
    expect(await seen.warnings()).toEqual([]);
    await page.getByRole('button', { name: 'Yaz' }).click();
    await page.locator('[data-results]').first().waitFor();
    expect(errors).toEqual([]);
  });
});
