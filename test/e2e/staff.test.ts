/**
 * The moderation team end to end, on the whole stack in Chromium: the administrator (from the environment, with the
 * second factor) makes a member a moderator from the panel; the moderator's staff session reaches no staff route until
 * they enrol an authenticator (QR code, first code, recovery codes); the moderator resolves a report but is refused
 * (403, Turkish) what is for administrators; the audit log names the two staff members for their two actions and
 * filters by who acted. Each screen passes axe and is photographed.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@meydan/proto';
import { totpCode } from '../../services/auth/src/domain/totp.js';
import { expectNoAxeViolations } from './axe.js';
import { leaveStack, workerStack, type Stack } from './stack.js';
import {
  call,
  createMember,
  createPoll,
  desktop,
  launchBrowser,
  newContext,
  screenshot,
  signIn,
  signInStaff,
  uniqueTag,
  watchErrors,
  type Member,
} from './support.js';

let stack: Stack;
let browser: Browser;
let deniz: Member;
let mert: Member;
let ayse: Member;
let adminSid: string;
let reportedPoll: { id: string; title: string };
const contexts: BrowserContext[] = [];

async function open(sid: string | undefined): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await newContext(browser, stack, { sid, viewport: desktop });
  contexts.push(context);
  const page = await context.newPage();
  return { page, context, errors: watchErrors(page) };
}

async function openTab(page: Page, name: RegExp): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await page.waitForFunction(
    () => !document.querySelector('[role="tabpanel"] [role="status"]')?.textContent?.includes('Yükleniyor'),
  );
}

beforeAll(async () => {
  // The worker's stack, where other files' staff act too: what is read here is told apart by its own members and poll.
  stack = await workerStack();
  browser = await launchBrowser();
  [deniz, mert, ayse] = await Promise.all([
    createMember(stack, 'deniz', 'Deniz Kaya'),
    createMember(stack, 'mert', 'Mert Can'),
    createMember(stack, 'ayse', 'Ayşe Moderatör'),
  ]);
  adminSid = (await signInStaff(stack, 'admin@meydan.local', 'meydan-admin')).sid;
  const title = `Moderasyon sorusu ${uniqueTag()}?`;
  reportedPoll = {
    ...(await createPoll(stack, deniz, { title, category: 'oyun-geek', options: ['Evet', 'Hayır'] })),
    title,
  };
  const reported = await call(stack, 'POST', `/api/polls/${reportedPoll.id}/report`, {
    sid: mert.sid,
    body: { reason: 'Diğer', description: null },
  });
  expect(reported.status).toBe(201);
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await leaveStack(stack);
}, 60_000);

describe('the moderation team (browser, whole stack)', { timeout: 150_000 }, () => {
  it('the administrator makes a member a moderator from the panel; their member session ends', async () => {
    const { page, errors } = await open(adminSid);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Yönetim Paneli' }).waitFor();
    await page.getByRole('searchbox', { name: 'Kullanıcı ara...' }).fill(ayse.username);
    const row = page.locator(`[data-user="${ayse.username}"]`);
    await row.waitFor();
    await row.getByRole('combobox', { name: 'Ayşe Moderatör için rol' }).selectOption('moderator');
    await page.getByText('Rol değiştirildi; hesabın oturumları kapatıldı.').first().waitFor();
    await row.getByText('Moderatör', { exact: true }).first().waitFor();
    await expectNoAxeViolations(page, '/admin users tab with roles');
    await screenshot(page, 'staff-role-change-desktop');
    await expect
      .poll(async () => (await call(stack, 'GET', '/api/auth/session', { sid: ayse.sid })).status, { timeout: 10_000 })
      .toBe(401);
    expect(errors).toEqual([]);
  });

  it('a staff account without an authenticator reaches no staff route; the moderator enrols and gets recovery codes', async () => {
    const { sid } = await signIn(stack, ayse.email, ayse.password);
    for (const path of ['/api/admin/reports', '/api/admin/stats', '/api/admin/users']) {
      const refused = await call<{ error: string; message: string }>(stack, 'GET', path, { sid });
      expect(refused.status, path).toBe(403);
      expect(refused.body).toEqual({
        error: 'mfa_enrolment_required',
        message: 'Yönetim paneline girmeden önce doğrulama uygulamanı (TOTP) kurmalısın.',
      });
    }
    const { page, context, errors } = await open(sid);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Doğrulama uygulamanı kur' }).waitFor();
    await page.getByRole('button', { name: 'Kurulumu başlat' }).click();
    await page.getByRole('img', { name: 'Doğrulama uygulaması için QR kodu' }).waitFor();
    const secret = (await page.locator('[data-totp-secret]').textContent())!.trim();
    await expectNoAxeViolations(page, '/admin totp enrolment');
    await screenshot(page, 'staff-totp-enrolment-desktop');
    // A wrong code first: refused in Turkish, nothing enrolled.
    const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    await page.getByLabel('Doğrulama kodu').fill(wrong);
    await page.getByRole('button', { name: 'Kurulumu tamamla' }).click();
    await page.getByText('Doğrulama kodu yanlış ya da süresi geçmiş.').waitFor();
    await page.getByLabel('Doğrulama kodu').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Kurulumu tamamla' }).click();
    await page.getByRole('heading', { name: 'Kurtarma kodların' }).waitFor();
    await expect(page.locator('[data-recovery-codes] li').count()).resolves.toBe(10);
    await expectNoAxeViolations(page, '/admin recovery codes');
    await screenshot(page, 'staff-recovery-codes-desktop');
    await page.getByRole('button', { name: 'Panele geç' }).click();
    await page.getByRole('heading', { level: 1, name: 'Yönetim Paneli' }).waitFor();
    // A moderator's panel: no tab for bulk e-mail and the audit log, no CSV downloads.
    // Users, polls, reports and the moderation queue (the word filter is an administrator's).
    await expect(page.getByRole('tab').count()).resolves.toBe(4);
    await expect(page.getByRole('tab', { name: /kuyru/i }).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: /CSV/ }).count()).resolves.toBe(0);
    const verified = (await context.cookies()).find((c) => c.name === SESSION_COOKIE)!.value;
    expect(verified).not.toBe(sid);
    ayse.sid = verified;
    expect(errors).toEqual([]);
  });

  it('the moderator resolves the report but gets 403 on staff management and the audit log, changing nothing', async () => {
    const { page, errors } = await open(ayse.sid);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Yönetim Paneli' }).waitFor();
    await openTab(page, /Raporlar/);
    const report = page.locator('li[data-report]', { hasText: reportedPoll.title });
    await report.getByRole('button', { name: 'Çözüldü olarak işaretle' }).click();
    await page.getByText('Rapor çözüldü olarak işaretlendi', { exact: true }).first().waitFor();
    await expectNoAxeViolations(page, '/admin reports tab [moderator]');
    await screenshot(page, 'staff-moderator-reports-desktop');

    for (const [method, path, body] of [
      ['PATCH', `/api/admin/users/${mert.id}/role`, { role: 'admin' }],
      ['GET', '/api/admin/audit', undefined],
      ['POST', '/api/admin/bulk-email', { subject: 'Duyuru', body: 'Merhaba' }],
    ] as const) {
      const refused = await call<{ error: string; message: string }>(stack, method, path, {
        sid: ayse.sid,
        ...(body ? { body } : {}),
      });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body).toEqual({ error: 'admin_only', message: 'Bu işlemi yalnızca yöneticiler yapabilir.' });
    }
    const mertNow = await call<{ role: string }>(stack, 'GET', '/api/auth/session', { sid: mert.sid });
    expect(mertNow.body.role).toBe('member');
    expect(errors).toEqual([]);
  });

  it('the audit log names the two staff members for their two actions, and filters by who acted', async () => {
    const { page, errors } = await open(adminSid);
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Yönetim Paneli' }).waitFor();
    await openTab(page, /İşlemler/);
    const rows = page.locator('table[aria-labelledby="audit-title"] tbody tr');
    await rows
      .filter({ hasText: 'Rapor çözüldü' })
      .filter({ hasText: `@${ayse.username}` })
      .waitFor();
    await rows
      .filter({ hasText: 'Rol değiştirildi' })
      .filter({ hasText: '@admin' })
      .filter({ hasText: ayse.id })
      .waitFor();
    await expectNoAxeViolations(page, '/admin audit log');
    await screenshot(page, 'staff-audit-log-desktop');
    await rows
      .filter({ hasText: 'Rapor çözüldü' })
      .getByRole('button', { name: `@${ayse.username}` })
      .click();
    await page.locator(`[data-audit-actor]`).waitFor();
    await expect.poll(async () => rows.count(), { timeout: 10_000 }).toBe(1);
    await expect(rows.first().textContent()).resolves.toContain('Rapor çözüldü');
    const audit = await call<{
      items: { adminId: string; adminUsername: string | null; action: string; targetId: string }[];
    }>(stack, 'GET', '/api/admin/audit', { sid: adminSid });
    const roleChange = audit.body.items.find((e) => e.action === 'user.role' && e.targetId === ayse.id);
    const resolved = audit.body.items.filter((e) => e.action === 'report.resolve' && e.adminId === ayse.id);
    expect(roleChange?.adminUsername).toBe('admin');
    expect(resolved).toHaveLength(1);
    expect(resolved[0]!.adminUsername).toBe(ayse.username);
    expect(errors).toEqual([]);
  });
});
