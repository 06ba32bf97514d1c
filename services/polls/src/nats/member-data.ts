import { events, subjects } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { ballotOfVote } from '../domain/ballots.js';
import { eraseMemberActivity, memberPollsAndVotes, pollIdsOfCreator } from '../store/member-data.js';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** The member's data: their export (polls.users.export) and its removal when the account is deleted. */
export async function bindMemberData(ctx: PollsContext): Promise<void> {
  const { bus } = ctx;

  bus.respond(subjects.polls.userExport, async ({ userId }) => {
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
  // are removed, and its votes stay in the counts without a name (eraseMemberActivity).
  await bus.consume({
    purpose: 'member-deleted',
    filterSubject: events.auth.userDeleted,
    handler: async ({ userId }, { requestId }) => {
      for (const pollId of await pollIdsOfCreator(ctx, userId)) {
        const removed = await ctx.polls.remove(pollId);
        if (removed) {
          await bus.publish(
            events.polls.pollDeleted,
            { pollId, creatorId: userId, by: userId, at: new Date().toISOString() },
            { requestId, msgId: `poll-deleted:${pollId}` },
          );
        }
      }
      await eraseMemberActivity(ctx, userId);
    },
  });
}
