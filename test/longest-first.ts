import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Runs the longest test files first, so that the workers end together instead of one of them running the last
 * long file alone (longest-processing-time-first scheduling). The times come from `test/durations.json` (milliseconds
 * per file of a whole run on this machine, written by the summary reporter to `test-results/durations.json` after
 * every run of the whole suite: copy it over to refresh them). A file it does not list yet counts as a browser
 * journey's typical time when it is one, else as a short file. Vitest's own order (its cache of the last run, when
 * there is one) decides between equals.
 */
const durations: Record<string, number> = JSON.parse(
  readFileSync(new URL('./durations.json', import.meta.url), 'utf8'),
);
const UNKNOWN_BROWSER_MS = 25_000;
const UNKNOWN_MS = 1_000;

export const expectedMs = (file: string): number =>
  durations[file] ?? (file.startsWith('test/e2e/') ? UNKNOWN_BROWSER_MS : UNKNOWN_MS);

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const ms = (spec: TestSpecification) => expectedMs(relative(root, spec.moduleId));
    return [...(await super.sort(files))].sort((a, b) => ms(b) - ms(a));
  }
}
