/**
 * Reach in Chromium against the real stack: a poll's own page (/anket/{id}) for a visitor and a member, the sign-in
 * prompt of a members' poll and the 404 of an unknown one; a share-link poll's embed inside an iframe of a page on
 * another origin, where a visitor's vote counts. Screenshots and the axe gate on each.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import { startStack, type Stack } from './stack.js';
import {
  downloaded,
  call,
  createMember,
  createPoll,
  launchBrowser,
  mobile,
  newContext,
  screenshot,
  settled,
  socketFrames,
  untilFollowing,
  watchErrors,
  type Member,
} from './support.js';

let stack: Stack;
let browser: Browser;
let deniz: Member;
let mert: Member;
let publicPoll: { id: string };
let privatePoll: { id: string };
let code: string;
/** Another site: a page on another origin (localhost, another port) that frames the embed. */
let elsewhere: Server;
let elsewhereOrigin: string;
const contexts: BrowserContext[] = [];

async function open(options: Parameters<typeof newContext>[2] = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, stack, options);
  contexts.push(context);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  [deniz, mert] = await Promise.all([
    createMember(stack, 'deniz', 'Deniz Kaya'),
    createMember(stack, 'mert', 'Mert Can'),
  ]);
  publicPoll = await createPoll(stack, deniz, {
    title: 'Sabah çay mı, kahve mi?',
    category: 'yemek-mekan',
    options: ['Çay', 'Kahve'],
    description: 'İçtenlikle yanıtla.',
  });
  privatePoll = await createPoll(stack, deniz, {
    title: 'Üyelere özel soru',
    category: 'yemek-mekan',
    options: ['Evet', 'Hayır'],
    type: 'private',
  });
  const shared = await call<{ poll: { shortUrl: string } }>(stack, 'POST', '/api/polls/shareable', {
    sid: deniz.sid,
    body: {
      title: 'Işık mı, gölge mi?',
      category: 'yemek-mekan',
      type: 'public',
      description: null,
      durationHours: 24,
      options: ['Işık', 'Gölge'],
    },
  });
  expect(shared.status).toBe(201);
  code = shared.body.poll.shortUrl;
  elsewhere = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').searchParams.get('frame') ?? `/embed/${code}`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="tr"><head><title>Başka bir site</title></head><body><main><h1>Başka bir site</h1>` +
        `<iframe src="${stack.origin}${path}" width="480" height="420" title="Meydan anketi"></iframe></main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereOrigin = `http://localhost:${(elsewhere.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await new Promise((resolve) => elsewhere?.close(resolve));
  await stack?.stop();
}, 60_000);

describe('a poll’s own page', { timeout: 90_000 }, () => {
  it('shows a visitor the poll with its comments, and a member votes there', async () => {
    const visitor = await open();
    const response = await visitor.page.goto(`/anket/${publicPoll.id}`);
    expect(response?.status()).toBe(200);
    await settled(visitor.page, 'visitor');
    await visitor.page.getByRole('heading', { level: 2, name: 'Sabah çay mı, kahve mi?' }).waitFor();
    await visitor.page.getByRole('heading', { name: 'Yorumlar' }).waitFor();
    expect(await visitor.page.title()).toBe('Sabah çay mı, kahve mi? · Meydan');
    await expectNoAxeViolations(visitor.page, '/anket/{id} visitor');
    await screenshot(visitor.page, 'reach-poll-page-visitor');
    expect(visitor.errors).toEqual([]);

    const member = await open({ sid: mert.sid, viewport: mobile, theme: 'light' });
    await member.page.goto(`/anket/${publicPoll.id}`);
    await settled(member.page, 'member');
    await member.page.getByRole('button', { name: 'Kahve' }).click();
    await member.page.locator(`[data-poll-page="${publicPoll.id}"] [data-results]`).waitFor();
    await expect
      .poll(
        async () => (await call<{ totalVotes: number }>(stack, 'GET', `/api/polls/${publicPoll.id}`)).body.totalVotes,
      )
      .toBe(1);
    await expectNoAxeViolations(member.page, '/anket/{id} member after voting');
    await screenshot(member.page, 'reach-poll-page-member-mobile');
    expect(member.errors).toEqual([]);
  });

  it("answers a members' poll and an unknown one alike for a visitor (the not-found page, 404), offering to sign in", async () => {
    const { page } = await open();
    const membersOnly = await page.goto(`/anket/${privatePoll.id}`);
    expect(membersOnly?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Anket bulunamadı' }).waitFor();
    expect(await page.getByText('Üyelere özel soru').count()).toBe(0);
    await expectNoAxeViolations(page, '/anket/{id} members-only, visitor');
    await screenshot(page, 'reach-poll-page-members-only');
    await page.locator('#main').getByRole('button', { name: 'Giriş Yap' }).click();
    await page.locator('[data-dialog="login"]').waitFor();
    await page.keyboard.press('Escape');

    // A fresh browser (no service worker yet answering navigations from its cached shell) gets the gateway's 404.
    const fresh = await open();
    const missing = await fresh.page.goto('/anket/000000000000000000000000');
    expect(missing?.status()).toBe(404);
    await fresh.page.getByRole('heading', { level: 1, name: 'Anket bulunamadı' }).waitFor();
    await expectNoAxeViolations(fresh.page, '/anket/{id} unknown');
  });
});

describe('the embed on another site', { timeout: 90_000 }, () => {
  it('votes inside a cross-origin iframe as a visitor, and the vote counts', async () => {
    const { page, errors } = await open();
    await page.goto(`${elsewhereOrigin}/`);
    const frame = page.frameLocator('iframe');
    await frame.getByRole('heading', { level: 1, name: 'Işık mı, gölge mi?' }).waitFor();
    await frame.getByRole('button', { name: 'Gölge' }).click();
    await frame.locator('[data-results]').waitFor();
    await frame.getByRole('status').filter({ hasText: 'Oyun kaydedildi.' }).waitFor();
    // The split, as its creator reads it (a visitor who has not voted is told the total alone).
    const counted = await call<{ voteCounts: Record<string, number> }>(stack, 'GET', `/api/s/${code}`, {
      sid: deniz.sid,
    });
    expect(counted.body.voteCounts).toMatchObject({ '0': 0, '1': 1 });
    await screenshot(page, 'reach-embed-cross-origin');
    // The frame's own document is checked (axe runs where the page's own scripts are allowed).
    const embed = page.frames().find((f) => f.url().startsWith(`${stack.origin}/embed/`))!;
    expect(embed).toBeTruthy();
    const direct = await open();
    await direct.page.goto(`/embed/${code}`);
    await direct.page.getByRole('heading', { level: 1, name: 'Işık mı, gölge mi?' }).waitFor();
    await expectNoAxeViolations(direct.page, '/embed/{code}');
    expect(errors).toEqual([]);
  });

  it('is the only kind of page another site may frame', async () => {
    const { page } = await open();
    // The page's own answer refuses the frame (its frame-ancestors): Chromium fails the frame's request, then checks.
    const refused = page.waitForEvent('requestfailed', {
      predicate: (r) => r.url().includes(`/anket/${publicPoll.id}`),
      timeout: 15_000,
    });
    await page.goto(`${elsewhereOrigin}/?frame=${encodeURIComponent(`/anket/${publicPoll.id}`)}`);
    expect((await refused).failure()?.errorText).toBe('net::ERR_BLOCKED_BY_RESPONSE');
    const framed = page.frames().find((f) => f !== page.mainFrame());
    const heading = framed
      ? await framed
          .locator('h2', { hasText: 'Sabah çay mı, kahve mi?' })
          .count()
          .catch(() => 0)
      : 0;
    expect(heading).toBe(0);
  });
});

describe('the share dialog', { timeout: 90_000 }, () => {
  it('offers the QR code as PNG and SVG and the embed snippet under Yerleştir', async () => {
    const { page, errors } = await open({ sid: mert.sid });
    await page.goto(`/anket/${publicPoll.id}`);
    await settled(page, 'member');
    await page.locator(`[data-poll-page="${publicPoll.id}"]`).getByRole('button', { name: 'Paylaş' }).click();
    const dialog = page.getByRole('dialog', { name: 'Paylaş' });
    await dialog.waitFor();
    expect(await dialog.locator('[data-share-url]').inputValue()).toBe(`${stack.origin}/anket/${publicPoll.id}`);
    await dialog.getByRole('img', { name: `${stack.origin}/anket/${publicPoll.id} adresinin QR kodu` }).waitFor();

    const [png] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'PNG indir' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe(`meydan-anket-${publicPoll.id}-qr.png`);
    const bytes = await downloaded(png);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.readUInt32BE(16)).toBe(768);
    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'SVG indir' }).click(),
    ]);
    expect(svg.suggestedFilename()).toBe(`meydan-anket-${publicPoll.id}-qr.svg`);
    const svgText = (await downloaded(svg)).toString('utf8');
    expect(svgText).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    await dialog.getByRole('button', { name: 'Yerleştir' }).click();
    const snippet = dialog.locator('[data-embed-snippet]');
    await snippet.waitFor();
    expect(await snippet.inputValue()).toContain(`<iframe src="${stack.origin}/embed/anket/${publicPoll.id}"`);
    await expectNoAxeViolations(page, 'share dialog with QR and embed snippet');
    await screenshot(page, 'reach-share-dialog-qr-embed');
    expect(errors).toEqual([]);
  });
});

describe('the presenter view', { timeout: 90_000 }, () => {
  it('shows large live bars, the QR code and the short address, and follows votes as they come', async () => {
    const presented = await createPoll(stack, deniz, {
      title: 'Sınıfça: hangi gün gezi?',
      category: 'yemek-mekan',
      options: ['Cuma', 'Cumartesi'],
    });
    const { page, errors } = await open({ sid: deniz.sid });
    const frames = socketFrames(page);
    await page.goto(`/sunum/${presented.id}`);
    await page.getByRole('heading', { level: 1, name: 'Sınıfça: hangi gün gezi?' }).waitFor();
    const stage = page.locator(`[data-presenter="${presented.id}"]`);
    const address = `${new URL(stack.origin).host}/anket/${presented.id}`;
    expect(await stage.locator('[data-address]').textContent()).toBe(address);
    await stage.getByRole('img', { name: `${address} adresinin QR kodu` }).waitFor();
    expect(await stage.locator('[data-count="votes"]').textContent()).toContain('0 oy');
    // The page's socket follows the poll before a vote arrives from elsewhere.
    await untilFollowing(frames, presented.id);
    await call(stack, 'POST', `/api/polls/${presented.id}/vote`, { sid: mert.sid, body: { optionIndex: 1 } });
    await expect.poll(() => stage.locator('[data-count="votes"]').textContent(), { timeout: 15_000 }).toContain('1 oy');
    await expect
      .poll(() => stage.locator('[data-option="1"] [data-percent]').textContent(), { timeout: 15_000 })
      .toBe('%100');
    await expectNoAxeViolations(page, '/sunum/{id} creator');
    await screenshot(page, 'reach-presenter');
    expect(errors).toEqual([]);
  });
});

describe('search and hashtags', { timeout: 90_000 }, () => {
  it('searches polls and members from the header, Turkish-aware, and refuses punctuation only', async () => {
    // The box itself from 1024 px; narrower screens have a magnifier that opens /ara.
    const narrower = await open({ sid: deniz.sid, viewport: { width: 1000, height: 800 } });
    await narrower.page.goto('/');
    await settled(narrower.page, 'member');
    await narrower.page.getByRole('link', { name: 'Anket ya da üye ara' }).click();
    await narrower.page.getByRole('heading', { level: 1, name: 'Arama' }).waitFor();
    await screenshot(narrower.page, 'reach-search-member-header');

    const { page, errors } = await open({ viewport: { width: 1500, height: 900 } });
    await page.goto('/');
    await settled(page, 'visitor');
    const box = page.getByRole('searchbox', { name: 'Anket ya da üye ara' });
    await box.fill('CAY');
    await box.press('Enter');
    await page.waitForURL(/\/ara\?q=CAY$/);
    await page.getByRole('heading', { level: 1, name: '“CAY” için sonuçlar' }).waitFor();
    const results = page.locator('[data-search-polls]');
    await results.getByRole('heading', { name: 'Sabah çay mı, kahve mi?' }).waitFor();
    expect(await results.getByRole('heading', { name: 'Üyelere özel soru' }).count()).toBe(0);
    await expectNoAxeViolations(page, '/ara polls');
    await screenshot(page, 'reach-search-polls');

    await page.getByRole('button', { name: 'Üyeler' }).click();
    await page.getByRole('searchbox', { name: 'Aranacak kelime' }).fill('kaya');
    await page.getByRole('button', { name: 'Ara', exact: true }).click();
    await page
      .locator('[data-search-users]')
      .getByRole('link', { name: /Deniz Kaya/ })
      .waitFor();
    await expectNoAxeViolations(page, '/ara users');
    await screenshot(page, 'reach-search-users');

    await page.goto('/ara?q=!!!');
    await page.getByRole('alert').filter({ hasText: 'Aramak için en az bir harf ya da rakam yaz.' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('links #etiket to its page, and the feed lists the day’s tags under Gündem', async () => {
    const tagged = await createPoll(stack, mert, {
      title: 'Pazar #Kahvaltı nerede?',
      category: 'yemek-mekan',
      options: ['Evde', 'Dışarıda'],
    });
    const { page } = await open({ sid: deniz.sid });
    await page.goto(`/anket/${tagged.id}`);
    await settled(page, 'member');
    await page.locator(`[data-poll-page="${tagged.id}"]`).getByRole('link', { name: '#Kahvaltı' }).click();
    await page.waitForURL(/\/etiket\//);
    await page.getByRole('heading', { level: 1, name: '#kahvaltı' }).waitFor();
    await page.locator('[data-tag-polls]').getByRole('heading', { name: 'Pazar #Kahvaltı nerede?' }).waitFor();
    await expectNoAxeViolations(page, '/etiket/{tag}');
    await screenshot(page, 'reach-tag-page');

    const visitor = await open();
    await visitor.page.goto('/');
    await settled(visitor.page, 'visitor');
    const gundem = visitor.page.locator('[data-trending-tags]');
    await gundem.getByRole('link', { name: '#kahvaltı' }).waitFor();
    await expectNoAxeViolations(visitor.page, 'feed with Gündem');
  });
});
