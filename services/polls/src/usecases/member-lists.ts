/** A member's polls and votes for the profile page. */
import { pollServiceMessages as S, socialMessages, type Poll, type PollType, type UserVote } from '@meydan/proto';
import { HttpError, type Identity } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { ballotOfVote } from '../domain/ballots.js';
import { anyVisitor, pollVisibleTo } from '../domain/visibility.js';
import type { PollDoc } from '../model/index.js';
import { newestPollsOf } from '../timelines/creator-polls.js';
import { votesWithPolls } from '../store/poll-records.js';
import type { Caller } from './caller.js';
import type { Shown } from './feeds.js';
import { presentPolls } from './present.js';

const LIST_MAX = 200;

/**
 * The member's polls: the owner sees every poll of theirs (share-link and ended ones too); others only what they may
 * see in a feed, and of a private profile nothing unless they are mutual followers.
 */
export async function memberPolls(
  ctx: PollsContext,
  ownerId: string,
  viewer: Identity,
  request: Caller,
): Promise<Shown<Poll[]>> {
  let shows = (_poll: PollDoc) => true;
  // A member the owner blocked sees nothing of theirs: 404, as for a member that does not exist.
  if (
    viewer.userId &&
    viewer.userId !== ownerId &&
    (await ctx.people.hidden(viewer.userId, request)).blockedBy.includes(ownerId)
  ) {
    throw new HttpError(404, 'not_found', socialMessages.userNotFound);
  }
  if (viewer.userId !== ownerId) {
    const [mutuals, isPublic] = await Promise.all([
      ctx.people.mutualsOrNone(viewer.userId, request),
      ctx.people.profileIsPublic(ownerId, request),
    ]);
    if (!isPublic && !mutuals.includes(ownerId)) throw new HttpError(403, 'forbidden', socialMessages.privateProfile);
    // What they may see by id (never share-link polls), and only while it runs, as in a feed.
    const now = Date.now();
    shows = (poll) =>
      pollVisibleTo(
        { type: poll.type as PollType, creatorId: poll.creatorId, isShareable: Boolean(poll.isShareable) },
        viewer,
        mutuals,
      ) &&
      (poll.expiresAt == null || new Date(poll.expiresAt).getTime() > now) &&
      !poll.heldAt;
  }
  if (viewer.userId !== ownerId && (await ctx.banned.has(ownerId))) return { answer: [], sameForEveryVisitor: false };
  const docs = await newestPollsOf(ctx, ownerId, shows, LIST_MAX);
  if (viewer.userId) return { answer: await presentPolls(ctx, docs, viewer, request), sameForEveryVisitor: false };
  return { answer: await presentPolls(ctx, docs, anyVisitor, request), sameForEveryVisitor: true };
}

/** The member's own votes, newest first, with their polls' titles and the options they chose. */
export async function memberVotes(ctx: PollsContext, ownerId: string, viewer: Identity): Promise<UserVote[]> {
  if (!viewer.userId) throw new HttpError(401, 'unauthorized');
  if (viewer.userId !== ownerId) throw new HttpError(403, 'forbidden', S.votesOnlyOwner);
  const { votes, polls } = await votesWithPolls(ctx, ownerId, LIST_MAX * 5);
  const byId = new Map(polls.map((p) => [String(p._id), p]));
  const list: UserVote[] = [];
  for (const v of votes) {
    const poll = byId.get(String(v.pollId));
    if (!poll) continue;
    const selected = ballotOfVote(v).map((i) => poll.options[i] ?? '');
    list.push({
      voteId: String(v._id),
      pollId: String(v.pollId),
      pollTitle: poll.title,
      pollCategory: poll.category,
      selectedOption: selected.join(', '),
      ...(selected.length > 1 ? { selectedOptions: selected } : {}),
      votedAt: new Date(v.votedAt).toISOString(),
    });
  }
  return list;
}
