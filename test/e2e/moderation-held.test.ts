/**
 * The word filter's hold (issue 40), in a real Chromium against the whole stack: the administrator sets a word to be
 * held for review; a member posts a poll carrying it (in another spelling), is told it waits and sees the notice on
 * their own poll, while another member cannot open it; a moderator approves it from the moderation queue, where it
 * waited with its time shown; then the other member sees it, and the audit names the moderator. Every new screen
 * passes axe; they are photographed at desktop and mobile width.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import type { Stack } from './stack.js';
import {
  browserRun,
  call,
  mobile,
  screenshot,
  settled,
  signInStaff,
  toastWith,
  uniqueTag,
  type Member,
} from './support.js';

const run = browserRun([
  ['ece', 'Ece Yıldız'],
  ['mert', 'Mert Can'],
  ['selin', 'Selin Moderatör'],
]);
let stack: Stack;
let ece: Member;
let mert: Member;
let selin: Member;
let adminSid: string;
let moderatorSid: string;
beforeAll(async () => {
  stack = run.stack;
  [ece, mert, selin] = run.members as [Member, Member, Member];
  adminSid = (await signInStaff(stack, 'admin@meydan.local', 'meydan-admin')).sid;
  const role = await call(stack, 'PATCH', `/api/admin/users/${selin.id}/role`, {
    sid: adminSid,
    body: { role: 'moderator' },
  });
  expect(role.status).toBe(200);
  moderatorSid = (await signInStaff(stack, selin.email, selin.password)).sid;
  const entry = await call(stack, 'POST', '/api/admin/word-filter', {
    sid: adminSid,
    body: { pattern: 'kıro*', action: 'hold' },
  });
  expect(entry.status).toBe(201);
});

const NOTICE = 'İncelemede: bir moderatör onaylayınca herkes görecek.';

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await page.waitForFunction(
    () => !document.querySelector('[role="tabpanel"] [role="status"]')?.textContent?.includes('Yükleniyor'),
  );
}

describe('held for review in Chromium', { timeout: 120_000 }, () => {
  it('a member’s held poll waits with a notice, a moderator approves it in the queue, then another member sees it', async () => {
    // The polls service reads the list again within seconds: a probe comment on a poll of the member's own is held.
    const probe = await call<{ id: string }>(stack, 'POST', '/api/polls', {
      sid: ece.sid,
      body: {
        title: `Deneme ${uniqueTag()}`,
        category: 'serbest-kursu',
        options: ['A', 'B'],
        durationHours: 24,
        type: 'public',
        description: null,
      },
    });
    expect(probe.status).toBe(201);
    await expect
      .poll(
        async () =>
          (
            await call<{ held?: boolean }>(stack, 'POST', `/api/polls/${probe.body.id}/comments`, {
              sid: ece.sid,
              body: { text: 'KIRO deneme' },
            })
          ).body.held,
        { timeout: 15_000 },
      )
      .toBe(true);

    const { page, errors } = await run.open({ sid: ece.sid });
    await page.goto('/kesfet');
    await settled(page, 'member');
    await page.getByRole('button', { name: 'Soru Fırlat' }).click();
    const create = page.getByRole('dialog');
    await create.getByRole('heading', { name: 'Kafa Açalım' }).waitFor();
    const title = `Kiro modası geri mi dönüyor? ${uniqueTag()}`;
    await create.getByLabel('Soru').fill(title);
    await create.getByRole('button', { name: /Serbest Kürsü/ }).click();
    await create.getByLabel('1. şık', { exact: true }).fill('Evet');
    await create.getByLabel('2. şık', { exact: true }).fill('Hayır');
    await create.getByRole('button', { name: 'Soruyu Fırlat' }).click();
    await toastWith(page, NOTICE).waitFor();
    const mine = await call<{ id: string; title: string; held?: boolean }[]>(stack, 'GET', '/api/users/me/polls', {
      sid: ece.sid,
    });
    const poll = mine.body.find((p) => p.title === title)!;
    expect(poll).toMatchObject({ held: true });

    await page.goto(`/anket/${poll.id}`);
    await page.getByText(NOTICE).first().waitFor();
    await expectNoAxeViolations(page, 'a held poll, to its author');
    await screenshot(page, 'held-poll-author-desktop');
    expect((await call(stack, 'GET', `/api/polls/${poll.id}`, { sid: mert.sid })).status).toBe(404);
    expect((await call(stack, 'GET', `/api/polls/${poll.id}`)).status).toBe(404);

    const moderator = await run.open({ sid: moderatorSid });
    await moderator.page.goto('/admin');
    await moderator.page.getByRole('heading', { level: 1, name: 'Yönetim Paneli' }).waitFor();
    await openTab(moderator.page, 'Moderasyon kuyruğu');
    const row = moderator.page.locator('[data-held-item][data-kind="poll"]', { hasText: title });
    await row.waitFor();
    await row.getByText(/^Bekleme: \d+ dakika$/).waitFor();
    await expectNoAxeViolations(moderator.page, '/admin moderation queue with held items [moderator]');
    await row.scrollIntoViewIfNeeded();
    await screenshot(moderator.page, 'admin-held-queue-desktop');
    await moderator.page.setViewportSize(mobile);
    await row.scrollIntoViewIfNeeded();
    await screenshot(moderator.page, 'admin-held-queue-mobile');
    await row.getByRole('button', { name: 'İncelemedeki anket içeriğini onayla' }).click();
    await toastWith(moderator.page, 'Onaylandı: artık herkes görüyor').waitFor();
    await row.waitFor({ state: 'detached' });

    const other = await run.open({ sid: mert.sid });
    await other.page.goto(`/anket/${poll.id}`);
    await other.page.getByText(title).first().waitFor();
    expect(await other.page.getByText(NOTICE).count()).toBe(0);
    await expectNoAxeViolations(other.page, 'an approved poll, to another member');
    await screenshot(other.page, 'held-poll-approved-other-desktop');

    const audit = await call<{ items: { action: string; targetId: string; adminId: string }[] }>(
      stack,
      'GET',
      '/api/admin/audit',
      { sid: adminSid },
    );
    expect(audit.body.items.find((e) => e.action === 'held.approve')).toMatchObject({
      targetId: poll.id,
      adminId: selin.id,
    });
    expect(errors).toEqual([]);
    expect(moderator.errors).toEqual([]);
    expect(other.errors).toEqual([]);
  });
});
