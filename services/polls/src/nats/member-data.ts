import { events, subjects } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { ballotOfVote } from '../domain/ballots.js';
import type { PollDoc } from '../model/index.js';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The member's data: their export (polls.users.export) and its removal when the account is deleted. */
export async function bindMemberData(ctx: PollsContext): Promise<void> {
  const { bus } = ctx;

  bus.respond(subjects.polls.userExport, async ({ userId }) => {
    const polls = (await ctx.models.Poll.find({ creatorId: userId }).sort({ createdAt: -1 }).lean()) as PollDoc[];
    const votes = await ctx.models.Vote.find({ userId }).sort({ votedAt: -1 }).lean();
    const voted = votes.length ? ((await ctx.models.Poll.find({ _id: { $in: votes.map((v) => v.pollId) } }).lean()) as PollDoc[]) : [];
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
  });

  // The account is gone: its polls go the way a creator's delete goes (with the same event), its likes and comments
  // are removed, and its votes stay in the counts without a name (pseudonymiseVotes).
  await bus.consume({
    purpose: 'member-deleted',
    filterSubject: events.auth.userDeleted,
    handler: async ({ userId }, { requestId }) => {
      const polls = await ctx.models.Poll.find({ creatorId: userId }).select({ _id: 1 }).lean();
      for (const { _id } of polls) {
        const removed = await ctx.polls.remove(String(_id));
        if (removed) {
          await bus.publish(
            events.polls.pollDeleted,
            { pollId: String(_id), creatorId: userId, by: userId, at: new Date().toISOString() },
            { requestId, msgId: `poll-deleted:${String(_id)}` },
          );
        }
      }
      await Promise.all([ctx.models.Like.deleteMany({ userId }), ctx.models.Comment.deleteMany({ userId }), pseudonymiseVotes(ctx, userId)]);
    },
  });
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
  const votes = await ctx.models.Vote.find({ userId }, { _id: 1, pollId: 1, voter: 1 }).lean();
  for (const vote of votes) {
    const pseudonym = `d:${String(vote._id)}`;
    await ctx.counters.renameVoter(String(vote.pollId), vote.voter, pseudonym);
    await ctx.models.Vote.updateOne({ _id: vote._id, voter: vote.voter }, { $set: { voter: pseudonym, userId: null } });
  }
}
