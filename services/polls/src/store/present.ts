/**
 * Polls as answers show them, for one viewer: options with counts, the viewer's vote and like, the creator's
 * summary, and on friends polls how many of the creator's mutual followers voted, with the few the card shows.
 */
import type { CreatorSummary, FriendSummary, Poll } from '@meydan/proto';
import type { Identity, RequestIdSource } from '@meydan/kit';
import type { Redis } from 'ioredis';
import type { PollDoc } from '../model/index.js';
import { cardStates } from './card-states.js';
import type { Engagement } from './engagement.js';
import type { FriendsCircles } from './friends-circles.js';
import type { People } from './people.js';
import type { VoteCounters } from './vote-counters.js';
import { countsVisibleTo, resultsVisibilityOf } from '../domain/results-visibility.js';
import { voterOf } from './keys.js';
import { shareVoteModeOf } from './polls.js';

/** What a poll is presented from: its likes, counts, choices, engagement and the people it names. */
export type Presenting = { redis: Redis; counters: VoteCounters; engagement: Engagement; people: People; friendsCircles: FriendsCircles };

type Viewer = Pick<Identity, 'userId' | 'visitorId'>;

const iso = (d: Date | null | undefined): string | null => (d ? new Date(d).toISOString() : null);

export async function presentPolls(
  ctx: Presenting,
  docs: readonly PollDoc[],
  viewer: Viewer,
  source?: RequestIdSource,
): Promise<Poll[]> {
  if (docs.length === 0) return [];
  const shapes = docs.map((d) => ({ id: String(d._id), optionsCount: d.options.length, expiresAt: d.expiresAt ?? null }));
  // Counts, likes (the viewer's own too) and the viewer's ballot, from Redis: a feed page never asks MongoDB.
  // Friends polls carry the few of the creator's mutual followers the card shows and how many of them voted.
  const [states, circles] = await Promise.all([
    cardStates(ctx, shapes, voterOf(viewer), viewer.userId),
    ctx.friendsCircles.of(docs, source),
  ]);
  const shownIds = [...circles.values()].flatMap((c) => c.shown.map((f) => f.id));
  const people = await ctx.people.summaries([...docs.map((d) => d.creatorId), ...shownIds], source);

  const result: Poll[] = [];
  const now = new Date();
  for (const d of docs) {
    const id = String(d._id);
    const { counts: c, engagement: e, choice } = states.get(id)!;
    // The poll's results visibility and the Dost Meclisi rule (the split only to those who voted: with the friends'
    // hasVoted flags it would tell who chose what). Hidden counts are 0; the total stays.
    const resultsVisible = countsVisibleTo(d, viewer.userId, choice !== null, now);
    const poll: Poll = {
      id,
      title: d.title,
      description: d.description ?? null,
      category: d.category,
      type: d.type as Poll['type'],
      options: d.options.map((text, i) => ({ id: i, text, votes: resultsVisible ? (c.votes[i] ?? 0) : 0 })),
      maxChoices: d.maxChoices ?? 1,
      allowVoteChange: d.allowVoteChange === true,
      expiresAt: iso(d.expiresAt),
      creatorId: d.creatorId,
      creator: people.get(d.creatorId) as CreatorSummary,
      isShareable: Boolean(d.isShareable),
      shortUrl: d.shortUrl ?? null,
      ...(d.isShareable ? { shareVoteMode: shareVoteModeOf(d)! } : {}),
      closedAt: iso(d.closedAt),
      editedAt: iso(d.editedAt),
      resultsVisibility: resultsVisibilityOf(d),
      resultsVisible,
      createdAt: iso(d.createdAt)!,
      updatedAt: iso(d.updatedAt ?? d.createdAt)!,
      totalVotes: c.total,
      votesCount: c.total,
      votersCount: c.total,
      publicVotesCount: c.visitorVotes,
      likesCount: e.likes,
      commentsCount: e.comments,
      shareCount: e.shares,
      isLiked: e.liked,
      hasVoted: choice !== null,
      userChoice: choice?.[0] ?? null,
      userChoices: choice ?? [],
      // Only its creator is shown a held poll at all (routes/common.ts canSee), so the flag is theirs alone.
      ...(d.heldAt ? { held: true as const } : {}),
    };
    const circle = circles.get(id);
    if (circle) {
      poll.friends = circle.shown.map((f): FriendSummary => ({ ...(people.get(f.id) as CreatorSummary), hasVoted: f.hasVoted }));
      poll.friendsCount = circle.count;
      poll.friendsVotedCount = circle.votedCount;
    }
    result.push(poll);
  }
  return result;
}

export async function presentPoll(ctx: Presenting, doc: PollDoc, viewer: Viewer, source?: RequestIdSource): Promise<Poll> {
  return (await presentPolls(ctx, [doc], viewer, source))[0]!;
}
