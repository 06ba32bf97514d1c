/**
 * Changing or taking back a vote (on a poll whose creator allowed it, while it is open): the checks, one Lua step in
 * Redis (store/vote-changes.ts), the change's event under its sequence number, then the answer — its counts shown by
 * the same visibility rule as a first vote's answer.
 */
import {
  limits,
  pollServiceMessages as S,
  voteOptionIndexes,
  type PollFlows,
  type VoteResult,
  type VoteTakenBack,
} from '@meydan/proto';
import { HttpError, httpError, type Identity } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { ballotProblem, sortedBallot } from '../domain/ballots.js';
import { voteCountsMap, voteFeedback, type PollCounts } from '../domain/counts.js';
import { ballotIsCorrect, quizFields } from '../domain/quiz.js';
import { isRanked, rankedFields } from '../domain/ranked.js';
import { countsVisibleTo } from '../domain/results-visibility.js';
import { keys, userIdOfVoter, voterOf } from '../store/keys.js';
import { pollExists } from '../store/poll-records.js';
import type { PollMeta } from '../store/polls.js';
import type { ChangeMode } from '../counting/vote-changes.js';
import { publishVoteChange, voteChangeEventOf } from './vote-events.js';
import type { Caller } from './caller.js';
import { ValidationError, canSee, pollNotFound } from './visibility.js';
import { memberVoter, shareVoter, type Ballot } from './voters.js';

/** The answer to a ballot counted (a first vote, a change, a vote again): counts only where the voter may see them. */
export function ballotAnswer(
  meta: PollMeta,
  voter: string,
  counts: PollCounts,
  choice: number[],
  message: string,
): VoteResult {
  // The poll's results visibility may hide the counts from the voter too: then none of them, nor the feedback.
  const now = new Date();
  const resultsVisible = countsVisibleTo(meta, userIdOfVoter(voter), true, now);
  const quiz = quizFields(meta, userIdOfVoter(voter), true, resultsVisible, counts.votes, now);
  return {
    pollId: meta.id,
    voteCounts: voteCountsMap(resultsVisible ? counts.votes : counts.votes.map(() => 0)),
    totalVotes: counts.total,
    votersCount: counts.total,
    hasVoted: true,
    userChoice: choice[0]!,
    userChoices: choice,
    message,
    // A ranking's feedback is about its first preference (the option counts are the first preferences).
    feedback: resultsVisible
      ? voteFeedback(counts.votes, isRanked(meta) ? choice.slice(0, 1) : choice, counts.total)
      : null,
    resultsVisible,
    ...rankedFields(meta, meta.optionsCount, resultsVisible, counts),
    // On a quiz: whether the ballot was right ('Doğru bildin!'), and the answer, now the voter's to see.
    ...(quiz.correctOptionIndexes
      ? {
          correct: ballotIsCorrect(choice, quiz.correctOptionIndexes),
          correctOptionIndexes: quiz.correctOptionIndexes,
          ...(quiz.correctVotesCount !== undefined ? { correctVotesCount: quiz.correctVotesCount } : {}),
        }
      : {}),
  };
}

function takenBackAnswer(meta: PollMeta, voter: string, counts: PollCounts): VoteTakenBack {
  const resultsVisible = countsVisibleTo(meta, userIdOfVoter(voter), false, new Date());
  return {
    pollId: meta.id,
    voteCounts: voteCountsMap(resultsVisible ? counts.votes : counts.votes.map(() => 0)),
    totalVotes: counts.total,
    votersCount: counts.total,
    hasVoted: false,
    userChoice: null,
    userChoices: [],
    message: S.voteTakenBack,
    resultsVisible,
  };
}

/** Refuses a ballot on an ended poll: closed early (409) or expired (410). */
/**
 * A scheduled poll takes no vote, change or take-back before its opening (server time against its stored startsAt,
 * checked before any Redis step, so nothing is counted; a vote checked at or after the opening goes on as any).
 */
export function refuseUnopened(meta: Pick<PollMeta, 'startsAt'>, now = Date.now()): void {
  if (meta.startsAt && meta.startsAt.getTime() > now) throw new HttpError(409, 'poll_not_open', S.pollNotOpen);
}

export function refuseEnded(meta: PollMeta): void {
  if (meta.closedAt) throw new HttpError(409, 'poll_closed', S.pollClosed);
  if (meta.expiresAt && meta.expiresAt.getTime() <= Date.now()) throw new HttpError(410, 'poll_expired', S.pollExpired);
}

/**
 * Runs a step on the poll's Redis counters (a vote, a change); when Redis has lost or expired them ('missing'),
 * rebuilds them from MongoDB (votes, sequences, flows) and runs it once more. A poll gone from MongoDB meanwhile is
 * 404; counters still missing after the rebuild, 503.
 */
export async function onCounters<T extends { status: string }>(
  ctx: PollsContext,
  meta: PollMeta,
  step: () => Promise<T>,
): Promise<Exclude<T, { status: 'missing' }>> {
  type Found = Exclude<T, { status: 'missing' }>;
  const outcome = await step();
  if (outcome.status !== 'missing') return outcome as Found;
  if (!(await pollExists(ctx, meta.id))) {
    await ctx.polls.forgetMeta(meta.id);
    throw pollNotFound();
  }
  await ctx.counters.rebuild(meta);
  const again = await step();
  if (again.status === 'missing') throw new HttpError(503, 'service_unavailable');
  return again as Found;
}

/**
 * Moves `voter`'s ballot to `options` (mode 'change'), takes it back (`options` null, mode 'take'), or counts it again
 * after it was taken back (mode 'again', from the first vote's route). Refused, with nothing changed: a poll that keeps
 * votes final (403), an ended one (409/410), a ballot out of range (400), the same ballot or none to change (409), too
 * many changes in a while (429).
 */
export async function changeVote(
  ctx: PollsContext,
  request: Caller,
  meta: PollMeta,
  voter: string,
  options: readonly number[] | null,
  mode: ChangeMode,
): Promise<VoteResult | VoteTakenBack> {
  refuseUnopened(meta);
  if (!meta.allowVoteChange) throw new HttpError(403, 'vote_change_not_allowed', S.voteChangeNotAllowed);
  refuseEnded(meta);
  let ballot: number[] = [];
  if (options) {
    const problem = ballotProblem(options, meta.optionsCount, meta.maxChoices);
    if (problem) throw new ValidationError(problem.path, problem.message);
    ballot = sortedBallot(options);
  }
  const windowMs = limits.poll.voteChangeWindowSeconds * 1000;
  const rate = await ctx.quotas.take(
    keys.voteChangeRate(meta.id, voter),
    ctx.config.VOTE_CHANGE_LIMIT ?? limits.poll.voteChangesMax,
    windowMs,
  );
  if (!rate.allowed)
    throw new HttpError(429, 'vote_change_rate_limited', S.tooManyVoteChanges, {
      'retry-after': String(rate.retryAfterSeconds),
    });

  const outcome = await onCounters(ctx, meta, () =>
    ctx.voteChanges.change(meta.id, meta.optionsCount, voter, ballot, mode),
  );
  switch (outcome.status) {
    case 'ended':
      await ctx.polls.forgetMeta(meta.id);
      throw new HttpError(409, 'poll_closed', S.pollClosed);
    case 'not_voted':
    case 'first_vote':
      throw new HttpError(409, 'vote_not_cast', S.voteNotCast);
    case 'same':
      throw new HttpError(409, 'same_choice', S.voteSameChoice);
    case 'duplicate':
      throw new HttpError(409, 'already_voted', S.alreadyVoted);
    default:
      break;
  }
  if (outcome.status !== 'changed') throw new HttpError(503, 'service_unavailable');
  try {
    await publishVoteChange(ctx, voteChangeEventOf(meta, voter, outcome.seq, outcome.from, outcome.choice), request.id);
  } catch (err) {
    // The change stays counted and pending: the pending-votes job publishes it under the same message id (once). The
    // voter is told so (made, not yet announced), unlike a first vote's 503, which is taken back.
    request.log.error({ err }, 'vote change event not published yet: left to the pending-votes job');
    throw httpError('event_not_published');
  }
  ctx.counters.confirm(meta.id, voter, outcome.stamp);
  // The voter's sockets leave the poll's voters on a take-back and join them again on a vote after it, before the
  // counts go out.
  if (outcome.choice.length === 0) ctx.live.tookBack(meta, voter, outcome.counts);
  else if (mode === 'again') ctx.live.voted(meta, voter, outcome.counts);
  ctx.live.touch(meta.id, meta.optionsCount, outcome.counts);
  if (meta.type === 'friends') ctx.friendsCircles.forget(meta.id);
  if (outcome.choice.length === 0) return takenBackAnswer(meta, voter, outcome.counts);
  return ballotAnswer(meta, voter, outcome.counts, outcome.choice, mode === 'again' ? S.voteRecorded : S.voteChanged);
}

/** A member changes their vote on a poll they may see (PUT on the poll's vote). */
export async function changeMemberVote(
  ctx: PollsContext,
  pollId: string,
  viewer: Identity,
  body: Ballot,
  request: Caller,
): Promise<VoteResult> {
  const { meta, voter } = await memberVoter(ctx, pollId, viewer, request);
  return changeVote(ctx, request, meta, voter, voteOptionIndexes(body), 'change') as Promise<VoteResult>;
}

/** A member takes their vote back (DELETE on the poll's vote). */
export async function takeBackMemberVote(
  ctx: PollsContext,
  pollId: string,
  viewer: Identity,
  request: Caller,
): Promise<VoteTakenBack> {
  const { meta, voter } = await memberVoter(ctx, pollId, viewer, request);
  return changeVote(ctx, request, meta, voter, null, 'take') as Promise<VoteTakenBack>;
}

/** A member or a visitor changes the vote they gave through a share link. */
export async function changeShareVote(
  ctx: PollsContext,
  code: string,
  viewer: Identity,
  body: Ballot,
  request: Caller,
): Promise<VoteResult> {
  const { meta, voter } = await shareVoter(ctx, code, viewer);
  return changeVote(ctx, request, meta, voter, voteOptionIndexes(body), 'change') as Promise<VoteResult>;
}

/** A member or a visitor takes back the vote they gave through a share link. */
export async function takeBackShareVote(
  ctx: PollsContext,
  code: string,
  viewer: Identity,
  request: Caller,
): Promise<VoteTakenBack> {
  const { meta, voter } = await shareVoter(ctx, code, viewer);
  return changeVote(ctx, request, meta, voter, null, 'take') as Promise<VoteTakenBack>;
}

/** How many moved from which option to which on a poll that allows changes, never who; only where its counts are shown. */
export async function readFlows(
  ctx: PollsContext,
  pollId: string,
  viewer: Identity,
  source: Caller,
): Promise<PollFlows> {
  const meta = await ctx.polls.meta(pollId);
  if (!meta || !(await canSee(ctx, meta, viewer, source))) throw pollNotFound();
  await ctx.counters.countsOfOne(meta);
  const voter = voterOf(viewer);
  const choice = voter ? (await ctx.counters.choicesOf([meta.id], voter)).get(meta.id) : null;
  // The flows are counts: shown only to a viewer who may see the poll's counts (its results visibility).
  const resultsVisible = countsVisibleTo(meta, viewer.userId, Boolean(choice), new Date());
  const flows = meta.allowVoteChange && resultsVisible ? await ctx.voteChanges.flows(meta.id) : [];
  return {
    pollId: meta.id,
    allowVoteChange: meta.allowVoteChange,
    resultsVisible,
    flows,
    totalMoves: flows.reduce((n, f) => n + f.count, 0),
  };
}
