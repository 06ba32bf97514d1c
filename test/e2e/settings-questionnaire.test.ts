/**
 * The settings page and the personality questionnaire in a real Chromium against the real stack: a member edits
 * their profile with an avatar; walks the seven wizard steps, starts the analysis and gets the recommended polls.
 * Screenshots of settings and every wizard step, desktop and mobile, dark and light; axe on each screen.
 */
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import { startStack, type Stack } from './stack.js';
import {
  call,
  createMember,
  createPoll,
  desktop,
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
const contexts: BrowserContext[] = [];

const variants = [
  { name: 'desktop-dark', viewport: desktop, theme: 'dark' as const },
  { name: 'desktop-light', viewport: desktop, theme: 'light' as const },
  { name: 'mobile-dark', viewport: mobile, theme: 'dark' as const },
  { name: 'mobile-light', viewport: mobile, theme: 'light' as const },
];

async function open(member: Member, variant: (typeof variants)[number]): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, stack, {
    sid: member.sid,
    viewport: variant.viewport,
    theme: variant.theme,
  });
  contexts.push(context);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text }).first().waitFor();

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await stack?.stop();
}, 60_000);

describe('settings in Chromium', { timeout: 120_000 }, () => {
  it('a member edits the display name, bio and avatar, and the new picture is theirs everywhere', async () => {
    const deniz = await createMember(stack, 'deniz', 'Deniz Kaya');
    const { page, errors } = await open(deniz, variants[0]!);
    await page.goto('/ayarlar');
    await settled(page, 'member');
    await page.getByLabel('Görünen ad').waitFor();
    await expectNoAxeViolations(page, 'settings');

    await page.getByLabel('Görünen ad').fill('Deniz K.');
    await page.getByLabel('Biyografi').fill('Anket meraklısı');
    await page.getByText('15/160').waitFor();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#e11d48' } })
      .png()
      .toBuffer();
    await page.locator('[data-avatar-input]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: 'Seçilen fotoğrafın önizlemesi' }).waitFor();
    await page.getByRole('button', { name: 'Değişiklikleri Kaydet' }).click();
    await toast(page, 'Profil güncellendi!');

    const session = await call<{ displayName: string; avatarUrl: string | null }>(stack, 'GET', '/api/auth/session', {
      sid: deniz.sid,
    });
    expect(session.body.displayName).toBe('Deniz K.');
    expect(session.body.avatarUrl).toMatch(new RegExp(`^/api/users/${deniz.id}/avatar\\?v=1$`));
    // The saved picture (not the preview) is what the page and the header show now.
    await page.locator(`[data-header-avatar] img[src="${session.body.avatarUrl}"]`).waitFor();
    await page.locator(`main img[src="${session.body.avatarUrl}"]`).first().waitFor();
    expect(errors).toEqual([]);

    for (const variant of variants) {
      const view = await open(deniz, variant);
      await view.page.goto('/ayarlar');
      await settled(view.page, 'member');
      await view.page.getByLabel('Görünen ad').waitFor();
      if (variant.viewport === desktop) await expectNoAxeViolations(view.page, `settings ${variant.name}`);
      await screenshot(view.page, `settings-${variant.name}`);
    }
  });

  it("the API documentation's link to creating a token lands on the settings page's tokens section", async () => {
    const ece = await createMember(stack, 'ece', 'Ece');
    const { page, errors } = await open(ece, variants[3]!);
    await page.goto('/api-documentation');
    await settled(page, 'member');
    await page.getByRole('link', { name: 'Ayarlar’a git' }).click();
    await page.waitForURL('**/ayarlar#api-anahtarlari');
    const tokens = page.locator('#api-anahtarlari');
    await tokens.getByRole('button', { name: 'Anahtar oluştur' }).waitFor();
    // In view on a phone, with focus there for a screen reader, although the section is far down the page.
    await expect.poll(() => tokens.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await tokens.boundingBox();
    expect(box && box.y >= 0 && box.y < mobile.height).toBe(true);
    expect(errors).toEqual([]);
  });

  it("a visitor gets 'Giriş Yapın', whose button opens the login dialog", async () => {
    const context = await newContext(browser, stack);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/ayarlar');
    await page.getByRole('heading', { name: 'Giriş Yapın' }).waitFor();
    await page.locator('main').getByRole('button', { name: 'Giriş Yap' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Giriş Yap' }).waitFor();
  });
});

describe('questionnaire in Chromium', { timeout: 240_000 }, () => {
  it('walks the seven steps in every variant, then the analysis recommends polls of the member’s topics', async () => {
    const author = await createMember(stack, 'yazar', 'Yazar');
    await createPoll(stack, author, {
      title: 'En sevdiğin albüm?',
      category: 'muzik-playlist',
      options: ['Birinci', 'İkinci'],
    });

    for (const [index, variant] of variants.entries()) {
      const member = await createMember(stack, `test${index}`, `Testçi ${index}`);
      const { page, errors } = await open(member, variant);
      const shoot = async (step: number) => {
        await page.getByText(`Adım ${step} / 7`).waitFor();
        if (variant.viewport === desktop)
          await expectNoAxeViolations(page, `questionnaire step ${step} ${variant.name}`);
        await screenshot(page, `questionnaire-step${step}-${variant.name}`);
      };
      const next = () => page.getByRole('button', { name: /^(İleri|Tamamla)$/ }).click();

      await page.goto('/kisilik-testi');
      await settled(page, 'member');
      await shoot(1);
      await page.getByLabel('Doğum tarihi').fill('1995-05-05');
      await page.getByLabel('Doğum saati').fill('06:00');
      await page.getByLabel('İlçe').selectOption('Kadıköy');
      await page.getByLabel('Kadın').check();
      await next();
      await shoot(2);
      await expect(page.locator('[data-sun-sign]').textContent()).resolves.toBe('Boğa');
      await page.getByRole('radio', { name: /Boğa/ }).check({ force: true });
      await next();
      for (let step = 3; step <= 6; step++) {
        await shoot(step);
        // The third option of every question on the page.
        for (const group of await page.locator('fieldset').all()) await group.getByRole('radio').nth(2).check();
        await next();
      }
      await shoot(7);
      await next();
      await toast(page, 'Tamamlandı! 🎉');
      await page.getByRole('button', { name: 'Analizi Başlat' }).waitFor();
      if (variant.viewport === desktop) await expectNoAxeViolations(page, `analysis start ${variant.name}`);
      await screenshot(page, `questionnaire-analysis-start-${variant.name}`);

      // Votes feed the analysis too: this member's vote goes to music.
      const music = await call<{ polls: { id: string; title: string }[] }>(stack, 'GET', '/api/polls?feed=new', {
        sid: member.sid,
      });
      const album = music.body.polls.find((p) => p.title === 'En sevdiğin albüm?')!;
      expect(
        (await call(stack, 'POST', `/api/polls/${album.id}/vote`, { sid: member.sid, body: { optionIndex: 0 } }))
          .status,
      ).toBe(200);

      await page.getByRole('button', { name: 'Analizi Başlat' }).click();
      await page.getByRole('heading', { name: 'Kişilik Analizi Tamamlandı' }).waitFor();
      await page.getByRole('heading', { name: 'Sana önerilen anketler' }).waitFor();
      await page.locator('#onerilen').getByText('En sevdiğin albüm?').first().waitFor();
      if (variant.viewport === desktop) await expectNoAxeViolations(page, `analysis done ${variant.name}`);
      await screenshot(page, `questionnaire-analysis-done-${variant.name}`);
      expect(errors).toEqual([]);
    }
  });
});
