/**
 * Ranked choice ('Sıralamalı oy', proto's `pollKinds` 'ranked'): the one place its rules live besides the count itself
 * (runoff.ts). Pure.
 *
 * - Creation: `kind: 'ranked'`. One ballot is one ranking, so `maxChoices` stays 1, and its votes are final
 *   (`allowVoteChange: true` is refused, as on a quiz): a change would have to move a ranking's counter, which the
 *   vote-change step does not know; a vote change or take-back is then the 403 of any poll that keeps votes final.
 * - The ballot: `{ranking: [2, 0, 1]}`, most preferred first, some or all options, each once; a ranked poll takes no
 *   `optionIndex`/`optionIndexes`/`optionId`, and another poll no `ranking`. Each refusal is a Turkish 400.
 * - Counting: Redis keeps the ballot as '>2,0,1' (ballots.ts `ballotField`) in the voters hash and, in the same Lua
 *   step, counts it under that field of the poll's counts hash beside its first preference's option counter, so the
 *   option counts and totals are the first preferences and the ballots. MongoDB's vote keeps `ranking`; a rebuild
 *   counts the same fields from it.
 * - The answer: `kind: 'ranked'` always; `runoff` (runoff.ts) wherever the counts show (`resultsVisible`), hidden with
 *   them.
 */
import { pollMessages, type PollRunoff } from '@meydan/proto';
import type { BallotProblem } from './ballots.js';
import type { PollCounts } from './counts.js';
import { isQuiz, type QuizFacts } from './quiz.js';
import { instantRunoff, rankedBallotsOf, type Runoff } from './runoff.js';

export const isRanked = (poll: { kind?: string | null | undefined }): boolean => poll.kind === 'ranked';

/**
 * A poll's kind as its creation event and the admin's polls page carry it: 'quiz' (never its answer) or 'ranked';
 * nothing for a standard poll.
 */
export const announcedKind = (poll: QuizFacts): { kind?: 'quiz' | 'ranked' } =>
  isQuiz(poll) ? { kind: 'quiz' } : isRanked(poll) ? { kind: 'ranked' } : {};

export interface RankedProblem {
  field: string;
  message: string;
}

/** Why a create body cannot make a ranked poll (Turkish, for a 400); null when it can or is not ranked. */
export function rankedCreationProblem(body: {
  kind?: string | undefined;
  maxChoices?: number | undefined;
  allowVoteChange?: boolean | undefined;
}): RankedProblem | null {
  if (body.kind !== 'ranked') return null;
  if ((body.maxChoices ?? 1) !== 1) return { field: 'maxChoices', message: pollMessages.rankedSingleBallot };
  if (body.allowVoteChange === true) return { field: 'allowVoteChange', message: pollMessages.rankedVoteChange };
  return null;
}

/** A vote body's fields, as the schema let them through. */
export interface VoteBodyFields {
  ranking?: readonly number[] | undefined;
  optionIndex?: number | undefined;
  optionIndexes?: readonly number[] | undefined;
  optionId?: number | string | undefined;
}

/** Whether the body's ballot fits the poll's kind: a ranking for a ranked poll and only there. */
export function ballotKindProblem(ranked: boolean, body: VoteBodyFields): RankedProblem | null {
  const plain = body.optionIndex !== undefined || body.optionIndexes !== undefined || body.optionId !== undefined;
  if (!ranked) return body.ranking === undefined ? null : { field: 'ranking', message: pollMessages.rankingOnlyRanked };
  if (body.ranking === undefined || plain) return { field: 'ranking', message: pollMessages.rankingRequired };
  return null;
}

/** Why a ranking cannot be a ballot on a poll of `optionsCount` options, or null when it can. */
export function rankingProblem(ranking: readonly number[], optionsCount: number): BallotProblem | null {
  if (ranking.length === 0) return { path: 'ranking', message: pollMessages.rankingEmpty };
  if (ranking.some((i) => !Number.isInteger(i) || i < 0 || i >= optionsCount))
    return { path: 'ranking', message: pollMessages.rankingInvalid };
  if (new Set(ranking).size !== ranking.length) return { path: 'ranking', message: pollMessages.rankingDuplicate };
  return null;
}

/** A ranked poll's instant runoff from its counts (the ballots per ranking its counter keeps beside the options'). */
export const runoffOf = (optionsCount: number, counts: PollCounts): Runoff =>
  instantRunoff(optionsCount, rankedBallotsOf(counts.rankings ?? {}));

/** A ranked poll's fields of an answer: its kind, and the runoff where the viewer sees the counts. */
export function rankedFields(
  poll: { kind?: string | null | undefined },
  optionsCount: number,
  resultsVisible: boolean,
  counts: PollCounts,
): { kind?: 'ranked'; runoff?: PollRunoff } {
  if (!isRanked(poll)) return {};
  if (!resultsVisible) return { kind: 'ranked' };
  return { kind: 'ranked', runoff: runoffOf(optionsCount, counts) };
}
