/**
 * Ballots: what one voter marks on one poll. A single-choice poll's ballot is one option; a multiple-choice poll's
 * ('Birden fazla seçim') one to `maxChoices` distinct options; a ranked poll's ('Sıralamalı oy') a ranking of some or
 * all options, most preferred first. Redis keeps a ballot as its indexes joined by commas ("1", "0,2"), so a single
 * choice is stored exactly as before multiple choice existed; a ranking keeps its order behind a mark (">2,0,1"), which
 * the vote's Lua step reads as "count the first preference and this ranking" (counter-scripts.ts `countBallot`).
 */
import { pollMessages } from '@meydan/proto';

export interface BallotProblem {
  path: 'optionIndex' | 'optionIndexes' | 'ranking';
  message: string;
}

/** The Turkish refusal of a ballot with more options than the poll allows. */
export const tooManyChoices = (maxChoices: number): string =>
  maxChoices === 1 ? pollMessages.singleChoiceOnly : `Bu ankette en fazla ${maxChoices} seçenek işaretleyebilirsin`;

/** Why a ballot cannot be cast on a poll of `optionsCount` options allowing `maxChoices`, or null when it can. */
export function ballotProblem(
  indexes: readonly number[],
  optionsCount: number,
  maxChoices: number,
): BallotProblem | null {
  const path = indexes.length > 1 ? 'optionIndexes' : 'optionIndex';
  if (indexes.length === 0) return { path: 'optionIndexes', message: pollMessages.optionRequired };
  if (indexes.some((i) => !Number.isInteger(i) || i < 0 || i >= optionsCount))
    return { path, message: pollMessages.optionInvalid };
  if (new Set(indexes).size !== indexes.length) return { path, message: pollMessages.optionIndexesDuplicate };
  if (indexes.length > maxChoices) return { path, message: tooManyChoices(maxChoices) };
  return null;
}

/** A valid ballot in its stored order (ascending). */
export const sortedBallot = (indexes: readonly number[]): number[] => [...indexes].sort((a, b) => a - b);

/** What marks a ranked ballot's Redis value (and its counter's field in the poll's counts hash). */
export const RANKING_MARK = '>';

/** The Redis voters-hash value of a ballot (`ranked`: a ranking, kept in its order behind RANKING_MARK). */
export const ballotField = (indexes: readonly number[], ranked = false): string =>
  (ranked ? RANKING_MARK : '') + indexes.join(',');

/** A ballot from its Redis voters-hash value (a ranking in its order). */
export const ballotOf = (field: string): number[] =>
  (field.startsWith(RANKING_MARK) ? field.slice(RANKING_MARK.length) : field).split(',').map(Number);

/** A stored vote or a vote's event: single-choice ballots carry only optionIndex, ranked ones their ranking too. */
export interface StoredBallot {
  optionIndex: number;
  optionIndexes?: readonly number[] | null | undefined;
  ranking?: readonly number[] | null | undefined;
}

/** The options of a stored vote (a ranked vote's in its ranking's order). */
export const ballotOfVote = (vote: StoredBallot): number[] => {
  if (vote.ranking && vote.ranking.length > 0) return [...vote.ranking];
  return vote.optionIndexes && vote.optionIndexes.length > 0 ? [...vote.optionIndexes] : [vote.optionIndex];
};

/** The Redis voters-hash value of a stored vote. */
export const fieldOfVote = (vote: StoredBallot): string =>
  ballotField(ballotOfVote(vote), Boolean(vote.ranking && vote.ranking.length > 0));

/**
 * Counts a ballot's Redis value into a counts hash as the vote's Lua step does (counter-scripts.ts `countBallot`): a
 * ranking its first preference and its own field, any other ballot each of its options.
 */
export function countBallotInto(counts: Record<string, number>, field: string): void {
  const add = (key: string) => {
    counts[key] = (counts[key] ?? 0) + 1;
  };
  const ballot = ballotOf(field);
  if (field.startsWith(RANKING_MARK)) {
    add(String(ballot[0]));
    add(field);
  } else for (const option of ballot) add(String(option));
}
