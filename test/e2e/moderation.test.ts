/**
 * Moderation beyond polls (issue 40), in a real Chromium against the whole stack: the administrator adds a word to
 * the filter in the panel and a poll title and a comment carrying it (in another spelling) are refused in Turkish; a
 * member reports a comment from its thread and another member from their profile, and the administrator removes the
 * comment from the moderation queue, where both waited with their times shown. Every new tab and dialog passes axe; they are photographed at desktop and mobile width.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import type { Stack } from './stack.js';
import {
  browserRun,
  call,
  createPoll,
  mobile,
  pollCard,
  screenshot,
  settled,
  signInStaff,
  toastWith,
  uniqueTag,
  type Member,
} from './support.js';

const run = browserRun([
  ['deniz', 'Deniz Kaya'],
  ['umut', 'Umut Ay'],
]);
let stack: Stack;
let deniz: Member;
let umut: Member;
let adminSid: string;
beforeAll(async () => {
  stack = run.stack;
  [deniz, umut] = run.members as [Member, Member];
  adminSid = (await signInStaff(stack, 'admin@meydan.local', 'meydan-admin')).sid;
});

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await page.waitForFunction(
    () => !document.querySelector('[role="tabpanel"] [role="status"]')?.textContent?.includes('Yükleniyor'),
  );
}

const refusal = (field: string) => `${field} uygun olmayan bir ifade içeriyor. Lütfen metni değiştir.`;

describe('moderation in Chromium', { timeout: 120_000 }, () => {
  it('refuses a title and a comment carrying a word the administrator put in the filter', async () => {
    const admin = await run.open({ sid: adminSid });
    await admin.page.goto('/admin');
    await admin.page.getByRole('heading', { level: 1, name: 'Yönetim Paneli' }).waitFor();
    await openTab(admin.page, 'Kelime filtresi');
    await admin.page.getByLabel(/Kelime ya da kalıp/).fill('salak');
    await admin.page.getByLabel('Eşleşince').selectOption('refuse');
    await admin.page.getByRole('button', { name: 'Ekle' }).click();
    await toastWith(admin.page, 'Filtreye eklendi').waitFor();
    await admin.page.locator('[data-word="salak"]').waitFor();
    await expectNoAxeViolations(admin.page, '/admin word filter tab');
    await admin.page.locator('[data-word="salak"]').scrollIntoViewIfNeeded();
    await screenshot(admin.page, 'admin-word-filter-desktop');
    // The polls service reads the list again within seconds.
    await expect
      .poll(
        async () =>
          (
            await call(stack, 'POST', '/api/polls', {
              sid: deniz.sid,
              body: { title: 'salak', category: 'serbest-kursu', options: ['A', 'B'] },
            })
          ).status,
        { timeout: 15_000 },
      )
      .toBe(400);

    const { page, errors } = await run.open({ sid: deniz.sid });
    await page.goto('/kesfet');
    await page.getByRole('button', { name: 'Soru Fırlat' }).click();
    const create = page.getByRole('dialog');
    await create.getByRole('heading', { name: 'Kafa Açalım' }).waitFor();
    const title = `Bu ŞALAK bir soru mu? ${uniqueTag()}`;
    await create.getByLabel('Soru').fill(title);
    await create.getByRole('button', { name: /Serbest Kürsü/ }).click();
    await create.getByLabel('1. şık', { exact: true }).fill('Evet');
    await create.getByLabel('2. şık', { exact: true }).fill('Hayır');
    await create.getByRole('button', { name: 'Soruyu Fırlat' }).click();
    await toastWith(page, refusal('Başlık')).waitFor();
    await expectNoAxeViolations(page, 'a title refused by the word filter');
    await screenshot(page, 'word-filter-title-refused-desktop');
    await page.keyboard.press('Escape');
    const mine = await call<{ polls: { title: string }[] }>(stack, 'GET', `/api/users/${deniz.id}/polls`, {
      sid: deniz.sid,
    });
    expect(JSON.stringify(mine.body)).not.toContain(title);

    const pollTitle = `Hafta sonu ne yapalım? ${uniqueTag()}`;
    await createPoll(stack, umut, { title: pollTitle, category: 'serbest-kursu', options: ['Gezi', 'Sinema'] });
    await page.goto('/kesfet');
    await settled(page, 'member');
    const card = pollCard(page, pollTitle);
    await card.getByRole('button', { name: 'Yorum yap' }).click();
    await card.getByRole('textbox', { name: 'Yorumun' }).fill('Çok Salak bir fikir');
    await card.getByRole('button', { name: 'Gönder' }).click();
    await toastWith(page, refusal('Yorum')).waitFor();
    expect(await card.locator('[data-comment]').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('lets a member report a comment and a member, once each, and the administrator remove the comment from the queue', async () => {
    const pollTitle = `Kahve mi çay mı? ${uniqueTag()}`;
    const poll = await createPoll(stack, umut, {
      title: pollTitle,
      category: 'serbest-kursu',
      options: ['Kahve', 'Çay'],
    });
    const text = `Kaba bir yorum ${uniqueTag()}`;
    const comment = await call<{ id: string }>(stack, 'POST', `/api/polls/${poll.id}/comments`, {
      sid: deniz.sid,
      body: { text },
    });
    expect(comment.status).toBe(201);

    const member = await run.open({ sid: umut.sid });
    await member.page.goto('/kesfet');
    await settled(member.page, 'member');
    const card = pollCard(member.page, pollTitle);
    await card.getByRole('button', { name: 'Yorum yap' }).click();
    await card.locator('[data-comment]', { hasText: text }).getByRole('button', { name: 'Yorumu şikayet et' }).click();
    const dialog = member.page.getByRole('dialog', { name: 'Yorumu Şikayet Et' });
    await dialog.waitFor();
    await expectNoAxeViolations(member.page, 'comment report dialog');
    await dialog.getByRole('radio', { name: 'Hakaret ya da nefret söylemi' }).click();
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await toastWith(member.page, 'Şikayetin alındı').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const again = await call<{ message: string }>(stack, 'POST', `/api/comments/${comment.body.id}/report`, {
      sid: umut.sid,
      body: { reason: 'Diğer' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Bu yorumu zaten şikayet ettin. Şikayetin inceleniyor.');
    const own = await call<{ message: string }>(stack, 'POST', `/api/comments/${comment.body.id}/report`, {
      sid: deniz.sid,
      body: { reason: 'Diğer' },
    });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe('Kendi yorumunu şikayet edemezsin.');

    // A member is reported from their profile, once.
    await member.page.goto(`/profil/${deniz.username}`);
    await member.page.getByRole('button', { name: `${deniz.displayName} adlı üyeyi şikayet et` }).click();
    const memberDialog = member.page.getByRole('dialog', { name: 'Üyeyi Şikayet Et' });
    await memberDialog.waitFor();
    await expectNoAxeViolations(member.page, 'member report dialog');
    await memberDialog.getByRole('radio', { name: 'Spam ya da reklam' }).click();
    await memberDialog.getByRole('button', { name: 'Gönder' }).click();
    await toastWith(member.page, 'Şikayetin alındı').waitFor();
    const memberAgain = await call<{ message: string }>(stack, 'POST', `/api/users/${deniz.id}/report`, {
      sid: umut.sid,
      body: { reason: 'Diğer' },
    });
    expect(memberAgain.status).toBe(409);
    expect(memberAgain.body.message).toBe('Bu üyeyi zaten şikayet ettin. Şikayetin inceleniyor.');
    const self = await call<{ message: string }>(stack, 'POST', `/api/users/${umut.id}/report`, {
      sid: umut.sid,
      body: { reason: 'Diğer' },
    });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('Kendini şikayet edemezsin.');

    // The reports reach the admin read model from their events.
    await expect
      .poll(async () => JSON.stringify((await call(stack, 'GET', '/api/admin/report-queue', { sid: adminSid })).body), {
        timeout: 15_000,
      })
      .toMatch(new RegExp(`(?=.*${text})(?=.*"kind":"user")`));
    const { page, errors } = await run.open({ sid: adminSid });
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Yönetim Paneli' }).waitFor();
    await openTab(page, 'Moderasyon kuyruğu');
    const row = page.locator('[data-queue-report][data-kind="comment"]', { hasText: text });
    await row.waitFor();
    await page.locator('[data-queue-report][data-kind="user"]', { hasText: deniz.username }).waitFor();
    await row.getByText(/^Bekleme: \d+ dakika$/).waitFor();
    await page.getByText(/^24 saati geçen şikâyet: \d+$/).waitFor();
    expect(await row.getByRole('link', { name: 'Şikâyet edilen yorum içeriğini aç' }).getAttribute('href')).toBe(
      `/anket/${poll.id}`,
    );
    await expectNoAxeViolations(page, '/admin moderation queue tab');
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-moderation-queue-desktop');
    await page.setViewportSize(mobile);
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-moderation-queue-mobile');

    await row.getByRole('button', { name: 'Yorumu kaldır' }).click();
    await toastWith(page, 'Yorum kaldırıldı ve şikâyet çözüldü').waitFor();
    await row.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () =>
          JSON.stringify((await call(stack, 'GET', `/api/polls/${poll.id}/comments`, { sid: umut.sid })).body),
        { timeout: 15_000 },
      )
      .not.toContain(text);
    const audit = await call<{ items: { action: string; targetId: string }[] }>(stack, 'GET', '/api/admin/audit', {
      sid: adminSid,
    });
    expect(audit.body.items[0]).toMatchObject({ action: 'comment.remove', targetId: comment.body.id });
    expect(errors).toEqual([]);
  });
});
