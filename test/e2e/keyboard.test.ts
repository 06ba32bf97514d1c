/**
 * Keyboard-only and screen-reader journeys in Chromium against the real stack: the skip link; a member signs in,
 * creates a poll, votes, opens the notifications and marks them read with the keyboard alone, with focus visible at
 * every step, trapped in open dialogs and returned on close; toasts and new notifications reach live regions; the
 * share page's live count is announced politely, not on every push.
 */
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import { startStack, type Stack } from './stack.js';
import { call, createMember, createPoll, launchBrowser, mobile, newContext, settled, type Member } from './support.js';

let stack: Stack;
let browser: Browser;
let deniz: Member;
let mert: Member;
let kerem: Member;
let konsol: { id: string };
const contexts: BrowserContext[] = [];

async function open(options: Parameters<typeof newContext>[2] = {}): Promise<Page> {
  const context = await newContext(browser, stack, options);
  contexts.push(context);
  return context.newPage();
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Focus lands on `target` (a closing dialog hands it back a frame after it unmounts, so wait for it, briefly). */
const expectFocus = (target: Locator) =>
  expect.poll(() => isFocused(target), { timeout: 2000, interval: 50 }).toBe(true);

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, { back = false, limit = 60 } = {}): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    if ((await target.count()) > 0 && (await isFocused(target.first()))) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`focus never reached ${target} in ${limit} presses; it is on ${await describeFocus(page)}`);
}

const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el
      ? `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`
      : 'nothing';
  });

/** The focused element shows a focus ring (an outline of some width, or a box shadow). */
async function expectFocusVisible(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    return {
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
      shadow: style.boxShadow !== 'none',
    };
  });
  expect(ring, `focus ring on ${await describeFocus(page)}`).not.toBeNull();
  expect(ring!.outline || ring!.shadow, `focus ring on ${await describeFocus(page)}`).toBe(true);
}

/** Focus stays inside `container` for more presses of Tab (and Shift+Tab) than it has stops. */
async function expectFocusTrapped(page: Page, container: Locator, presses = 25): Promise<void> {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < presses; i += 1) {
      await page.keyboard.press(key);
      expect(
        await container.evaluate((el) => el.contains(document.activeElement)),
        `after ${i + 1}× ${key}: ${await describeFocus(page)}`,
      ).toBe(true);
    }
  }
}

/**
 * A live region (aria-live, or role=status/alert, not switched off) that says `text`, waited for as it appears. A Radix
 * toast is itself aria-live=off; its text is announced through a hidden region of its own, which this finds.
 */
function announced(page: Page, text: string): Promise<unknown> {
  return page.waitForFunction(
    (wanted) =>
      Array.from(
        document.querySelectorAll(
          '[aria-live]:not([aria-live="off"]), [role="status"]:not([aria-live="off"]), [role="alert"]:not([aria-live="off"])',
        ),
      ).some((region) => (region.textContent ?? '').includes(wanted)),
    text,
    { polling: 'raf', timeout: 10_000 },
  );
}

const card = (page: Page, title: string) =>
  page.locator('article[data-poll-id]', { has: page.getByRole('heading', { name: title }) });

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  [deniz, mert, kerem] = await Promise.all([
    createMember(stack, 'deniz', 'Deniz Kaya'),
    createMember(stack, 'mert', 'Mert Can'),
    createMember(stack, 'kerem', 'Kerem Ak'),
  ]);
  konsol = await createPoll(stack, deniz, {
    title: 'En iyi konsol hangisi?',
    category: 'oyun-geek',
    options: ['PlayStation', 'Xbox'],
  });
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await stack?.stop();
}, 60_000);

describe('keyboard and screen readers', { timeout: 60_000 }, () => {
  it('starts with a visible skip link that moves focus to the content', async () => {
    const page = await open();
    await page.goto('/');
    await settled(page, 'visitor');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'İçeriğe geç' });
    await expectFocus(skip);
    await expectFocusVisible(page);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.height > 0).toBe(true);

    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'main');
    // The next stop is inside the content, past the header.
    await page.keyboard.press('Tab');
    expect(await page.locator('#main').evaluate((main) => main.contains(document.activeElement))).toBe(true);
  });

  it('gives focus back to what opened a dialog, also after one dialog led to another', async () => {
    const page = await open({ viewport: mobile, theme: 'light' });
    await page.goto('/');
    await settled(page, 'visitor');

    // A visitor's vote asks them to sign in; closing that returns to the option.
    const option = card(page, 'En iyi konsol hangisi?').getByRole('button', { name: 'Xbox' });
    await tabTo(page, option);
    await page.keyboard.press('Enter');
    const required = page.getByRole('dialog', { name: 'Giriş Yapmalısın' });
    await required.waitFor();
    expect(await required.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await required.waitFor({ state: 'detached' });
    await expectFocus(option);

    // Sign-in required → 'Kayıt Ol' → closed: back on the option, not lost with the first dialog.
    await page.keyboard.press('Enter');
    await required.waitFor();
    await tabTo(page, required.getByRole('button', { name: 'Kayıt Ol' }));
    await page.keyboard.press('Enter');
    const register = page.getByRole('dialog', { name: 'Kayıt Ol' });
    await register.waitFor();
    await expectFocus(register.getByLabel('Kullanıcı adı'));
    await page.keyboard.press('Escape');
    await register.waitFor({ state: 'detached' });
    await expectFocus(option);
  });

  it("walks a poll's page, its share dialog (QR, embed snippet) and the presenter view with the keyboard only", async () => {
    const page = await open({ sid: kerem.sid });
    await page.goto(`/anket/${konsol.id}`);
    await settled(page, 'member');
    const pollPage = page.locator(`[data-poll-page="${konsol.id}"]`);

    // Vote from the keyboard on the poll's own page.
    const option = pollPage.getByRole('button', { name: 'PlayStation' });
    await tabTo(page, option);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await pollPage.locator('[data-results]').waitFor();

    // The share dialog: focus inside and trapped, QR downloads and the embed disclosure reached by Tab.
    const share = pollPage.getByRole('button', { name: 'Paylaş' });
    await tabTo(page, share);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Paylaş' });
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await tabTo(page, dialog.getByRole('link', { name: 'PNG indir' }));
    await expectFocusVisible(page);
    const embed = dialog.getByRole('button', { name: 'Yerleştir' });
    await tabTo(page, embed);
    await page.keyboard.press('Enter');
    await expect.poll(() => embed.getAttribute('aria-expanded')).toBe('true');
    await dialog.locator('[data-embed-snippet]').waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Kodu kopyala' }));
    await expectFocusTrapped(page, dialog, 12);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expectFocus(share);

    // On to the presenter view through the dialog's link, and its full-screen button.
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('link', { name: 'Sunum ekranı' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'En iyi konsol hangisi?' }).waitFor();
    await tabTo(page, page.getByRole('button', { name: 'Tam ekran' }));
    await expectFocusVisible(page);
    await expectNoAxeViolations(page, 'presenter view reached by keyboard');
  });

  it('searches from the header and opens a result with the keyboard only', async () => {
    // Below 1024 px the header's search is a magnifier link to /ara (the box itself from 1024 px).
    const page = await open({ viewport: { width: 1000, height: 800 } });
    await page.goto('/');
    await settled(page, 'visitor');
    await tabTo(page, page.getByRole('link', { name: 'Anket ya da üye ara' }));
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const box = page.getByRole('searchbox', { name: 'Aranacak kelime' });
    await tabTo(page, box);
    await page.keyboard.type('KONSOL');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: '“KONSOL” için sonuçlar' }).waitFor();
    const users = page.getByRole('button', { name: 'Üyeler' });
    await tabTo(page, users);
    await page.keyboard.press('Enter');
    await expect.poll(() => users.getAttribute('aria-pressed')).toBe('true');
    await tabTo(page, page.getByRole('button', { name: 'Anketler' }), { back: true });
    await page.keyboard.press('Enter');
    const option = page.locator('[data-search-polls]').getByRole('button', { name: 'Xbox' });
    await tabTo(page, option);
    await expectFocusVisible(page);
    await expectNoAxeViolations(page, 'search results reached by keyboard');
  });

  // A whole journey, about 25 steps of tabbing with an axe scan at the end: 40 s of a 60 s budget on a busy 2-core run.
  it('lets a member sign in, create a poll, vote and read notifications with the keyboard only', {
    timeout: 120_000,
  }, async () => {
    const page = await open();
    await page.goto('/');
    await settled(page, 'visitor');

    // Sign in: the dialog opens on its first field, traps focus, and the toast is announced.
    await tabTo(page, page.locator('header').getByRole('button', { name: 'Giriş Yap' }));
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const login = page.getByRole('dialog', { name: 'Giriş Yap' });
    await login.waitFor();
    await expectFocus(login.getByLabel('E-posta'));
    await expectFocusVisible(page);
    await expectFocusTrapped(page, login);
    await tabTo(page, login.getByLabel('E-posta'));
    await page.keyboard.type(kerem.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(kerem.password);
    const welcome = announced(page, 'Giriş Başarılı!');
    await page.keyboard.press('Enter');
    await welcome;
    await login.waitFor({ state: 'detached' });
    await settled(page, 'member');

    // Create: focus goes back to 'Soru Fırlat' when the dialog closes (Escape), and after it is sent.
    const createButton = page.locator('[data-create-poll]');
    await tabTo(page, createButton);
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const create = page.getByRole('dialog', { name: 'Kafa Açalım' });
    await create.waitFor();
    await expectFocus(create.getByLabel('Soru'));
    await expectFocusTrapped(page, create, 40);
    await page.keyboard.press('Escape');
    await create.waitFor({ state: 'detached' });
    await expectFocus(createButton);

    await page.keyboard.press('Enter');
    await create.waitFor();
    const title = `Klavyeyle mi fareyle mi? ${Math.random().toString(36).slice(2, 6)}`;
    await page.keyboard.type(title);
    await tabTo(page, create.getByRole('button', { name: /Serbest Kürsü/ }));
    await expectFocusVisible(page);
    await page.keyboard.press('Space');
    await expect
      .poll(() => create.getByRole('button', { name: /Serbest Kürsü/ }).getAttribute('aria-pressed'))
      .toBe('true');
    await tabTo(page, create.getByLabel('1. şık', { exact: true }));
    await page.keyboard.type('Klavye');
    // Each option is followed by its 'Görsel ekle' button: the second option is a few tabs on.
    await tabTo(page, create.getByLabel('2. şık', { exact: true }));
    await page.keyboard.type('Fare');
    await tabTo(page, create.getByRole('button', { name: 'Soruyu Fırlat' }));
    await expectFocusVisible(page);
    const sent = announced(page, 'Sorun fırlatıldı, artık herkes görebilir!');
    await page.keyboard.press('Enter');
    await sent;
    await create.waitFor({ state: 'detached' });
    await expectFocus(createButton);

    // Vote on the new poll.
    const mine = card(page, title);
    await mine.waitFor();
    await tabTo(page, mine.getByRole('button', { name: 'Klavye' }));
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await mine.locator('[data-results] [data-chosen]').waitFor();
    expect(await mine.locator('[data-chosen]').textContent()).toContain('Klavye');

    // A follow arrives live and is announced; the bell opens, marks all read and gives focus back.
    await page.locator('[data-bell][data-connection="connected"]').waitFor();
    await call(stack, 'POST', `/api/users/${kerem.id}/follow`, { sid: mert.sid });
    await announced(page, `Yeni bildirim: ${mert.displayName} seni takip etmeye başladı`);
    const bell = page.locator('[data-bell]');
    await bell.locator('[data-unread]', { hasText: '1' }).waitFor();
    await tabTo(page, bell, { back: true });
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    const panel = page.locator('[data-notifications]');
    await panel.getByText(`${mert.displayName} seni takip etmeye başladı`).waitFor();
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await tabTo(page, panel.getByRole('button', { name: 'Tümünü Okundu İşaretle' }));
    await expectFocusVisible(page);
    await page.keyboard.press('Enter');
    await bell.locator('[data-unread]').waitFor({ state: 'detached' });
    expect(await panel.locator('[data-notification][data-read="false"]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expectFocus(bell);
    await expectNoAxeViolations(page, '/ after the keyboard journey [member, dark, desktop]');
  });

  it('announces the share page’s live total politely, at most once every 10 seconds', { timeout: 90_000 }, async () => {
    const created = await call<{ poll: { shortUrl: string } }>(stack, 'POST', '/api/polls/shareable', {
      sid: deniz.sid,
      body: {
        title: 'Çay mı kahve mi?',
        category: 'yemek-mekan',
        type: 'public',
        description: null,
        durationHours: 24,
        options: ['Çay', 'Kahve'],
      },
    });
    expect(created.status).toBe(201);
    const code = created.body.poll.shortUrl;
    const page = await open({ theme: 'light' });
    // The page's clock is Playwright's: it flows as time does, and the test moves it past the 10 s interval at once.
    await page.clock.install();
    await page.goto(`/s/${code}`);
    await page.locator('[data-total] strong', { hasText: '0 oy' }).waitFor();
    // The visible count is no live region of its own (it would be read out on every push).
    expect(
      await page.locator('[data-total]').evaluate((el) => el.closest('[aria-live]:not([aria-live="off"])')),
    ).toBeNull();
    const region = page.locator('[data-announcement="total"]');
    expect(await region.getAttribute('role')).toBe('status');
    expect(await region.getAttribute('aria-live')).toBe('polite');
    expect(await region.textContent()).toBe('');
    await page.evaluate(() => {
      const log: { at: number; text: string }[] = [];
      (window as unknown as { announcements: typeof log }).announcements = log;
      const target = document.querySelector('[data-announcement="total"]')!;
      new MutationObserver(() => log.push({ at: performance.now(), text: target.textContent ?? '' })).observe(target, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });

    for (const [voter, optionIndex] of [
      [deniz, 0],
      [mert, 1],
      [kerem, 1],
    ] as const) {
      expect((await call(stack, 'POST', `/api/s/${code}/vote`, { sid: voter.sid, body: { optionIndex } })).status).toBe(
        200,
      );
    }
    await page.locator('[data-total] strong', { hasText: '3 oy' }).waitFor({ timeout: 10_000 });
    // The last total is announced in the end (within the interval), and announcements are 10 s apart.
    await page.clock.fastForward(10_000);
    await region.filter({ hasText: 'Toplam 3 oy' }).waitFor({ timeout: 15_000 });
    const log = await page.evaluate(
      () => (window as unknown as { announcements: { at: number; text: string }[] }).announcements,
    );
    const texts = log.map((entry) => entry.text).filter((text, i, all) => text !== all[i - 1]);
    expect(texts.length).toBeLessThan(3);
    expect(texts.at(-1)).toBe('Toplam 3 oy');
    for (let i = 1; i < log.length; i += 1) {
      if (log[i]!.text !== log[i - 1]!.text) expect(log[i]!.at - log[i - 1]!.at).toBeGreaterThan(9_500);
    }
    await expectNoAxeViolations(page, '/s/:shortUrl with live counts [visitor, light, desktop]');
  });
});
