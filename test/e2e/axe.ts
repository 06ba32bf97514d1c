/**
 * The accessibility gate: axe-core's WCAG 2.1 A/AA rules run inside a Playwright page. Any screen's or dialog's
 * browser test calls `expectNoAxeViolations(page, label)` once it shows what it wants checked; a violation fails with
 * the rule, the offending elements and the label (route, role, theme, viewport) so the report says where to look.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** Read once; the site's CSP allows only its own scripts, so the source goes in through `page.evaluate`. */
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: {
    target: string[];
    html: string;
    failureSummary: string;
    /** Added here: the element as a person finds it (styled-components class names say little), e.g. 'button "Beğen" in header'. */
    where?: string;
  }[];
}

interface AxeRunOptions {
  /** Limit the check to part of the page, e.g. '[role="dialog"]' (default: the whole document). */
  include?: string;
}

/** Runs axe-core in the page and returns its WCAG 2.1 A/AA violations. */
export async function axeViolations(page: Page, options: AxeRunOptions = {}): Promise<AxeViolation[]> {
  // A control whose colours change as its state changes (a send button enabled once the challenge is solved), or a
  // lazily loaded dialog that starts fading in just as axe runs, would be measured half-way: from the first check on,
  // transitions and animations are instant.
  await page.evaluate(() => {
    if (document.getElementById('axe-no-transitions')) return;
    const style = document.createElement('style');
    style.id = 'axe-no-transitions';
    style.textContent =
      '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; animation-duration: 0s !important; animation-delay: 0s !important; }';
    document.head.append(style);
  });
  // A dialog still fading in would be measured half-transparent: let finite animations end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!injected) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ tags, include }) => {
      const axe = (
        window as unknown as {
          axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> };
        }
      ).axe;
      const result = await axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      const violations = result.violations as AxeViolation[];
      const text = (el: Element) =>
        (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
      const name = (el: Element) => {
        const role = el.getAttribute('role');
        return `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''}`;
      };
      for (const node of violations.flatMap((violation) => violation.nodes)) {
        const selector = node.target[0];
        const el = typeof selector === 'string' ? document.querySelector(selector) : null;
        if (!el) continue;
        const around = el.parentElement?.closest('[role="dialog"], article, header, nav, main, footer, form, section');
        node.where = `${name(el)} "${text(el)}"${around ? ` in ${name(around)} "${text(around).slice(0, 30)}"` : ''}`;
      }
      return violations;
    },
    { tags: [...wcagTags], include: options.include ?? null },
  );
}

/** One line per offending element: rule (impact) at the label, target selector, what axe says to fix. */
export function formatViolations(label: string, violations: readonly AxeViolation[]): string {
  const lines = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'n/a'}) at ${label}: ${node.where ?? ''} — ${node.target.join(' ')}\n` +
        `    ${node.html.slice(0, 160)}\n    ${violation.help}. ${node.failureSummary.replace(/\s+/g, ' ').slice(0, 300)}`,
    ),
  );
  const count = violations.reduce((sum, v) => sum + v.nodes.length, 0);
  return `${count} accessibility violation(s) at ${label}:\n${lines.join('\n')}`;
}

/**
 * Collects the violations of many checks (a route sweep) and fails once with all of them, so one run shows every
 * place to fix rather than the first.
 */
export class AxeReport {
  private readonly failures: string[] = [];
  private checks = 0;

  async check(page: Page, label: string, options: AxeRunOptions = {}): Promise<void> {
    this.checks += 1;
    const violations = await axeViolations(page, options);
    if (violations.length > 0) this.failures.push(formatViolations(label, violations));
  }

  /** Throws with every violation found, or returns the number of clean checks. */
  assertClean(): number {
    if (this.failures.length > 0) {
      throw new Error(`${this.failures.length} of ${this.checks} checks failed:\n\n${this.failures.join('\n\n')}`);
    }
    return this.checks;
  }
}

/** Fails with a readable report when the page (or the `include` part of it) has any WCAG 2.1 A/AA violation. */
export async function expectNoAxeViolations(page: Page, label: string, options: AxeRunOptions = {}): Promise<void> {
  const violations = await axeViolations(page, options);
  if (violations.length > 0) throw new Error(formatViolations(label, violations));
}
