/**
 * The run's last line (test/summary-reporter.ts): the counts CI reads, a file that failed in a hook counted as a
 * failure though its tests were never run (a fresh-clone run's failing beforeAll was summed as 0 failed, 1 skipped).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestModule } from 'vitest/node';
import SummaryReporter from './summary-reporter.js';

afterEach(() => vi.restoreAllMocks());

/** A finished file as the reporter sees it: its state and its tests' states. */
const fileOf = (root: string, name: string, state: string, tests: string[]) =>
  ({
    moduleId: join(root, name),
    project: { config: { root } },
    state: () => state,
    diagnostic: () => ({ duration: 1234.4 }),
    children: { size: tests.length, allTests: () => tests.map((s) => ({ result: () => ({ state: s }) })) },
  }) as unknown as TestModule;

function lastLine(modules: TestModule[], unhandled: unknown[] = []): string {
  let out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  new SummaryReporter().onTestRunEnd(modules, unhandled);
  vi.restoreAllMocks();
  return out.trim();
}

describe('the summary line', () => {
  it('sums passed, failed and skipped tests over the files, and writes each file’s time', () => {
    const root = mkdtempSync(join(tmpdir(), 'summary-'));
    const line = lastLine([
      fileOf(root, 'a.test.ts', 'passed', ['passed', 'passed', 'skipped']),
      fileOf(root, 'b.test.ts', 'failed', ['passed', 'failed', 'failed']),
    ]);
    expect(line).toBe('Tests: 3 passed, 2 failed, 1 skipped');
    expect(JSON.parse(readFileSync(join(root, 'test-results', 'durations.json'), 'utf8'))).toEqual({
      'a.test.ts': 1234,
      'b.test.ts': 1234,
    });
  });

  it('counts a file that failed with no failing test (a beforeAll that threw) as one failure', () => {
    const root = mkdtempSync(join(tmpdir(), 'summary-'));
    expect(lastLine([fileOf(root, 'hook.test.ts', 'failed', ['skipped'])])).toBe(
      'Tests: 0 passed, 1 failed, 1 skipped',
    );
    expect(lastLine([fileOf(root, 'syntax.test.ts', 'failed', [])])).toBe('Tests: 0 passed, 1 failed, 0 skipped');
  });

  it('counts each unhandled error as a failure', () => {
    const root = mkdtempSync(join(tmpdir(), 'summary-'));
    expect(lastLine([fileOf(root, 'a.test.ts', 'passed', ['passed'])], [new Error('late')])).toBe(
      'Tests: 1 passed, 1 failed, 0 skipped',
    );
  });
});
