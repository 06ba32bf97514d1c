/**
 * The contact page in a real Chromium against the real stack: a visitor solves the real ALTCHA challenge (the
 * widget's worker under the site's CSP), sends a message and gets a ticket number; the support inbox and the sender
 * receive their mails in MailDev. A member finds the name filled in. Accessibility checked and screenshots taken,
 * desktop and mobile. The blog's newsletter box subscribes for real: the confirmation link from MailDev works once.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../harness.js';
import { expectNoAxeViolations } from './axe.js';
import { leaveStack, workerStack, type Stack } from './stack.js';
import {
  createMember,
  elementScreenshot,
  launchBrowser,
  mobile,
  newContext,
  screenshot,
  settled,
  watchErrors,
} from './support.js';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function open(options: Parameters<typeof newContext>[2] = {}): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, stack, options);
  contexts.push(context);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

const verified = (page: Page) =>
  page.waitForFunction(
    () =>
      (document.querySelector('altcha-widget') as (Element & { getState(): string }) | null)?.getState() === 'verified',
    undefined,
    { timeout: 60_000 },
  );

const mailTo = (address: string, subject: RegExp, timeoutMs = 20_000) =>
  until(
    async () =>
      (await stack.mail.messages()).find(
        (m) => m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()) && subject.test(m.subject),
      ),
    timeoutMs,
    `a mail to ${address} matching ${subject}`,
  );

beforeAll(async () => {
  stack = await workerStack();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await leaveStack(stack);
}, 60_000);

describe('contact page in Chromium', { timeout: 120_000 }, () => {
  it('a visitor sends a contact message solving the real challenge', async () => {
    const { page, errors } = await open();
    await page.goto('/iletisim?konu=teknik');
    await settled(page, 'visitor');
    expect(await page.getByLabel('Konu').inputValue()).toBe('teknik');
    await expect(page.getByText('7/24 canlı destek').isVisible()).resolves.toBe(true);

    const email = `ziyaretci.${Date.now()}@example.com`;
    const submit = page.getByRole('button', { name: 'Mesaj Gönder' });
    await page.getByLabel('Adınız').fill('Deniz Ziyaretçi');
    await page.getByLabel('E-posta adresiniz').fill(email);
    await page.getByLabel('Mesajınız').fill('Bildirimler telefonumda gecikmeli geliyor, neden olabilir?');
    await verified(page);
    await expect(submit.isEnabled()).resolves.toBe(true);
    await expectNoAxeViolations(page, 'contact page, filled in');
    await screenshot(page, 'contact-desktop-dark');

    await submit.click();
    const toast = page.locator('[data-toast]', { hasText: 'Başarılı!' }).first();
    await toast.waitFor();
    const ticket = (await toast.textContent())?.match(/MYD-\d{4}-\d{6}/)?.[0];
    expect(ticket, 'the success toast carries the ticket number').toBeTruthy();
    // The form starts over: fields emptied and a new challenge for the next message.
    expect(await page.getByLabel('Mesajınız').inputValue()).toBe('');
    expect(await page.getByLabel('Adınız').inputValue()).toBe('');

    const receipt = await mailTo(email, new RegExp(ticket!));
    expect(receipt.text).toContain('Yeni → İnceleniyor → Çözüm Aşamasında → Çözüldü');
    const support = await mailTo('destek@meydan.local', new RegExp(`\\[${ticket}\\] Teknik Destek`));
    expect(support.text).toContain('Bildirimler telefonumda gecikmeli geliyor');
    expect(errors).toEqual([]);
  });

  it('a member finds the name filled in; the page holds up on a phone', async () => {
    const member = await createMember(stack, 'iletisim', 'Elif İletişim');
    const { page, errors } = await open({ sid: member.sid, viewport: mobile });
    await page.goto('/iletisim');
    await settled(page, 'member');
    await page.waitForFunction(
      () => (document.querySelector('input[name="name"]') as HTMLInputElement | null)?.value === 'Elif İletişim',
    );
    expect(await page.getByLabel('Konu').inputValue()).toBe('');
    await verified(page);
    await expectNoAxeViolations(page, 'contact page, mobile, member');
    await screenshot(page, 'contact-mobile-dark');
    await elementScreenshot(page.locator('section[aria-labelledby="contact-form-title"]'), 'contact-mobile-form-dark');
    expect(errors).toEqual([]);
  });

  it('holds up in the light theme, desktop and phone, with the challenge solved', async () => {
    for (const [viewport, label] of [
      [undefined, 'desktop'],
      [mobile, 'mobile'],
    ] as const) {
      const { page, errors } = await open({ theme: 'light', ...(viewport ? { viewport } : {}) });
      await page.goto('/iletisim');
      await settled(page, 'visitor');
      expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('light');
      await verified(page);
      await expectNoAxeViolations(page, `contact page, ${label}, light`);
      await screenshot(page, `contact-${label}-light`);
      expect(errors).toEqual([]);
    }
  });

  it('a visitor subscribes to the newsletter from the blog box and confirms through the mailed link', async () => {
    const { page, errors } = await open();
    await page.goto('/blog');
    await settled(page, 'visitor');
    const email = `okur.${Date.now()}@example.com`;
    const box = page.locator('[data-newsletter]').first();
    await box.locator('input').fill(email);
    await box.getByRole('button', { name: 'Abone Ol' }).click();
    await page.locator('[data-toast]', { hasText: 'Aboneliğini onaylaman için' }).first().waitFor();

    const mail = await mailTo(email, /bülten aboneliğini onayla/);
    const confirm = mail.text.match(/https?:\/\/\S+\/api\/newsletter\/confirm\/\S+/)![0];
    expect(mail.text).toMatch(/\/api\/newsletter\/unsubscribe\/\S+/);
    await page.goto(confirm);
    await page.getByRole('heading', { name: 'Aboneliğin onaylandı' }).waitFor();
    await page.goto(confirm);
    await page.getByRole('heading', { name: 'Bu bağlantı geçersiz' }).waitFor();
    expect(errors).toEqual([]);
  });
});
