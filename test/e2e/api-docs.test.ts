/**
 * The API documentation page in a real Chromium against the real stack: a visitor gets 'Giriş Gerekli'; a member sees
 * the endpoints rendered from the gateway's OpenAPI document, the code samples, the tiers and the security notes.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import { leaveStack, workerStack, type Stack } from './stack.js';
import {
  createMember,
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
let member: Member;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  stack = await workerStack();
  browser = await launchBrowser();
  member = await createMember(stack, 'api', 'API Deneyen');
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close().catch(() => undefined);
  await leaveStack(stack);
}, 60_000);

describe('API documentation page in Chromium', { timeout: 90_000 }, () => {
  for (const [size, viewport] of [
    ['desktop', desktop],
    ['mobile', mobile],
  ] as const) {
    it(`shows a visitor 'Giriş Gerekli' with a login button and the way home (${size})`, async () => {
      const context = await newContext(browser, stack, { viewport, theme: 'dark' });
      contexts.push(context);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto('/api-dokumantasyonu');
      await settled(page, 'visitor');
      const card = page.getByRole('region', { name: 'Giriş Gerekli' });
      await card.waitFor();
      await expect(card.getByRole('link', { name: 'Ana Sayfaya Dön' }).getAttribute('href')).resolves.toBe('/');
      expect(await page.locator('[data-operation]').count()).toBe(0);
      await expectNoAxeViolations(page, `api docs, visitor, ${size}`);
      await screenshot(page, `api-docs-visitor-${size}-dark`);
      await card.getByRole('button', { name: 'Giriş Yap' }).click();
      await page.getByRole('dialog').waitFor();
      expect(errors).toEqual([]);
    });

    it(`shows a member the endpoints from the OpenAPI document, samples, tiers and notes (${size})`, async () => {
      const context = await newContext(browser, stack, { viewport, sid: member.sid, theme: 'light' });
      contexts.push(context);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto('/api-documentation');
      await settled(page, 'member');
      // The documented calls, as the real document lists them.
      for (const operation of [
        'GET /api/polls',
        'POST /api/polls',
        'GET /api/polls/{id}',
        'POST /api/polls/{id}/vote',
      ]) {
        await page.locator(`[data-operation="${operation}"]`).waitFor();
      }
      const document = (await (await fetch(`${stack.origin}/api/openapi.json`)).json()) as {
        paths: Record<string, object>;
      };
      const listed = Object.values(document.paths).reduce<number>((n, ops) => n + Object.keys(ops).length, 0);
      expect(await page.locator('[data-operation]').count()).toBe(listed);

      const vote = page.locator('[data-operation="POST /api/polls/{id}/vote"]');
      await vote.locator('summary').click();
      await expect(vote.getByText('optionId').first().isVisible()).resolves.toBe(true);

      for (const tier of ['100 istek / saat', '1.000 istek / saat', '10.000 istek / saat'])
        await page.getByText(tier).waitFor();
      await page.getByText('Authorization: Bearer <API_ANAHTARIN>').first().waitFor();
      await expect(page.getByRole('link', { name: 'Ayarlar’a git' }).getAttribute('href')).resolves.toBe(
        '/ayarlar#api-anahtarlari',
      );
      for (const language of ['Python', 'cURL', 'JavaScript']) {
        await page.getByRole('button', { name: language, exact: true }).click();
        await page.getByRole('button', { name: language, exact: true, pressed: true }).waitFor();
      }
      await expect(page.getByText('"optionId": 0').first().isVisible()).resolves.toBe(true);
      await page.getByRole('heading', { name: 'Güvenlik Notları' }).waitFor();
      await expectNoAxeViolations(page, `api docs, member, ${size}`);
      await elementScreenshot(vote, `api-docs-vote-endpoint-${size}-light`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `api-docs-member-${size}-light`);
      expect(errors).toEqual([]);
    });
  }
});
