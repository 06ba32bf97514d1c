import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Runs the files lane by lane, and in each lane the longest first, so that the workers end together instead of one
 * of them running the last long file alone (longest-processing-time-first scheduling).
 *
 * A lane's files stay together because vitest keeps a worker that runs modules without isolation (`isolate: false`)
 * only while the next file in its queue is of the same lane: a `journeys` file followed by an `isolated` one ended
 * the worker, and with it the worker's stack (test/e2e/stack.ts `workerStack`) and the modules it had loaded, which
 * the next `journeys` file then started and loaded anew. Sorted by time alone, the lanes' files alternated, and a run
 * started about thirty worker stacks and fifty `shared` workers where three of each do.
 *
 * The lanes' order: the browser journeys first (the longest files, and the ones that keep the cores busiest), then
 * the web's tests (as busy), then the services' files, which wait on their servers more than they compute. The Web
 * Push journey and the chaos run on clusters run after all of them, each alone (their own groups in vitest.config.ts).
 *
 * The times come from `test/durations.json` (milliseconds per file of a whole run on this machine, written by the
 * summary reporter to `test-results/durations.json` after every run of the whole suite: copy it over to refresh them).
 * A file it does not list yet counts as a browser journey's typical time when it is one, else as a short file.
 * Vitest's own order (its cache of the last run, when there is one) decides between equals.
 */
const durations: Record<string, number> = JSON.parse(
  readFileSync(new URL('./durations.json', import.meta.url), 'utf8'),
);
const UNKNOWN_BROWSER_MS = 25_000;
const UNKNOWN_MS = 1_000;
/** The lanes in the order they run (vitest.config.ts); a lane not listed runs after these. */
export const LANE_ORDER = ['journeys', 'isolated', 'shared'];

export const expectedMs = (file: string): number =>
  durations[file] ?? (file.startsWith('test/e2e/') ? UNKNOWN_BROWSER_MS : UNKNOWN_MS);

const laneRank = (lane: string): number => {
  const rank = LANE_ORDER.indexOf(lane);
  return rank === -1 ? LANE_ORDER.length : rank;
};

/** The order of two files: by lane, then the longer first. */
export const runsBefore = (a: { file: string; lane: string }, b: { file: string; lane: string }): number =>
  laneRank(a.lane) - laneRank(b.lane) || expectedMs(b.file) - expectedMs(a.file);

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const of = (spec: TestSpecification) => ({ file: relative(root, spec.moduleId), lane: spec.project.name });
    return [...(await super.sort(files))].sort((a, b) => runsBefore(of(a), of(b)));
  }
}
