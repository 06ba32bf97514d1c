import { mkdirSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Closes a run with one plain line, `Tests: N passed, N failed, N skipped`, without colours: the default reporter's
 * summary is coloured and laid out for people, while CI and other tools read the counts from the last line. It also
 * writes each file's time (ms) to `test-results/durations.json`, longest first: copied over `test/durations.json`
 * after a whole run, it is what the longest-first order (test/longest-first.ts) goes by.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') failedHere += 1;
        else counts.skipped += 1;
      }
      // A file that failed with none of its tests failing (a syntax error, a failing beforeAll, which leaves its tests
      // skipped) counts as one failure.
      counts.failed += module.state() === 'failed' ? Math.max(failedHere, 1) : failedHere;
    }
    counts.failed += unhandledErrors.length;
    writeDurations(testModules);
    process.stdout.write(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}

function writeDurations(testModules: ReadonlyArray<TestModule>): void {
  const root = testModules[0]?.project.config.root;
  if (!root) return;
  const times = testModules
    .map((module) => [relative(root, module.moduleId), Math.round(module.diagnostic().duration)] as const)
    .sort(([, a], [, b]) => b - a);
  mkdirSync(`${root}/test-results`, { recursive: true });
  writeFileSync(`${root}/test-results/durations.json`, `${JSON.stringify(Object.fromEntries(times), null, 1)}\n`);
}
