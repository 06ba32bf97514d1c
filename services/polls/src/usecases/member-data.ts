/**
 * A member's data across services: their poll and vote counts (`polls.users.counts`), the members who voted on a poll
 * (`polls.poll.voters`), their export (`polls.users.export`) and its removal when the account is deleted.
 */
import { events, type PollsUserExportReply } from '@meydan/proto';
import { isQuiz } from '../domain/quiz.js';
import type { PollsContext } from '../context.js';
import { ballotOfVote } from '../domain/ballots.js';
import {
  changedVotesOf,
  deleteLikesAndComments,
  dropChangeSequences,
  memberCounts,
  memberPollsAndVotes,
  pollIdsOfCreator,
  renameVoteRecord,
  votesOfMember,
} from '../store/member-data.js';
import { forgetUploads } from './option-images.js';
import { optionImagesFields } from '../domain/option-images.js';
import { removePoll } from './poll-listing.js';
import { memberVoters } from '../counting/poll-voters.js';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The member's poll and vote counts (kept in Redis), for their profile. */
export function countMemberActivity(
  ctx: Pick<PollsContext, 'memberCounts'>,
  userId: string,
): Promise<{ pollsCount: number; votesCount: number }> {
  return memberCounts(ctx, userId);
}

/** The members who voted on a poll, a page at a time, for the notification each gets when it ends. */
export function votersOfPoll(
  ctx: PollsContext,
  { pollId, after, limit }: { pollId: string; after: string | null; limit: number },
) {
  return memberVoters(ctx, pollId, after, limit);
}

/** The member's polls and votes, for their data export. */
export async function exportMemberData(ctx: PollsContext, userId: string): Promise<PollsUserExportReply> {
  const { polls, votes, voted } = await memberPollsAndVotes(ctx, userId);
  const byId = new Map(voted.map((p) => [String(p._id), p]));
  return {
    polls: polls.map((p) => ({
      id: String(p._id),
      title: p.title,
      description: p.description ?? null,
      category: p.category,
      type: p.type,
      options: [...p.options],
      createdAt: iso(p.createdAt)!,
      expiresAt: iso(p.expiresAt),
      ...(isQuiz(p) ? { kind: 'quiz' as const, correctOptionIndexes: [...p.correctOptionIndexes!] } : {}),
      ...optionImagesFields(p, p.options.length),
    })),
    votes: votes.map((v) => {
      const poll = byId.get(String(v.pollId));
      const ballot = ballotOfVote(v);
      return {
        pollId: String(v.pollId),
        pollTitle: poll?.title ?? null,
        optionIndex: v.optionIndex,
        option: poll?.options[v.optionIndex] ?? null,
        ...(ballot.length > 1 ? { optionIndexes: ballot, options: ballot.map((i) => poll?.options[i] ?? null) } : {}),
        votedAt: iso(v.votedAt)!,
      };
    }),
  };
}

/**
 * The account is gone: its polls go the way a creator's delete goes (with the same event), its likes and comments
 * are removed, its votes stay in the counts without a name (eraseMemberActivity), and its option images no other
 * poll names are deleted (forgetUploads).
 */
export async function forgetMember(ctx: PollsContext, userId: string, requestId: string): Promise<void> {
  for (const pollId of await pollIdsOfCreator(ctx, userId)) {
    const removed = await removePoll(ctx, pollId);
    if (removed) {
      await ctx.bus.publish(
        events.polls.pollDeleted,
        { pollId, creatorId: userId, by: userId, at: new Date().toISOString() },
        { requestId, msgId: `poll-deleted:${pollId}` },
      );
    }
  }
  await eraseMemberActivity(ctx, userId);
  await forgetUploads(ctx, userId);
}

/** A deleted member's likes and comments are removed, and their votes stay in the counts without a name. */
async function eraseMemberActivity(ctx: PollsContext, userId: string): Promise<void> {
  await Promise.all([deleteLikesAndComments(ctx, userId), pseudonymiseVotes(ctx, userId)]);
  await ctx.memberCounts.changed([userId]);
}

/**
 * A deleted member's votes stay counted, but under `d:<vote id>` instead of `u:<userId>`, in MongoDB and in the poll's
 * Redis voters hash alike, so no stored vote leads back to the account. Per vote: Redis first (the choice moves to the
 * new name, counts untouched), then MongoDB; a redelivered event finds the votes not yet renamed by their userId and
 * renames them the same way (the name comes from the vote's own id). The unique (pollId, voter) index keeps each vote
 * once; the account can cast no new vote, and its last votes were persisted long before (deletion comes 30 days after
 * the last sign-in).
 */
async function pseudonymiseVotes(ctx: PollsContext, userId: string): Promise<void> {
  for (const vote of await votesOfMember(ctx, userId)) {
    const pseudonym = `d:${String(vote._id)}`;
    await ctx.counters.renameVoter(String(vote.pollId), vote.voter, pseudonym);
    await renameVoteRecord(ctx, vote, pseudonym);
  }
  // The sequences of their changed votes name them too: gone (a renamed vote counts on as a plain vote).
  for (const r of await changedVotesOf(ctx, userId)) await ctx.counters.forgetChanges(String(r.pollId), r.voter);
  await dropChangeSequences(ctx, userId);
}
