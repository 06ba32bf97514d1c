/**
 * Quiz mode ('Bilgi yarışması', proto's `pollKinds`): the one place its rules live. Pure: the callers bring the poll's
 * facts, the viewer and whether the viewer voted.
 *
 * - Creation: `kind: 'quiz'` with `correctOptionIndexes`, one or more of its options, each once, and not all of them
 *   (a question every answer wins is no question). A quiz is single choice (`maxChoices` 1) and its votes are final
 *   (`allowVoteChange` false): a ballot is right iff its one option is one of the correct ones, so the share who
 *   answered right is the sum of their counts over the ballots — read from the counters every vote already keeps,
 *   and rebuilt from MongoDB's votes with them; no counter of its own. Votes being final, a vote change or take-back
 *   is refused as on any poll that does not allow it (403 `vote_change_not_allowed`), and the options of a scheduled
 *   quiz cannot be edited (the marked answers would move).
 * - The answer: its creator sees it always; anyone else who may see the poll once they voted on it or it ended.
 *   Before that, no answer of the service carries it (poll JSON on every route, the vote's answer, share page, embeds,
 *   previews); the live counts never carry it. The right-answer count is shown with the answer and only where the
 *   viewer sees the counts (it is one of them).
 */
import { pollMessages, type PollKind } from '@meydan/proto';
import { pollEnded } from './results-visibility.js';

export interface QuizFacts {
  kind?: string | null;
  correctOptionIndexes?: readonly number[] | null;
}

export interface QuizBody {
  kind?: PollKind | undefined;
  correctOptionIndexes?: readonly number[] | undefined;
  maxChoices?: number | undefined;
  allowVoteChange?: boolean | undefined;
}

export interface QuizProblem {
  field: 'kind' | 'correctOptionIndexes' | 'maxChoices' | 'allowVoteChange';
  message: string;
}

/** What a create body makes of a poll's kind: standard (no answer) or a quiz with its correct option(s). */
export type QuizShape =
  | { kind: 'standard'; correctOptionIndexes: null }
  | { kind: 'quiz'; correctOptionIndexes: number[] };

export const isQuiz = (poll: QuizFacts): boolean =>
  poll.kind === 'quiz' && (poll.correctOptionIndexes?.length ?? 0) > 0;

/** The create body's quiz fields against its options, or why they cannot make a poll (Turkish, for a 400). */
export function quizShapeOf(body: QuizBody, optionsCount: number): QuizShape | QuizProblem {
  const correct = body.correctOptionIndexes;
  if (body.kind !== 'quiz') {
    if (correct !== undefined) return { field: 'correctOptionIndexes', message: pollMessages.correctOnlyQuiz };
    return { kind: 'standard', correctOptionIndexes: null };
  }
  if (!correct || correct.length === 0)
    return { field: 'correctOptionIndexes', message: pollMessages.quizCorrectRequired };
  if (correct.some((i) => !Number.isInteger(i) || i < 0 || i >= optionsCount))
    return { field: 'correctOptionIndexes', message: pollMessages.quizCorrectOutOfRange };
  if (new Set(correct).size !== correct.length)
    return { field: 'correctOptionIndexes', message: pollMessages.quizCorrectDuplicate };
  if (correct.length >= optionsCount) return { field: 'correctOptionIndexes', message: pollMessages.quizAllCorrect };
  if ((body.maxChoices ?? 1) !== 1) return { field: 'maxChoices', message: pollMessages.quizSingleChoice };
  if (body.allowVoteChange === true) return { field: 'allowVoteChange', message: pollMessages.quizVoteChange };
  return { kind: 'quiz', correctOptionIndexes: [...correct].sort((a, b) => a - b) };
}

/** Whether the viewer (a member's id, or null for a visitor) may be told a quiz's correct options now. */
export function answerVisibleTo(
  poll: QuizFacts & { creatorId: string; expiresAt?: Date | null; closedAt?: Date | null },
  viewerId: string | null,
  hasVoted: boolean,
  now: Date,
): boolean {
  if (!isQuiz(poll)) return false;
  if (viewerId !== null && viewerId === poll.creatorId) return true;
  return hasVoted || pollEnded(poll, now);
}

/** Whether a ballot is right: a quiz is single choice, so its one option is one of the correct ones. */
export function ballotIsCorrect(ballot: readonly number[], correct: readonly number[]): boolean {
  return ballot.length === 1 && correct.includes(ballot[0]!);
}

/**
 * The ballots that are right, from the per-option counts: each ballot of a quiz counts on one option, so the sum of the
 * correct options' counts. Every ballot counted is stored in MongoDB, so the counters rebuilt from it give the same
 * figure.
 */
export function correctVotesOf(votes: readonly number[], correct: readonly number[]): number {
  return correct.reduce((sum, option) => sum + (votes[option] ?? 0), 0);
}

/** A quiz's fields of a poll's answer for this viewer: kind always, the answer and its count only where allowed. */
export function quizFields(
  poll: QuizFacts & { creatorId: string; expiresAt?: Date | null; closedAt?: Date | null },
  viewerId: string | null,
  hasVoted: boolean,
  resultsVisible: boolean,
  votes: readonly number[],
  now: Date,
): { kind?: 'quiz'; correctOptionIndexes?: number[]; correctVotesCount?: number } {
  if (!isQuiz(poll)) return {};
  if (!answerVisibleTo(poll, viewerId, hasVoted, now)) return { kind: 'quiz' };
  const correct = [...poll.correctOptionIndexes!];
  return {
    kind: 'quiz',
    correctOptionIndexes: correct,
    ...(resultsVisible ? { correctVotesCount: correctVotesOf(votes, correct) } : {}),
  };
}
