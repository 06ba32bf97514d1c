/**
 * The information pages and the PWA in a real Chromium against the real stack: the FAQ's Turkish-aware search, a
 * blog post on its own page, the service worker (registered at /sw.js, the app shell opening offline, a new release
 * raising the update toast), and screenshots of every information page at desktop and mobile widths.
 *
 * The stack serves a copy of web/dist, so the test can publish a "new release" by changing that copy's sw.js
 * (a precache revision), exactly what a deploy of a changed build looks like to the browser.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './stack.js';
import { desktop, launchBrowser, mobile, newContext, screenshotDir, watchErrors } from './support.js';

const builtWeb = fileURLToPath(new URL('../../web/dist', import.meta.url));
let webCopy: string;
let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function open(
  options: Parameters<typeof newContext>[2] = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser, stack, options);
  contexts.push(context);
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

/** Two posts of web/src/features/info/content/blog.ts (that module is typed for the browser build). */
const tipsPost = {
  slug: 'iyi-anket-sorusu-nasil-yazilir',
  title: 'İyi bir anket sorusu nasıl yazılır? Yedi pratik öneri',
  section: 'Şıklar',
};
const newsPost = { slug: 'dost-meclisi-yayinda', title: 'Dost Meclisi yayında: sorularını yalnızca arkadaşlarına sor' };

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();

beforeAll(async () => {
  webCopy = mkdtempSync(join(tmpdir(), 'meydan-web-copy-'));
  cpSync(builtWeb, webCopy, { recursive: true });
  stack = await startStack({ webDist: webCopy });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await stack?.stop();
  if (webCopy) rmSync(webCopy, { recursive: true, force: true });
});

describe('information pages', () => {
  it('a visitor searches the FAQ Turkish-aware and sees Sonuç bulunamadı for nonsense', async () => {
    const { page, errors } = await open();
    await page.goto('/sss');
    await heading(page, 'Sıkça Sorulan Sorular');
    const search = page.getByRole('searchbox', { name: 'Sorularda ara' });

    // Capital dotted İ: finds 'Hangi içerikler yasak?' and nothing about accounts.
    await search.fill('YASAK İÇERİKLER');
    await page.getByText('Hangi içerikler yasak?').waitFor();
    expect(await page.getByText('Kullanıcı adımı değiştirebilir miyim?').count()).toBe(0);

    // Dotless ı typed where the text has i: 'ücretlı' still finds 'Meydan ücretli mi?'.
    await search.fill('ücretlı');
    await page.getByText('Meydan ücretli mi?').waitFor();
    expect(await page.locator('details').count()).toBe(1);

    await search.fill('xqzv blorp');
    await page.getByRole('heading', { name: 'Sonuç bulunamadı' }).waitFor();
    expect(await page.locator('details').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('a visitor reads a blog post on its own page; an unknown post is not found', async () => {
    const { page, errors } = await open();
    await page.goto('/blog');
    await heading(page, 'Blog');
    const post = tipsPost;
    await page.getByRole('link', { name: post.title }).click();
    await heading(page, post.title);
    expect(new URL(page.url()).pathname).toBe(`/blog/${post.slug}`);
    expect(await page.title()).toBe(`${post.title} · Meydan`);
    await page.getByRole('heading', { level: 2, name: post.section }).waitFor();

    // Opened directly (the gateway serves the shell for /blog/:slug) and with an unknown slug.
    const direct = await page.goto(`/blog/${post.slug}`);
    expect(direct?.status()).toBe(200);
    await heading(page, post.title);
    const missing = await page.goto('/blog/boyle-bir-yazi-yok');
    expect(missing?.status()).toBe(200);
    await heading(page, 'Sayfa Bulunamadı');
    expect(errors).toEqual([]);
  });
});

describe('service worker', () => {
  it('registers /sw.js, opens the app shell offline, and a new release raises the update toast', async () => {
    const { context, page, errors } = await open({ serviceWorker: true });
    await page.goto('/');
    await heading(page, 'Çok Konuşulanlar');
    const scriptUrl = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { script: registration.active?.scriptURL, scope: registration.scope };
    });
    expect(scriptUrl).toEqual({ script: `${stack.origin}/sw.js`, scope: `${stack.origin}/` });
    const swResponse = await page.request.get('/sw.js');
    expect(swResponse.headers()['cache-control']).toBe('no-cache');
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await page.request.get(manifestHref!);
    expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(await manifest.json()).toMatchObject({
      name: 'Meydan',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      lang: 'tr',
    });

    // The next visit is controlled by the worker.
    await page.reload();
    await heading(page, 'Çok Konuşulanlar');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // Offline: the shell and a lazily loaded screen come from the precache; API calls are not answered from it.
    await context.setOffline(true);
    await page.reload();
    await heading(page, 'Çok Konuşulanlar');
    await page.goto('/sss');
    await heading(page, 'Sıkça Sorulan Sorular');
    const api = await page.evaluate(() =>
      fetch('/api/health').then(
        (r) => r.status,
        () => 'network error',
      ),
    );
    expect(api).toBe('network error');
    await context.setOffline(false);

    // A new release: the same files with a changed precache revision of index.html.
    const swPath = join(webCopy, 'sw.js');
    const sw = readFileSync(swPath, 'utf8');
    const changed = sw.replace(
      /(\{url:"index\.html",revision:")([0-9a-f]+)"/,
      (_m, head: string, rev: string) => `${head}${rev.split('').reverse().join('')}"`,
    );
    expect(changed).not.toBe(sw);
    writeFileSync(swPath, changed);

    await page.goto('/');
    await heading(page, 'Çok Konuşulanlar');
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const toast = page.locator('[data-toast]', { hasText: 'Yeni sürüm hazır' });
    await toast.waitFor({ timeout: 20_000 });
    await page.screenshot({ path: join(screenshotDir, 'update-toast-desktop-dark.png') });

    // 'Yenile': the new worker takes over and the page reloads once.
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await toast.getByRole('button', { name: 'Yenile' }).click();
    await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate, undefined, {
      timeout: 20_000,
    });
    await heading(page, 'Çok Konuşulanlar');
    const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null);
    expect(waiting).toBeNull();
    expect(loads).toHaveLength(1);
    expect(errors).toEqual([]);
  }, 120_000);
});

describe('install prompt', () => {
  it('appears 10 s after the browser offers installation, and dismissing it is remembered', async () => {
    const { page, errors } = await open({ viewport: mobile });
    // The page's clock is Playwright's: it flows as time does, until the test stops it to step through the 10 s.
    await page.clock.install();
    await page.goto('/');
    await heading(page, 'Çok Konuşulanlar');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const offeredAt = await page.evaluate(() => Date.now());
    // Headless Chromium never offers installation by itself: the test plays the browser's event.
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => undefined,
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(offer);
    });
    const card = page.getByRole('region', { name: 'Uygulamayı Yükle' });
    // Not before the 10 s: the clock stands still but for the 9.9 s the test moves it on.
    await page.clock.runFor(9_900);
    expect(await card.count()).toBe(0);
    await page.clock.resume();
    await card.waitFor({ timeout: 30_000 });
    expect((await page.evaluate(() => Date.now())) - offeredAt).toBeGreaterThanOrEqual(10_000);
    await page.screenshot({ path: join(screenshotDir, 'install-prompt-mobile-dark.png'), animations: 'disabled' });
    expect(await page.evaluate(() => localStorage.getItem('meydan.installPrompt.shown'))).toBe('true');

    await card.getByRole('button', { name: 'Şimdi Değil' }).click();
    await card.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('meydan.installPrompt.dismissed'))).toBe('true');
    expect(errors).toEqual([]);
  }, 60_000);
});

const infoPages = [
  { path: '/yardim-merkezi', name: 'help', title: 'Yardım Merkezi' },
  { path: '/sss', name: 'faq', title: 'Sıkça Sorulan Sorular' },
  { path: '/blog', name: 'blog', title: 'Blog' },
  { path: `/blog/${newsPost.slug}`, name: 'blog-post', title: newsPost.title },
  { path: '/gizlilik-politikasi', name: 'privacy', title: 'Gizlilik Politikası' },
  { path: '/kullanim-sartlari', name: 'terms', title: 'Kullanım Şartları' },
  { path: '/gizlilik', name: 'kvkk', title: 'KVKK Aydınlatma Metni' },
  { path: '/cerezler', name: 'cookies', title: 'Çerez Politikası' },
  { path: '/destek', name: 'support', title: 'Destek Merkezi' },
] as const;

describe('screenshots', () => {
  for (const [size, viewport] of [
    ['desktop', desktop],
    ['mobile', mobile],
  ] as const) {
    for (const theme of ['dark', 'light'] as const) {
      it(`of every information page, ${size}, ${theme}`, async () => {
        const { page, errors } = await open({ viewport, theme });
        mkdirSync(screenshotDir, { recursive: true });
        for (const info of infoPages) {
          await page.goto(info.path);
          await heading(page, info.title);
          await page.screenshot({
            path: join(screenshotDir, `info-${info.name}-${size}-${theme}.png`),
            fullPage: true,
            animations: 'disabled',
          });
        }
        await page.goto('/yardim-merkezi');
        await page.getByRole('button', { name: /Hesabını kapatmak/ }).click();
        await page.getByRole('dialog', { name: 'Hesabını kapatmak' }).waitFor();
        await page.screenshot({
          path: join(screenshotDir, `info-help-article-${size}-${theme}.png`),
          animations: 'disabled',
        });
        expect(errors).toEqual([]);
      }, 90_000);
    }
  }
});
