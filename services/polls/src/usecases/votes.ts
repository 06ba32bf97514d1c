/**
 * Votes (the hot path) and the public share link. A vote is one Redis Lua step (dedupe + counters of the ballot's
 * options, and on a share link the IP network's claim of the poll's share-vote rule), then a JetStream event whose
 * message id is derived from poll and voter, then the answer; MongoDB is written by the vote consumer.
 */
import { pollServiceMessages as S, voteOptionIndexes, type ShareLinkPoll, type VoteResult } from '@meydan/proto';
import { HttpError, type Identity } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { ballotProblem, sortedBallot } from '../domain/ballots.js';
import { ballotKindProblem, isRanked, rankingProblem } from '../domain/ranked.js';
import { voteCountsMap } from '../domain/counts.js';
import type { PollDoc } from '../model/index.js';
import { presentPoll } from './present.js';
import { publishVote, voteEventOf } from './vote-events.js';
import type { PollMeta } from '../store/polls.js';
import type { IpClaim } from '../counting/vote-counters.js';
import type { Caller } from './caller.js';
import { ballotAnswer, changeVote, onCounters, refuseEnded, refuseUnopened } from './vote-changes.js';
import { ValidationError, canSee, pollNotFound } from './visibility.js';
import { shareVoter, type Ballot } from './voters.js';

/**
 * Casts the ballot of `voter` (one option, up to the poll's maxChoices, or on a ranked poll a ranking) on a poll the
 * caller may see; with `ip`, the vote claims its IP network on the poll.
 */
export async function castVote(
  ctx: PollsContext,
  request: Caller,
  meta: PollMeta,
  voter: string,
  options: readonly number[],
  ip?: IpClaim,
): Promise<VoteResult> {
  refuseUnopened(meta);
  refuseEnded(meta);
  const ranked = isRanked(meta);
  const problem = ranked
    ? rankingProblem(options, meta.optionsCount)
    : ballotProblem(options, meta.optionsCount, meta.maxChoices);
  if (problem) throw new ValidationError(problem.path, problem.message);
  // A ranking keeps its order (most preferred first); other ballots are sets, kept ascending.
  const ballot = ranked ? [...options] : sortedBallot(options);

  const outcome = await onCounters(ctx, meta, () =>
    ctx.counters.cast(meta.id, meta.optionsCount, voter, ballot, ip, ranked),
  );
  // The voter took their vote back before (a poll that allows it): voting again is a change of theirs.
  if (outcome.status === 'taken_back')
    return (await changeVote(ctx, request, meta, voter, ballot, 'again')) as VoteResult;
  if (outcome.status === 'ended') {
    // Closed on another instance a moment ago (this one's cached facts did not know yet).
    await ctx.polls.forgetMeta(meta.id);
    throw new HttpError(409, 'poll_closed', S.pollClosed);
  }
  if (outcome.status === 'editing') throw new HttpError(409, 'poll_being_edited', S.pollBeingEdited);
  if (outcome.status === 'duplicate') {
    // The counted vote may never have been published (the process died, or its take-back failed): published again
    // under the same message id, which JetStream and the vote consumer both store once.
    // Its pending mark (if any) is left to the pending-votes job, which knows the mark's stamp: it may be a later
    // change's, still in flight.
    await publishVote(ctx, voteEventOf(meta, voter, outcome.choice), request.id).catch((err: unknown) => {
      request.log.error({ err }, 'counted vote not published again');
      throw new HttpError(503, 'service_unavailable');
    });
    throw new HttpError(409, 'already_voted', S.alreadyVoted);
  }
  if (outcome.status === 'ip_used') {
    throw ip?.perIp === 1
      ? new HttpError(409, 'ip_already_voted', S.shareVoteIpUsed)
      : new HttpError(403, 'ip_vote_limit', S.shareVoteIpFull);
  }

  try {
    await publishVote(ctx, voteEventOf(meta, voter, ballot), request.id);
  } catch (err) {
    // Not acknowledged to the voter, so not counted either.
    await ctx.counters.undo(meta.id, voter, ballot, ip, ranked).catch(() => undefined);
    request.log.error({ err }, 'vote event not published: vote taken back');
    throw new HttpError(503, 'service_unavailable');
  }
  // Acknowledged: no longer pending (left pending, the pending-votes job would publish it again, stored once).
  ctx.counters.confirm(meta.id, voter, outcome.stamp);
  // The voter's sockets join the poll's voters before the vote's counts go out (they get them now where they may).
  ctx.live.voted(meta, voter, outcome.counts);
  ctx.live.touch(meta.id, meta.optionsCount, outcome.counts);
  if (meta.type === 'friends') ctx.friendsCircles.forget(meta.id);
  return ballotAnswer(meta, voter, outcome.counts, outcome.choice, S.voteRecorded);
}

/** The ballot a vote's body gives on this poll: a ranking on a ranked poll and only there, else its options. */
function ballotOfBody(meta: PollMeta, body: Ballot): number[] {
  const problem = ballotKindProblem(isRanked(meta), body);
  if (problem) throw new ValidationError(problem.field, problem.message);
  return body.ranking ? [...body.ranking] : voteOptionIndexes(body);
}

async function shareLinkPoll(ctx: PollsContext, code: string): Promise<PollDoc> {
  const pollId = await ctx.polls.idOfCode(code);
  const doc = pollId ? await ctx.polls.shareLinkDoc(pollId) : null;
  if (!doc?.isShareable || (await ctx.banned.has(doc.creatorId)) || (await ctx.held.has(pollId!))) throw pollNotFound();
  return doc;
}

/** A member votes on a poll they may see (POST on the poll's vote). */
export async function voteAsMember(
  ctx: PollsContext,
  pollId: string,
  viewer: Identity,
  body: Ballot,
  request: Caller,
): Promise<VoteResult> {
  const meta = await ctx.polls.meta(pollId);
  if (!meta || !(await canSee(ctx, meta, viewer, request))) throw pollNotFound();
  if (!viewer.userId) throw new HttpError(401, 'unauthorized', S.signInToVote);
  return castVote(ctx, request, meta, `u:${viewer.userId}`, ballotOfBody(meta, body));
}

/** A member or a visitor votes through a share link (under its share-vote rule). */
export async function voteOnShareLink(
  ctx: PollsContext,
  code: string,
  viewer: Identity,
  body: Ballot,
  request: Caller,
): Promise<VoteResult> {
  const { meta, voter, claim } = await shareVoter(ctx, code, viewer);
  return castVote(ctx, request, meta, voter, ballotOfBody(meta, body), claim);
}

/** The poll behind a share link as the share page shows it, with the viewer's vote. */
export async function readShareLinkPoll(
  ctx: PollsContext,
  code: string,
  viewer: Identity,
  source: Caller,
): Promise<ShareLinkPoll> {
  const doc = await shareLinkPoll(ctx, code);
  const poll = await presentPoll(ctx, doc, viewer, source);
  return {
    poll,
    creator: poll.creator,
    voteCounts: voteCountsMap(poll.options.map((o) => o.votes)),
    hasVoted: poll.hasVoted,
    userChoice: poll.userChoice,
    userChoices: poll.userChoices ?? [],
  };
}
