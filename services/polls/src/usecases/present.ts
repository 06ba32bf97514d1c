/**
 * Polls as answers show them, for one viewer: their counts, likes and the viewer's ballot read from Redis, the creator's
 * summary, and on friends polls how many of the creator's mutual followers voted, with the few the card shows; shaped
 * by views/poll.ts.
 */
import type { Poll } from '@meydan/proto';
import type { Identity, RequestIdSource } from '@meydan/kit';
import type { Redis } from 'ioredis';
import type { FriendsCircles } from '../clients/friends-circles.js';
import type { People } from '../clients/people.js';
import type { PollDoc } from '../model/index.js';
import { cardStates } from '../counting/card-states.js';
import type { Engagement } from '../counting/engagement.js';
import { voterOf } from '../store/keys.js';
import type { VoteCounters } from '../counting/vote-counters.js';
import { pollView } from '../views/poll.js';
import type { PollOpenings } from '../store/poll-openings.js';

/** What a poll is presented from: its likes, counts, choices, engagement and the people it names. */
export type Presenting = {
  redis: Redis;
  counters: VoteCounters;
  engagement: Engagement;
  people: People;
  friendsCircles: FriendsCircles;
  /** Whether a member asked to be told of an upcoming poll's opening (left out where not given). */
  openings?: PollOpenings;
};

type Viewer = Pick<Identity, 'userId' | 'visitorId'>;

export async function presentPolls(
  ctx: Presenting,
  docs: readonly PollDoc[],
  viewer: Viewer,
  source?: RequestIdSource,
): Promise<Poll[]> {
  if (docs.length === 0) return [];
  const shapes = docs.map((d) => ({
    id: String(d._id),
    optionsCount: d.options.length,
    expiresAt: d.expiresAt ?? null,
  }));
  // Counts, likes (the viewer's own too) and the viewer's ballot, from Redis: a feed page never asks MongoDB.
  // Friends polls carry the few of the creator's mutual followers the card shows and how many of them voted.
  const now = new Date();
  const upcoming = docs.filter((d) => d.startsAt && d.startsAt.getTime() > now.getTime()).map((d) => String(d._id));
  const [states, circles, reminded] = await Promise.all([
    cardStates(ctx, shapes, voterOf(viewer), viewer.userId),
    ctx.friendsCircles.of(docs, source),
    ctx.openings && viewer.userId ? ctx.openings.remindedOf(upcoming, viewer.userId) : undefined,
  ]);
  const shownIds = [...circles.values()].flatMap((c) => c.shown.map((f) => f.id));
  const people = await ctx.people.summaries([...docs.map((d) => d.creatorId), ...shownIds], source);

  const result: Poll[] = [];
  for (const d of docs) {
    const id = String(d._id);
    const remind = reminded && upcoming.includes(id) ? reminded.has(id) : undefined;
    result.push(pollView(d, id, states.get(id)!, people, circles.get(id), viewer.userId, now, remind));
  }
  return result;
}

export async function presentPoll(
  ctx: Presenting,
  doc: PollDoc,
  viewer: Viewer,
  source?: RequestIdSource,
): Promise<Poll> {
  return (await presentPolls(ctx, [doc], viewer, source))[0]!;
}
