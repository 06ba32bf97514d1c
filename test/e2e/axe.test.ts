/**
 * The gate itself, on pages made here (no stack): a violation fails with the rule, a findable description of the
 * element and the label; a clean page passes.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeReport, expectNoAxeViolations } from './axe.js';
import { launchBrowser } from './support.js';

let browser: Browser;
let page: Page;

const shell = (body: string) =>
  `<!doctype html><html lang="tr"><head><title>Deneme</title></head><body><main>${body}</main></body></html>`;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
});

describe('the accessibility gate', () => {
  it('fails on each violation with its rule, the element and where it was found', async () => {
    await page.setContent(
      shell(`
        <ul role="group" aria-label="Seçenekler"><li><button type="button">Xbox</button></li></ul>
        <p style="color:#aaa;background:#fff">Soluk yazı</p>
        <a href="/" aria-label="Ana sayfa"><span>Meydan</span></a>`),
    );
    const failure = await expectNoAxeViolations(page, '/deneme [visitor, light, desktop]').then(
      () => null,
      (err: Error) => err.message,
    );
    expect(failure).toContain('3 accessibility violation(s) at /deneme [visitor, light, desktop]');
    expect(failure).toMatch(/listitem \(serious\) at \/deneme \[visitor, light, desktop\]: li "Xbox" in main/);
    expect(failure).toMatch(/color-contrast \(serious\) at .*: p "Soluk yazı"/);
    expect(failure).toMatch(/label-content-name-mismatch \(serious\) at .*: a "Ana sayfa"/);
  });

  it('passes a clean page, and a report counts its clean checks', async () => {
    await page.setContent(
      shell('<ul aria-label="Seçenekler"><li><button type="button">Xbox</button></li></ul><a href="/">Meydan</a>'),
    );
    await expectNoAxeViolations(page, '/temiz');
    const report = new AxeReport();
    await report.check(page, '/temiz');
    await report.check(page, '/temiz, again');
    expect(report.assertClean()).toBe(2);
  });
});
