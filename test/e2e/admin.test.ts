/**
 * The admin panel end to end, on the whole stack (gateway, every service, NATS, Redis, the MongoDB-wire server,
 * MailDev) in Chromium: a member reports a poll from its card; the administrator searches a member, bans and
 * activates them, deletes a poll, reads the reported poll's edit history and resolves the report, sends a bulk e-mail and watches its progress; a member opening
 * /admin is refused. Every tab and dialog passes axe; every tab is photographed at desktop and mobile width.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import { startStack, type Stack } from './stack.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { payloadFor } from '../../services/contact/test/support.js';
import {
  downloaded,
  call,
  createMember,
  createPoll,
  desktop,
  elementScreenshot,
  launchBrowser,
  mobile,
  newContext,
  screenshot,
  screenshotDir,
  settled,
  signIn,
  signInStaff,
  watchErrors,
  type Member,
} from './support.js';

let stack: Stack;
let browser: Browser;
let deniz: Member;
let mert: Member;
let selin: Member;
let adminSid: string;
let reportedPoll: { id: string; title: string };
let doomedPoll: { id: string; title: string };
let ticketNumber: string;
/** The Istanbul calendar days the members' registrations fell on (two when they straddled midnight there). */
let registrationDays: string[];
const contexts: BrowserContext[] = [];

async function open(sid: string | undefined, viewport = desktop): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, stack, { sid, viewport });
  contexts.push(context);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

const card = (page: Page, title: string) =>
  page.locator('article[data-poll-id]', { has: page.getByRole('heading', { name: title }) });
const row = (page: Page, text: string) => page.getByRole('tabpanel').locator('li', { hasText: text });

async function openTab(page: Page, name: RegExp): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await page.waitForFunction(
    () => !document.querySelector('[role="tabpanel"] [role="status"]')?.textContent?.includes('Yükleniyor'),
  );
}

/** The whole page, so what lies below the fold (the job's progress, the audit log) is photographed too. */
async function fullPageScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  // From the top, or the sticky header is drawn where the page was scrolled to.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), animations: 'disabled', fullPage: true });
}

/** 'YYYY-MM-DD' of `at` in Europe/Istanbul, the calendar the admin's trend counts days in. */
const istanbulDay = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'Europe/Istanbul' });

/** The newest mails MailDev holds for `email` with this subject. */
async function mailsTo(email: string, subject: string): Promise<number> {
  const mails = await stack.mail.messages();
  return mails.filter((m) => m.subject === subject && m.to.some((t) => t.address.toLowerCase() === email.toLowerCase()))
    .length;
}

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  const before = istanbulDay(new Date());
  [deniz, mert, selin] = await Promise.all([
    createMember(stack, 'deniz', 'Deniz Kaya'),
    createMember(stack, 'mert', 'Mert Can'),
    createMember(stack, 'selin', 'Selin Ak'),
  ]);
  registrationDays = [...new Set([before, istanbulDay(new Date())])];
  adminSid = (await signInStaff(stack, 'admin@meydan.local', 'meydan-admin')).sid;
  const reportedTitle = 'Şikayet edilecek soru?';
  const doomedTitle = 'Silinecek soru?';
  reportedPoll = {
    ...(await createPoll(stack, deniz, {
      title: 'Şikayet edilecek ilk soru?',
      category: 'oyun-geek',
      options: ['Evet', 'Hayır'],
    })),
    title: reportedTitle,
  };
  // Its creator changed its title before any vote: the admin reads its edit history.
  expect(
    (await call(stack, 'PATCH', `/api/polls/${reportedPoll.id}`, { sid: deniz.sid, body: { title: reportedTitle } }))
      .status,
  ).toBe(200);
  doomedPoll = {
    ...(await createPoll(stack, deniz, { title: doomedTitle, category: 'yemek-mekan', options: ['Çay', 'Kahve'] })),
    title: doomedTitle,
  };
  // A visitor writes through the contact form (its challenge solved as the widget would): the admin reads it.
  const challenge = await call<Parameters<typeof payloadFor>[0]>(stack, 'GET', '/api/contact/challenge');
  const sent = await call<{ ticketNumber: string }>(stack, 'POST', '/api/contact', {
    body: {
      name: 'Ayşe Yılmaz',
      email: 'ayse@example.com',
      subject: 'teknik',
      message: 'Seçenek eklerken sayfa donuyor, yardım eder misiniz?',
      turnstileToken: await payloadFor(challenge.body),
    },
  });
  expect(sent.status).toBe(201);
  ticketNumber = sent.body.ticketNumber;
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await stack?.stop();
}, 60_000);

describe('admin panel (browser, whole stack)', { timeout: 120_000 }, () => {
  it('tells a member who opens /admin "Yetkisiz Erişim", and the API refuses them too', async () => {
    const { page, errors } = await open(mert.sid);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Yetkisiz Erişim' }).waitFor();
    await page.getByText('Bu sayfaya erişim yetkiniz yok.').waitFor();
    await expectNoAxeViolations(page, '/admin [member]');
    await screenshot(page, 'admin-unauthorized-desktop');
    await page.getByRole('link', { name: 'Ana Sayfaya Dön' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await call(stack, 'GET', '/api/admin/users', { sid: mert.sid })).status).toBe(403);
    expect((await call(stack, 'GET', '/api/admin/users')).status).toBe(401);
    expect(errors).toEqual([]);
  });

  it('lets a member report a poll from its card, once', async () => {
    const { page } = await open(mert.sid);
    await page.goto('/');
    await settled(page, 'member');
    await card(page, reportedPoll.title).getByRole('button', { name: 'Şikayet Et' }).click();
    const dialog = page.getByRole('dialog', { name: 'Şikayet Et' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'report dialog');
    await dialog.getByRole('radio', { name: 'Spam ya da reklam' }).click();
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await page.getByText('Şikayetin alındı').first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    // A second report of the same poll is answered 409 with its Turkish text.
    const again = await call<{ message: string }>(stack, 'POST', `/api/polls/${reportedPoll.id}/report`, {
      sid: mert.sid,
      body: { reason: 'Diğer', description: null },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Bu anketi zaten şikayet ettin. Şikayetin inceleniyor.');
  });

  it('searches, bans and activates a member; deletes a poll; resolves the report; sends a bulk e-mail and watches it', async () => {
    const { page, errors } = await open(adminSid);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Yönetim Paneli' }).waitFor();
    await page.locator('[data-pending-count]').waitFor();
    await expectNoAxeViolations(page, '/admin users tab');

    // Users: search, ban (login refused), activate (login works again).
    await page.getByRole('searchbox', { name: 'Kullanıcı ara...' }).fill(selin.username.toLocaleUpperCase('tr-TR'));
    await row(page, selin.email).waitFor();
    // The list first shows everyone; the search answers after its debounce.
    await expect.poll(() => page.getByRole('tabpanel').locator('li').count(), { timeout: 10_000 }).toBe(1);
    await row(page, selin.email)
      .getByRole('button', { name: /yasakla/ })
      .click();
    const ban = page.getByRole('dialog', { name: 'Kullanıcıyı yasakla' });
    await ban.waitFor();
    await expectNoAxeViolations(page, 'admin ban dialog');
    await ban.getByRole('textbox', { name: 'Gerekçe (isteğe bağlı)' }).fill('Spam hesap');
    await ban.getByRole('button', { name: 'Yasakla' }).click();
    await page.getByText('Kullanıcı durumu güncellendi', { exact: true }).first().waitFor();
    await row(page, selin.email).getByText('Yasaklı').waitFor();
    const refused = await call(stack, 'POST', '/api/login', { body: { email: selin.email, password: selin.password } });
    expect(refused.status).toBe(403);
    await row(page, selin.email)
      .getByRole('button', { name: /aktifleştir/ })
      .click();
    await row(page, selin.email).getByText('Yasaklı').waitFor({ state: 'detached' });
    await expect(signIn(stack, selin.email, selin.password)).resolves.toMatchObject({ id: selin.id });

    // Polls: delete after the confirm dialog; the poll is gone.
    await openTab(page, /Anketler/);
    await expectNoAxeViolations(page, '/admin polls tab');
    await page.getByRole('searchbox', { name: 'Anket ara...' }).fill('Silinecek');
    await row(page, doomedPoll.title)
      .getByRole('button', { name: /anketini sil/ })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Anketi sil' });
    await confirm.waitFor();
    await expectNoAxeViolations(page, 'admin delete-poll confirm dialog');
    await confirm.getByRole('button', { name: 'Sil' }).click();
    await page.getByText('Anket silindi').first().waitFor();
    await row(page, doomedPoll.title).waitFor({ state: 'detached' });
    expect((await call(stack, 'GET', `/api/polls/${doomedPoll.id}`, { sid: deniz.sid })).status).toBe(404);

    // Reports: Mert's report is pending; resolving it takes it out of the pending count.
    await openTab(page, /Raporlar/);
    await expectNoAxeViolations(page, '/admin reports tab');
    const report = page.locator('li[data-report]', { hasText: reportedPoll.title });
    await expect(report.getAttribute('data-status')).resolves.toBe('pending');
    await expect(report.getByText(`Şikayet eden: @${mert.username}`).count()).resolves.toBe(1);
    // The poll was edited before it was reported: its history tells the texts it had, with times.
    await report.getByText('Düzenlendi', { exact: true }).waitFor();
    await report.getByRole('button', { name: `"${reportedPoll.title}" anketinin düzenleme geçmişi` }).click();
    const history = page.getByRole('dialog', { name: 'Düzenleme geçmişi' });
    await history.locator('[data-before]', { hasText: 'Şikayet edilecek ilk soru?' }).waitFor();
    await history.locator('[data-after]', { hasText: reportedPoll.title }).waitFor();
    await expectNoAxeViolations(page, 'admin poll edit history dialog');
    await screenshot(page, 'admin-poll-edit-history-desktop-dark');
    await page.keyboard.press('Escape');
    await history.waitFor({ state: 'detached' });
    await report.getByRole('button', { name: 'Çözüldü olarak işaretle' }).click();
    await page.getByText('Rapor çözüldü olarak işaretlendi', { exact: true }).first().waitFor();
    await page.waitForFunction(
      (title) =>
        Array.from(document.querySelectorAll('li[data-report]')).some(
          (li) => li.textContent?.includes(title) && li.getAttribute('data-status') === 'resolved',
        ),
      reportedPoll.title,
    );

    // The contact messages below the reports: the visitor's, with its ticket, subject and stage.
    const contactMessage = page.locator(`[data-ticket="${ticketNumber}"]`);
    await contactMessage.waitFor();
    for (const text of ['Ayşe Yılmaz', 'ayse@example.com', 'Teknik Destek', 'Yeni'])
      await contactMessage.getByText(text, { exact: true }).first().waitFor();

    // Actions: a bulk e-mail to every active, verified member, its progress live, then the mails in MailDev.
    await openTab(page, /İşlemler/);
    await expectNoAxeViolations(page, '/admin actions tab');
    const subject = `Duyuru ${Date.now()}`;
    const send = page.getByRole('button', { name: 'Gönder' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: /Konu/ }).fill(subject);
    expect(await send.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: /Mesaj/ }).fill('Merhaba! Meydan’da yeni özellikler var.');
    await send.click();
    await page.getByText('E-posta gönderiliyor...', { exact: true }).first().waitFor();
    expect(await page.getByRole('textbox', { name: /Konu/ }).inputValue()).toBe('');
    await page.locator('[data-job][data-state="done"]').waitFor({ timeout: 60_000 });
    await page
      .locator('[data-job]')
      .getByText(/gönderildi/)
      .waitFor();
    // 'done' means every mail was handed to the mailer; MailDev receives them a moment later.
    for (const person of [deniz, mert, selin])
      await expect.poll(() => mailsTo(person.email, subject), { timeout: 30_000 }).toBe(1);

    // The audit log holds what was done above (ban, activate, delete, resolve, bulk e-mail).
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('table').locator('tbody tr').count()).toBeGreaterThanOrEqual(5);
    await page.getByRole('table').getByText('Kullanıcı yasaklandı').waitFor();
    // By name: the administrator's account (made by auth at start) is in the admin service's read model.
    expect(
      await page.getByRole('table').locator('tbody tr').filter({ hasText: '@admin' }).count(),
    ).toBeGreaterThanOrEqual(5);
    await fullPageScreenshot(page, 'admin-actions-after-bulk-email-desktop');
    expect(errors).toEqual([]);
  });

  it('shows the last 30 days as charts and a table, and downloads the lists as CSV files', async () => {
    const { page, errors } = await open(adminSid);
    await page.goto('/admin');
    const trend = page.locator('[data-trend]');
    // The day the three members registered on counts them (by Istanbul's calendar: a run that passes midnight there
    // finds them on the row before the last).
    await trend.getByRole('img', { name: /^Kayıtlar: toplam \d+, en yüksek \d+/ }).waitFor();
    await trend.getByText('Tablo olarak göster').click();
    const table = trend.getByRole('table', { name: 'Son 30 gün' });
    let registered = 0;
    for (const day of registrationDays) {
      const dayRow = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: day, exact: true }) });
      registered += Number((await dayRow.getByRole('cell').first().textContent())?.replace(/\D/g, ''));
    }
    expect(registered).toBeGreaterThanOrEqual(3);
    await expectNoAxeViolations(page, '/admin trend chart and table');
    await elementScreenshot(trend, 'admin-trend-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      trend.getByRole('link', { name: 'Kullanıcılar (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^meydan-kullanicilar-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await downloaded(download)).toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('Deniz Kaya');
    const polls = await call<string>(stack, 'GET', '/api/admin/polls.csv', { sid: adminSid });
    expect(polls.status).toBe(200);
    expect(String(polls.body)).toContain(reportedPoll.title);
    expect((await call(stack, 'GET', '/api/admin/reports.csv', { sid: deniz.sid })).status).toBe(403);
    expect(errors).toEqual([]);
  });

  it('saves screenshots of every tab, desktop and mobile', async () => {
    const tabs = [
      ['users', /Kullanıcılar/],
      ['polls', /Anketler/],
      ['reports', /Raporlar/],
      ['actions', /İşlemler/],
    ] as const;
    for (const [width, viewport] of [
      ['desktop', desktop],
      ['mobile', mobile],
    ] as const) {
      const { page } = await open(adminSid, viewport);
      await page.goto('/admin');
      await page.locator('[data-pending-count]').waitFor();
      for (const [name, tab] of tabs) {
        await openTab(page, tab);
        if (width === 'mobile') await expectNoAxeViolations(page, `/admin ${name} tab [mobile]`);
        await fullPageScreenshot(page, `admin-${name}-${width}`);
      }
    }
  });
});
