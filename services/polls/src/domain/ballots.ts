/**
 * Ballots: what one voter marks on one poll. A single-choice poll's ballot is one option; a multiple-choice poll's
 * ('Birden fazla seçim') one to `maxChoices` distinct options. Redis keeps a ballot as its indexes joined by commas
 * ("1", "0,2"), so a single choice is stored exactly as before multiple choice existed.
 */
import { pollMessages } from '@meydan/proto';

export interface BallotProblem {
  path: 'optionIndex' | 'optionIndexes';
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

/** The Redis voters-hash value of a ballot. */
export const ballotField = (indexes: readonly number[]): string => indexes.join(',');

/** A ballot from its Redis voters-hash value. */
export const ballotOf = (field: string): number[] => field.split(',').map(Number);

/** The options of a stored vote (documents of single-choice ballots carry only optionIndex). */
export const ballotOfVote = (vote: {
  optionIndex: number;
  optionIndexes?: readonly number[] | null | undefined;
}): number[] => (vote.optionIndexes && vote.optionIndexes.length > 0 ? [...vote.optionIndexes] : [vote.optionIndex]);
