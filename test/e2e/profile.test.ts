/**
 * The profile page, the follow button and the followers dialog in Chromium against the real stack: a visitor is
 * asked to sign in on /profil and sees another member's profile without a follow button; a member follows and
 * unfollows from the dialog and deletes a poll after the confirm. Screenshots at both widths in both themes.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import { leaveStack, workerStack, type Stack } from './stack.js';
import {
  call,
  createMember,
  createPoll,
  desktop,
  elementScreenshot,
  launchBrowser,
  mobile,
  newContext,
  screenshot,
  settled,
  watchErrors,
  type Member,
} from './support.js';

let stack: Stack;
let browser: Browser;
let ece: Member;
let kaan: Member;
let kaanPoll: { id: string };
const contexts: BrowserContext[] = [];

async function open(options: Parameters<typeof newContext>[2] = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, stack, options);
  contexts.push(context);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text }).first().waitFor();

beforeAll(async () => {
  stack = await workerStack();
  browser = await launchBrowser();
  [ece, kaan] = await Promise.all([createMember(stack, 'ece', 'Ece Yıldız'), createMember(stack, 'kaan', 'Kaan Er')]);
  await createPoll(stack, ece, {
    title: 'Profilden silinecek anket',
    category: 'teknoloji-ai',
    options: ['Evet', 'Hayır'],
  });
  await createPoll(stack, ece, {
    title: 'Hafta sonu nereye gidelim?',
    category: 'kesfet-seyahat',
    options: ['Deniz', 'Dağ'],
  });
  kaanPoll = await createPoll(stack, kaan, {
    title: 'Kaan’ın sorusu',
    category: 'muzik-playlist',
    options: ['Rock', 'Caz'],
  });
  const followed = await call<{ following: boolean }>(stack, 'POST', `/api/users/${ece.id}/follow`, { sid: kaan.sid });
  expect(followed.body.following).toBe(true); // kaan follows ece: ece's followers dialog has a row to act on
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await leaveStack(stack);
}, 60_000);

describe('the profile in Chromium', { timeout: 90_000 }, () => {
  it('asks a visitor on /profil to sign in, and shows another member’s profile without a follow button', async () => {
    const { page, errors } = await open();
    await page.goto('/profil');
    await page.getByRole('heading', { level: 1, name: 'Giriş Yapın' }).waitFor();
    await page.getByRole('button', { name: 'Giriş Yap' }).last().click();
    await page.locator('[data-dialog="login"]').waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`/profil/${kaan.username.toUpperCase()}`);
    await page.getByRole('heading', { level: 1, name: 'Kaan Er' }).waitFor();
    await page.getByRole('heading', { name: 'Kaan’ın sorusu' }).waitFor();
    expect(
      await page
        .locator('[data-welcome]')
        .getByRole('button', { name: /takip et/i })
        .count(),
    ).toBe(0);
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Anketleri (1)', 'Takipçiler', 'Takip Edilenler']);
    await expectNoAxeViolations(page, 'visitor on another member’s profile');
    expect(errors).toEqual([]);
  });

  it('follows from the profile and unfollows and follows again from the dialog', async () => {
    const { page, errors } = await open({ sid: ece.sid });
    await page.goto(`/profil/${kaan.username}`);
    await settled(page, 'member');
    await page.getByRole('button', { name: 'Kaan Er kullanıcısını takip et' }).click();
    await toast(page, 'Takip edildi!');
    await page.getByRole('button', { name: 'Kaan Er kullanıcısını takibi bırak' }).waitFor();
    await page.locator('[data-open="followers"]', { hasText: '1' }).waitFor();

    await page.goto('/profil');
    await settled(page, 'member');
    await page.locator('[data-open="followers"]').click();
    const dialog = page.locator('[data-dialog="followers"]');
    await dialog.getByText(`@${kaan.username}`).waitFor();
    await expectNoAxeViolations(page, 'followers dialog');
    await elementScreenshot(dialog, 'profile-followers-dialog-element');

    await dialog.getByRole('button', { name: 'Kaan Er kullanıcısını takibi bırak' }).click();
    await toast(page, 'Takip bırakıldı');
    await dialog.getByRole('button', { name: 'Kaan Er kullanıcısını takip et' }).click();
    await toast(page, 'Takip edildi!');
    await dialog.getByRole('button', { name: 'Kaan Er kullanıcısını takibi bırak' }).waitFor();

    await dialog.getByRole('tab', { name: 'Takip Edilenler' }).click();
    await dialog.getByText(`@${kaan.username}`).waitFor();
    // The viewer's own row has no follow button.
    await page.goto(`/profil/${kaan.username}`);
    await page.locator('[data-open="followers"]').click();
    await page.locator('[data-dialog="followers"]').getByText(`@${ece.username}`).waitFor();
    expect(
      await page
        .locator('[data-dialog="followers"]')
        .getByRole('button', { name: /Ece Yıldız/ })
        .count(),
    ).toBe(0);
    expect(errors).toEqual([]);
  });

  it('deletes a poll from the profile after the confirm dialog', async () => {
    const { page, errors } = await open({ sid: ece.sid });
    await page.goto('/profil');
    await settled(page, 'member');
    await page.getByRole('tab', { name: 'Anketlerim (2)' }).waitFor();
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'Anketlerim (2)',
      'Paylaşılabilir Anketler (0)',
      'Oylarım (0)',
      'Takipçiler',
      'Takip Edilenler',
      'Bildirimler',
      'Ayarlar',
    ]);
    await page.getByRole('button', { name: 'Anketi sil: Profilden silinecek anket' }).click();
    const confirm = page.locator('[data-dialog="confirm"]');
    await confirm.getByText('Anketi silmek istiyor musun?').waitFor();
    await expectNoAxeViolations(page, 'delete confirm dialog');
    await confirm.getByRole('button', { name: 'Sil' }).click();
    await toast(page, 'Anket başarıyla silindi');
    await page.getByRole('tab', { name: 'Anketlerim (1)' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Profilden silinecek anket' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('opens a poll from a notification link, and tells a visitor that a private profile is private', async () => {
    const { page, errors } = await open({ sid: kaan.sid });
    await page.goto(`/profil?anket=${kaanPoll.id}`);
    const pollDialog = page.locator('[data-dialog="poll"]');
    await pollDialog.getByRole('heading', { name: 'Kaan’ın sorusu' }).waitFor();
    await expectNoAxeViolations(page, 'poll opened from ?anket=');
    await page.keyboard.press('Escape');
    await pollDialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('anket')).toBeNull();

    await page.goto('/profil?sekme=ayarlar');
    await page.getByRole('switch', { name: 'Profilim herkese açık' }).click();
    await toast(page, 'Ayarların kaydedildi');
    const visitor = await open();
    await visitor.page.goto(`/profil/${kaan.username}`);
    await visitor.page.locator('[data-private]').getByText('Bu profil gizli', { exact: true }).waitFor();
    expect(await visitor.page.getByRole('heading', { name: 'Kaan’ın sorusu' }).count()).toBe(0);
    await visitor.page.locator('[data-open="followers"]').click();
    await visitor.page
      .locator('[data-dialog="followers"]')
      .getByText('Bu profil gizli. Listelerini yalnızca karşılıklı takipleştiği üyeler görebilir.')
      .waitFor();
    await visitor.page.keyboard.press('Escape');
    await expectNoAxeViolations(visitor.page, 'private profile seen by a visitor');
    expect([...errors, ...visitor.errors]).toEqual([]);
  });

  it('lets a member with follow requests on accept a pending follower from the followers tab', async () => {
    const lale = await createMember(stack, 'lale', 'Lale Şen');
    const locked = await call(stack, 'PATCH', '/api/users/me/settings', {
      sid: lale.sid,
      body: { followRequestsEnabled: true },
    });
    expect(locked.status).toBe(200);

    const asker = await open({ sid: ece.sid });
    await asker.page.goto(`/profil/${lale.username}`);
    await asker.page.getByRole('button', { name: 'Lale Şen kullanıcısını takip et' }).click();
    await toast(asker.page, 'Takip isteği gönderildi');
    await asker.page
      .getByRole('button', { name: 'Lale Şen kullanıcısına gönderilen takip isteğini geri çek' })
      .waitFor();

    const { page, errors } = await open({ sid: lale.sid });
    await page.goto('/profil?sekme=takipciler');
    const requests = page.locator('[data-follow-requests]');
    await requests.getByText(`@${ece.username}`).waitFor();
    await expectNoAxeViolations(page, 'follow requests in the followers tab');
    await requests.getByRole('button', { name: 'Kabul Et' }).click();
    await toast(page, 'Takip isteği kabul edildi');
    await requests.waitFor({ state: 'detached' });
    await page.locator('[data-people="followers"]').getByText(`@${ece.username}`).waitFor();
    expect([...errors, ...asker.errors]).toEqual([]);
  });

  it('shows the first two letters of the name on the welcome card and copies a share link with the core’s toast', async () => {
    const ibrahim = await createMember(stack, 'ibrahim', 'ibrahim');
    const shared = await call(stack, 'POST', '/api/polls/shareable', {
      sid: ibrahim.sid,
      body: {
        title: 'Akşam ne yesek?',
        category: 'yemek-mekan',
        type: 'public',
        description: null,
        durationHours: 24,
        options: ['Mantı', 'Pide'],
      },
    });
    expect(shared.status).toBe(201);
    const { page, errors } = await open({ sid: ibrahim.sid });
    await page.goto('/profil?sekme=paylasilabilir');
    await settled(page, 'member');
    expect(await page.locator('[data-welcome] [data-initials]').getAttribute('data-initials')).toBe('İB');
    await page.getByRole('tab', { name: 'Paylaşılabilir Anketler (1)' }).click();
    const item = page.locator('[data-poll]', { hasText: 'Akşam ne yesek?' }).last();
    await item.getByRole('button', { name: 'Bağlantıyı kopyala' }).click();
    await toast(page, 'Kopyalandı! ✅');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('/s/');
    expect(errors).toEqual([]);
  });

  it('saves the settings tab’s switches on the server', async () => {
    const { page } = await open({ sid: ece.sid });
    await page.goto('/profil?sekme=ayarlar');
    await settled(page, 'member');
    const likes = page.getByRole('switch', { name: 'Beğeni bildirimleri' });
    await expect(likes.getAttribute('aria-checked')).resolves.toBe('true');
    await likes.click();
    await toast(page, 'Ayarların kaydedildi');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Beğeni bildirimleri' }).getAttribute('aria-checked')).resolves.toBe(
      'false',
    );
  });

  it('takes screenshots of the profile and the dialog, desktop and mobile, dark and light', async () => {
    for (const theme of ['dark', 'light'] as const) {
      for (const [size, viewport] of [
        ['desktop', desktop],
        ['mobile', mobile],
      ] as const) {
        const { page } = await open({ sid: ece.sid, theme, viewport });
        await page.goto('/profil');
        await settled(page, 'member');
        await page.getByRole('tab', { name: 'Anketlerim (1)' }).waitFor();
        await expectNoAxeViolations(page, `profile ${size} ${theme}`);
        await screenshot(page, `profile-${size}-${theme}`);
        await page.locator('[data-open="followers"]').click();
        await page.locator('[data-dialog="followers"]').getByText(`@${kaan.username}`).waitFor();
        await screenshot(page, `profile-followers-dialog-${size}-${theme}`);
      }
    }
  });
});
