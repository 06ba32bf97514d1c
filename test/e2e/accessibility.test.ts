/**
 * The accessibility gate: axe-core's WCAG 2.1 A/AA rules over every client route of both specs (straight from
 * `clientRoutes`, so a route added there is checked here without a change) and over every dialog and popover once
 * open, for a visitor, a member and the administrator, in both themes and at desktop and mobile width.
 *
 * Routes run in a pairwise plan rather than the full product (which would take minutes on a small machine): each
 * role sees each theme and each width, and each theme is seen at each width. Dialogs run in two of those contexts
 * per role (dark desktop, light mobile).
 */
import { clientRoutes } from '@meydan/proto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport } from './axe.js';
import { startStack, type Stack } from './stack.js';
import {
  call,
  createMember,
  createPoll,
  desktop,
  launchBrowser,
  mobile,
  newContext,
  settled,
  signInStaff,
  type Member,
} from './support.js';

let stack: Stack;
let browser: Browser;
let deniz: Member;
let mert: Member;
let adminSid: string;
let shortUrl: string;
let publicPollId: string;
const contexts: BrowserContext[] = [];

type Role = 'visitor' | 'member' | 'admin';
type Theme = 'dark' | 'light';
type Width = 'desktop' | 'mobile';
interface Setting {
  role: Role;
  theme: Theme;
  width: Width;
}

const routePlan: Setting[] = [
  { role: 'visitor', theme: 'dark', width: 'desktop' },
  { role: 'visitor', theme: 'light', width: 'mobile' },
  { role: 'member', theme: 'light', width: 'desktop' },
  { role: 'member', theme: 'dark', width: 'mobile' },
];
const dialogSettings: Pick<Setting, 'theme' | 'width'>[] = [
  { theme: 'dark', width: 'desktop' },
  { theme: 'light', width: 'mobile' },
];

const label = (where: string, s: Setting) => `${where} [${s.role}, ${s.theme}, ${s.width}]`;

async function open(setting: Setting): Promise<Page> {
  const sid = setting.role === 'member' ? deniz.sid : setting.role === 'admin' ? adminSid : undefined;
  const context = await newContext(browser, stack, {
    sid,
    theme: setting.theme,
    viewport: setting.width === 'mobile' ? mobile : desktop,
  });
  contexts.push(context);
  return context.newPage();
}

/** A concrete path for a client route pattern ('/s/:shortUrl' gets a real share link, '/anket/:id' a public poll). */
const pathOf = (route: string) =>
  route.replace(':shortUrl', shortUrl).replace(':id', publicPollId).replace(':tag', 'oyun');

/** On a narrow screen the header's account buttons live in the menu. */
async function openMenuIfNarrow(page: Page, width: Width): Promise<void> {
  if (width === 'mobile') await page.getByRole('button', { name: 'Menüyü aç' }).click();
}

/**
 * Where the app sends a route it does not show itself: /login opens the login dialog over the feed (a member is
 * simply taken to the feed) and replaces its address with `/`.
 */
const REDIRECTS: Record<string, string> = { '/login': '/' };

/**
 * Opens `path` as a link inside the app does: the router's own navigation, without loading the page again (a full
 * load per route spent most of the sweep parsing the same scripts). The router draws the next screen in a transition,
 * keeping the last one on screen meanwhile, so the address alone says nothing of what is shown: it waits until the
 * address is the one the route ends at (REDIRECTS) and the app's main region says it shows it (`data-path`, set in
 * the same render as the screen) and has the screen's level-one heading. (A redirecting route's own screen can be
 * replaced before it is ever painted, so it is not waited for.)
 */
async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  const opened = new URL(path, stack.origin).pathname;
  const pathname = REDIRECTS[opened] ?? opened;
  await page
    .waitForFunction((pathname) => {
      const main = document.querySelector<HTMLElement>('#main');
      return location.pathname === pathname && main?.dataset['path'] === pathname && main.querySelector('h1') !== null;
    }, pathname)
    .catch(async (err: Error) => {
      const shown = await page.evaluate(() => {
        const main = document.querySelector<HTMLElement>('#main');
        return `at ${location.pathname} #main shows ${main?.dataset['path'] ?? '(no #main)'}, h1 ${JSON.stringify(main?.querySelector('h1')?.textContent ?? null)}, text ${JSON.stringify(main?.textContent?.slice(0, 200) ?? '')}`;
      });
      throw new Error(`${path} did not show ${pathname}: ${shown} (${err.message})`);
    });
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

const card = (page: Page, title: string) =>
  page.locator('article[data-poll-id]', { has: page.getByRole('heading', { name: title }) });

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  [deniz, mert] = await Promise.all([
    createMember(stack, 'deniz', 'Deniz Kaya'),
    createMember(stack, 'mert', 'Mert Can'),
  ]);
  adminSid = (await signInStaff(stack, 'admin@meydan.local', 'meydan-admin')).sid;
  // Mutual followers (the friends' circle), and a follow notification waiting for Deniz.
  await call(stack, 'POST', `/api/users/${deniz.id}/follow`, { sid: mert.sid });
  await call(stack, 'POST', `/api/users/${mert.id}/follow`, { sid: deniz.sid });
  publicPollId = (
    await createPoll(stack, deniz, {
      title: 'En iyi konsol hangisi?',
      category: 'oyun-geek',
      options: ['PlayStation', 'Xbox', 'Switch'],
    })
  ).id;
  await createPoll(stack, mert, {
    title: 'Akşam yemeğinde ne yesek?',
    category: 'yemek-mekan',
    options: ['Lahmacun', 'Mantı'],
  });
  const voted = await createPoll(stack, mert, {
    title: 'Hafta sonu ne yapsak?',
    category: 'serbest-kursu',
    options: ['Sinema', 'Yürüyüş'],
  });
  await call(stack, 'POST', `/api/polls/${voted.id}/vote`, { sid: deniz.sid, body: { optionIndex: 1 } });
  const friends = await createPoll(stack, mert, {
    title: 'Cumartesi maç mı konser mi?',
    category: 'muzik-playlist',
    type: 'friends',
    options: ['Maç', 'Konser'],
  });
  await call(stack, 'POST', `/api/polls/${friends.id}/vote`, { sid: mert.sid, body: { optionIndex: 0 } });
  await call(stack, 'POST', `/api/polls/${friends.id}/vote`, { sid: deniz.sid, body: { optionIndex: 1 } });
  const shared = await call<{ poll: { shortUrl: string } }>(stack, 'POST', '/api/polls/shareable', {
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
  expect(shared.status).toBe(201);
  shortUrl = shared.body.poll.shortUrl;
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await stack?.stop();
}, 60_000);

describe('accessibility (axe-core, WCAG 2.1 A/AA)', { timeout: 90_000 }, () => {
  // About 130 screens and axe runs (a page load for the first route of each setting, the app's own navigation after
  // it): generous on a machine that is busy with other suites.
  it('finds no violation on any client route, for a visitor and a member, in both themes, at both widths', {
    timeout: 240_000,
  }, async () => {
    const report = new AxeReport();
    for (const setting of routePlan) {
      const page = await open(setting);
      for (const [i, route] of clientRoutes.entries()) {
        if (i === 0) await page.goto(pathOf(route));
        else await openInApp(page, pathOf(route));
        await settled(page, setting.role === 'visitor' ? 'visitor' : 'member');
        await report.check(page, label(route, setting));
      }
    }
    // The administrator's screen (its dialogs join the dialog sweep as they land).
    for (const { theme, width } of dialogSettings) {
      const setting: Setting = { role: 'admin', theme, width };
      const page = await open(setting);
      await page.goto('/admin');
      await settled(page, 'member');
      await report.check(page, label('/admin', setting));
    }
    expect(report.assertClean()).toBe(routePlan.length * clientRoutes.length + dialogSettings.length);
  });

  it('finds no violation in the dialogs and popovers a visitor opens', async () => {
    const report = new AxeReport();
    for (const { theme, width } of dialogSettings) {
      const setting: Setting = { role: 'visitor', theme, width };
      const page = await open(setting);
      await page.goto('/');
      await settled(page, 'visitor');

      if (width === 'mobile') {
        await openMenuIfNarrow(page, width);
        await page.getByRole('navigation', { name: 'Ana menü' }).waitFor();
        await report.check(page, label('/ mobile menu', setting));
        await page.getByRole('button', { name: 'Menüyü kapat' }).click();
      }

      await openMenuIfNarrow(page, width);
      await page.getByRole('button', { name: 'Giriş Yap' }).first().click();
      const login = page.getByRole('dialog', { name: 'Giriş Yap' });
      await login.waitFor();
      await report.check(page, label('login dialog', setting));
      // Its errors too (red on the dialog's surface).
      await login.getByRole('button', { name: 'Giriş Yap' }).click();
      await login.getByRole('alert').first().waitFor();
      await report.check(page, label('login dialog with errors', setting));

      await login.getByRole('button', { name: 'Kayıt Ol' }).click();
      await page.getByRole('dialog', { name: 'Kayıt Ol' }).waitFor();
      await report.check(page, label('registration dialog', setting));
      await closeDialog(page);

      await page.getByRole('button', { name: 'Soru Fırlat' }).click();
      await page.getByRole('dialog', { name: 'Giriş Yapmalısın' }).waitFor();
      await report.check(page, label('sign-in required dialog', setting));
      await closeDialog(page);
    }
    report.assertClean();
  });

  it('finds no violation in the states a visitor gets to: form errors, sent, voted, with their toasts', async () => {
    const report = new AxeReport();
    for (const { theme, width } of dialogSettings) {
      const setting: Setting = { role: 'visitor', theme, width };
      const page = await open(setting);
      await page.goto('/kayit');
      await settled(page, 'visitor');
      const form = page.locator('#main form[aria-label="Kayıt Ol"]');
      await form.getByRole('button', { name: 'Kayıt Ol' }).click();
      await form.getByRole('alert').first().waitFor();
      await report.check(page, label('/kayit with errors', setting));

      const tag = Math.random().toString(36).slice(2, 8);
      await form.getByLabel('Kullanıcı adı').fill(`erisim_${tag}`);
      await form.getByLabel('E-posta').fill(`erisim_${tag}@example.com`);
      await form.getByLabel('Görünen ad').fill('Erişim Testi');
      await form.getByLabel('Şifre', { exact: true }).fill('gizli-sifre-123');
      await form.getByLabel('Şifre (tekrar)').fill('gizli-sifre-123');
      await form.getByRole('button', { name: 'Kayıt Ol' }).click();
      await page.locator('[data-register-sent]').waitFor();
      await page.locator('[data-toast]').first().waitFor();
      await report.check(page, label('/kayit sent, with its toast', setting));

      await page.goto(pathOf('/s/:shortUrl'));
      await settled(page, 'visitor');
      await page.getByRole('button', { name: theme === 'dark' ? 'Çay' : 'Kahve' }).click();
      await page.locator('[data-results] [data-chosen]').waitFor();
      await page.locator('[data-toast]').first().waitFor();
      await report.check(page, label('/s/:shortUrl voted, with its toast', setting));
    }
    report.assertClean();
  });

  it('finds no violation in the dialogs and popovers a member opens', async () => {
    const report = new AxeReport();
    for (const { theme, width } of dialogSettings) {
      const setting: Setting = { role: 'member', theme, width };
      const page = await open(setting);
      await page.goto('/');
      await settled(page, 'member');

      if (width === 'mobile') {
        await openMenuIfNarrow(page, width);
        await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Dost Meclisi' }).waitFor();
        await report.check(page, label('/ mobile menu', setting));
        await page.getByRole('button', { name: 'Menüyü kapat' }).click();
      }

      await page.locator('[data-bell]').click();
      await page.locator('[data-notifications] [data-notification]').first().waitFor();
      await report.check(page, label('notifications popover', setting));
      await page.keyboard.press('Escape');
      await page.locator('[data-notifications]').waitFor({ state: 'detached' });

      const consoles = card(page, 'En iyi konsol hangisi?');
      await consoles.getByRole('button', { name: 'Yorum yap' }).click();
      await consoles.getByRole('textbox', { name: 'Yorumun' }).waitFor();
      await page.waitForFunction(() => document.querySelector('[data-spinner]') === null);
      await report.check(page, label('comments thread', setting));

      await consoles.getByRole('button', { name: 'Şikayet Et' }).click();
      await page.getByRole('dialog', { name: 'Şikayet Et' }).waitFor();
      await report.check(page, label('report dialog', setting));
      await closeDialog(page);

      await page.getByRole('button', { name: 'Soru Fırlat' }).click();
      const create = page.getByRole('dialog', { name: 'Kafa Açalım' });
      await create.waitFor();
      await report.check(page, label('creation dialog', setting));
      await create.getByRole('button', { name: 'Soruyu Fırlat' }).click();
      await create.getByText('Kategori seçimi gerekli').waitFor();
      await report.check(page, label('creation dialog with errors', setting));
      await create.locator('[data-duration-trigger]').click();
      await page.getByRole('listbox').waitFor();
      await report.check(page, label('creation dialog, duration list', setting));
      await page.keyboard.press('Escape');
      await page.getByRole('listbox').waitFor({ state: 'detached' });

      // A shareable poll ends in the share link dialog.
      await create.getByRole('switch', { name: 'Paylaşılabilir link' }).click();
      await create.getByLabel('Soru').fill(`Erişilebilir mi? ${theme} ${width}`);
      await create.getByRole('button', { name: /Serbest Kürsü/ }).click();
      await create.getByLabel('1. şık', { exact: true }).fill('Evet');
      await create.getByLabel('2. şık', { exact: true }).fill('Hayır');
      await create.getByRole('button', { name: 'Soruyu Fırlat' }).click();
      await page.getByRole('dialog', { name: 'Paylaşılabilir link hazır!' }).waitFor();
      await report.check(page, label('share link dialog', setting));
      await closeDialog(page);

      await page.goto('/dost-meclisi');
      await settled(page, 'member');
      await card(page, 'Cumartesi maç mı konser mi?').getByRole('button', { name: 'Grup Analizi' }).click();
      await page.getByRole('dialog', { name: 'Grup Analizi' }).getByRole('heading', { name: 'Tüm oylar' }).waitFor();
      await report.check(page, label('group analysis dialog', setting));
      await closeDialog(page);
    }
    report.assertClean();
  });
});
