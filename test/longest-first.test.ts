/**
 * The order the workers take the files in (test/longest-first.ts): lane by lane, so that a worker that keeps its
 * modules (and a `journeys` worker its stack) is not ended by a file of another lane between two of its own, and the
 * longest first within a lane.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import LongestFirst, { expectedMs, LANE_ORDER } from './longest-first.js';

const root = '/clone';
const specOf = (lane: string, file: string) =>
  ({
    moduleId: join(root, file),
    project: { name: lane, config: { sequence: { groupOrder: 0 }, isolate: lane === 'isolated' } },
  }) as unknown as TestSpecification;
// A run with no cache of an earlier one, as on a fresh clone.
const sequencer = new LongestFirst({
  config: { root },
  cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
} as unknown as ConstructorParameters<typeof LongestFirst>[0]);
const order = async (specs: TestSpecification[]) =>
  (await sequencer.sort(specs)).map((s) => `${s.project.name} ${s.moduleId.slice(root.length + 1)}`);

describe('the order of a run’s files', () => {
  it('keeps each lane’s files together, in the lanes’ order, where their times alone would alternate them', async () => {
    // By time alone these alternate: the journey is shorter than the web's test, which is longer than the services'.
    expect(expectedMs('test/e2e/quiz.test.ts')).toBeLessThan(expectedMs('web/test/screens.test.tsx'));
    expect(expectedMs('services/polls/test/votes.test.ts')).toBeLessThan(expectedMs('web/test/screens.test.tsx'));
    const specs = [
      specOf('isolated', 'web/test/screens.test.tsx'),
      specOf('shared', 'services/polls/test/votes.test.ts'),
      specOf('journeys', 'test/e2e/quiz.test.ts'),
      specOf('isolated', 'services/polls/test/feeds.test.ts'),
      specOf('journeys', 'deploy/test/deploy.test.ts'),
      specOf('shared', 'services/kit/test/by-id.test.ts'),
    ];
    const lanes = (await order(specs)).map((line) => line.split(' ')[0]);
    expect(lanes).toEqual(['journeys', 'journeys', 'isolated', 'isolated', 'shared', 'shared']);
    expect(LANE_ORDER).toEqual(['journeys', 'isolated', 'shared']);
  });

  it('runs the longest first within a lane, and a journey it has no time for as a typical one', async () => {
    expect(expectedMs('deploy/test/deploy.test.ts')).toBeGreaterThan(expectedMs('test/e2e/quiz.test.ts'));
    expect(expectedMs('test/e2e/not-timed-yet.test.ts')).toBe(25_000);
    expect(expectedMs('services/polls/test/not-timed-yet.test.ts')).toBe(1_000);
    const specs = [
      specOf('journeys', 'test/e2e/quiz.test.ts'),
      specOf('journeys', 'test/e2e/not-timed-yet.test.ts'),
      specOf('journeys', 'deploy/test/deploy.test.ts'),
    ];
    const expected = ['deploy/test/deploy.test.ts', 'test/e2e/quiz.test.ts', 'test/e2e/not-timed-yet.test.ts'].sort(
      (a, b) => expectedMs(b) - expectedMs(a),
    );
    expect(await order(specs)).toEqual(expected.map((file) => `journeys ${file}`));
    expect(expected[0]).toBe('deploy/test/deploy.test.ts');
  });

  it('runs a lane it does not know after the known ones', async () => {
    const specs = [specOf('later', 'test/e2e/a.test.ts'), specOf('isolated', 'web/test/b.test.tsx')];
    expect(await order(specs)).toEqual(['isolated web/test/b.test.tsx', 'later test/e2e/a.test.ts']);
  });
});
