/**
 * The login dialog's account security in a real Chromium against the real stack: the ALTCHA widget after repeated
 * failures (solved in the browser under the site's CSP), and "Şifremi unuttum" → mail in MailDev → /sifre-sifirla
 * → sign in with the new password.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaveStack, workerStack, type Stack } from './stack.js';
import { expectNoAxeViolations } from './axe.js';
import { call, createMember, launchBrowser, mailedLink, newContext, screenshot, watchErrors } from './support.js';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function open(sid?: string): Promise<{ page: Page; errors: string[] }> {
  const context = await newContext(browser, stack, sid ? { sid } : {});
  contexts.push(context);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text }).first().waitFor();

/** The password-reset link of the newest mail to `email` in MailDev. */
const resetLink = (email: string) =>
  mailedLink(stack, email, /https?:\/\/[^\s"'<>]+\/sifre-sifirla\?token=[A-Za-z0-9_%-]+/, 'a password-reset mail');

beforeAll(async () => {
  stack = await workerStack();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await leaveStack(stack);
}, 60_000);

describe('login dialog security in Chromium', { timeout: 90_000 }, () => {
  it('after 3 wrong passwords shows the ALTCHA widget, which solves in the browser, and the right password logs in', async () => {
    const selin = await createMember(stack, 'selin', 'Selin Aydın');
    const { page, errors } = await open();
    await page.goto('/');
    await page.getByRole('button', { name: 'Giriş Yap' }).first().click();
    const dialog = page.getByRole('dialog');
    const submit = dialog.getByRole('button', { name: 'Giriş Yap' });
    await dialog.getByLabel('E-posta').fill(selin.email);
    for (let i = 0; i < 3; i++) {
      await dialog.getByLabel('Şifre').fill(`yanlis-sifre-${i}`);
      await submit.click();
      await dialog.getByRole('button', { name: 'Giriş yapılıyor...' }).waitFor({ state: 'detached' });
    }
    expect(await dialog.locator('altcha-widget').count()).toBe(0);

    await dialog.getByLabel('Şifre').fill(selin.password);
    await submit.click();
    await toast(page, 'güvenlik doğrulamasını tamamla');
    const widget = dialog.locator('altcha-widget');
    await widget.waitFor();
    // The proof of work runs in a worker; the button waits for it.
    await page.waitForFunction(
      () =>
        (document.querySelector('altcha-widget') as (Element & { getState(): string }) | null)?.getState() ===
        'verified',
      undefined,
      { timeout: 60_000 },
    );
    await expect(submit.isEnabled()).resolves.toBe(true);
    await screenshot(page, 'login-challenge-desktop-dark');
    await submit.click();
    await toast(page, 'Giriş Başarılı!');
    await page.getByRole('button', { name: 'Çıkış Yap' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('asks the settings page for the ALTCHA widget after 3 wrong current passwords; solved, the right one changes the password', async () => {
    const deniz = await createMember(stack, 'denizsifre', 'Deniz Er');
    const { page, errors } = await open(deniz.sid);
    await page.goto('/ayarlar');
    const form = page.locator('form[aria-labelledby="settings-password"]');
    const submit = form.getByRole('button', { name: 'Şifreyi değiştir' });
    await form.getByLabel('Yeni şifre', { exact: true }).fill('yepyeni-sifre-1');
    await form.getByLabel('Yeni şifre (tekrar)').fill('yepyeni-sifre-1');
    for (let i = 0; i < 3; i++) {
      await form.getByLabel('Mevcut şifre').fill(`yanlis-sifre-${i}`);
      const [answer] = await Promise.all([
        page.waitForResponse((res) => res.url().endsWith('/api/auth/password')),
        submit.click(),
      ]);
      expect(answer.status()).toBe(403);
    }
    expect(await form.locator('altcha-widget').count()).toBe(0);
    await form.getByLabel('Mevcut şifre').fill(deniz.password);
    await submit.click();
    await toast(page, 'güvenlik doğrulamasını tamamla');
    await form.locator('altcha-widget').waitFor();
    await page.waitForFunction(
      () =>
        (document.querySelector('altcha-widget') as (Element & { getState(): string }) | null)?.getState() ===
        'verified',
      undefined,
      { timeout: 60_000 },
    );
    await expect(submit.isEnabled()).resolves.toBe(true);
    await expectNoAxeViolations(page, 'settings password change with the challenge');
    await submit.click();
    await toast(page, 'Şifre değiştirildi');
    const relogin = await call(stack, 'POST', '/api/login', {
      body: { email: deniz.email, password: 'yepyeni-sifre-1' },
    });
    expect(relogin.status).toBe(200);
    expect(errors).toEqual([]);
  });

  it('"Şifremi unuttum" mails a link; its page sets a new password that then signs in, and the link works once', async () => {
    const emre = await createMember(stack, 'emre', 'Emre Şahin');
    const { page, errors } = await open();
    await page.goto('/');
    await page.getByRole('button', { name: 'Giriş Yap' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Şifremi unuttum' }).click();
    await dialog.getByRole('heading', { name: 'Şifremi unuttum' }).waitFor();
    await dialog.getByLabel('E-posta').fill(emre.email);
    await dialog.getByRole('button', { name: 'Bağlantı gönder' }).click();
    await dialog
      .getByText('Bu adrese kayıtlı bir hesap varsa şifre sıfırlama bağlantısı gönderdik. Bağlantı 1 saat geçerlidir.')
      .waitFor();

    const link = new URL(await resetLink(emre.email));
    expect(link.pathname).toBe('/sifre-sifirla');
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('heading', { level: 1, name: 'Şifreni Sıfırla' }).waitFor();
    await page.getByLabel('Yeni şifre', { exact: true }).fill('kisa');
    await page.getByLabel('Yeni şifre (tekrar)').fill('kisa');
    await page.getByRole('button', { name: 'Şifremi değiştir' }).click();
    await page.getByText('Şifre en az 6 karakter olmalıdır!').waitFor();
    await page.getByLabel('Yeni şifre', { exact: true }).fill('yepyeni-sifre-1');
    await page.getByLabel('Yeni şifre (tekrar)').fill('yepyeni-sifre-1');
    await page.getByRole('button', { name: 'Şifremi değiştir' }).click();
    await page
      .getByText(
        'Şifren değiştirildi. Tüm cihazlardaki oturumların kapatıldı ve API anahtarların iptal edildi; yeni şifrenle giriş yapabilirsin.',
      )
      .waitFor();

    await page.getByRole('button', { name: 'Giriş Yap' }).last().click();
    const login = page.getByRole('dialog');
    await login.getByLabel('E-posta').fill(emre.email);
    await login.getByLabel('Şifre').fill('yepyeni-sifre-1');
    await login.getByRole('button', { name: 'Giriş Yap' }).click();
    await toast(page, 'Giriş Başarılı!');
    await page.getByRole('button', { name: 'Çıkış Yap' }).waitFor();

    // The same link a second time: refused, in Turkish, with the way to a new one.
    const again = await open();
    await again.page.goto(`${link.pathname}${link.search}`);
    await again.page.getByLabel('Yeni şifre', { exact: true }).fill('baska-sifre-2');
    await again.page.getByLabel('Yeni şifre (tekrar)').fill('baska-sifre-2');
    await again.page.getByRole('button', { name: 'Şifremi değiştir' }).click();
    await again.page
      .getByText('Bu şifre sıfırlama bağlantısı daha önce kullanılmış. Gerekirse yeni bir bağlantı iste.')
      .waitFor();
    await screenshot(again.page, 'reset-password-used-link-desktop-dark');
    // A new link can be asked for right there.
    const requestNew = again.page.getByRole('region', { name: 'Yeni bağlantı iste' });
    await requestNew.getByLabel('E-posta').fill(emre.email);
    await requestNew.getByRole('button', { name: 'Bağlantı gönder' }).click();
    await requestNew
      .getByText('Bu adrese kayıtlı bir hesap varsa şifre sıfırlama bağlantısı gönderdik.', { exact: false })
      .waitFor();
    expect([...errors, ...again.errors]).toEqual([]);
  });
});
