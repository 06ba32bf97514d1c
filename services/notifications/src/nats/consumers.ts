import { events, subjects, type VoteCastEvent } from '@meydan/proto';
import { EVERY_EVENT_IN_BATCHES, type BatchItem, type Logger } from '@meydan/kit';
import type { NotificationsContext } from '../context.js';
import { tellFollowed } from './tell.js';
import { links, texts } from '../domain/texts.js';
import { markVotesSeen, unmarkVotesSeen, voteSeenKey } from '../store/seen-marks.js';

const dateOf = (iso: string) => new Date(iso);
/** The UTC day of an event, for notifications kept once a day. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

const VOTE_BATCH_MAX = 500;

/**
 * The events that become notifications. Durable consumers `notifications--<purpose>`, acked after the write; every
 * handler is idempotent (notification keys, remembered votes). Nobody is told about their own action. Payloads are
 * checked by the bus against proto's contracts: an event that breaks its contract is dead-lettered before it gets here.
 */
export async function bindNotificationConsumers(ctx: NotificationsContext): Promise<void> {
  await bindFollowConsumers(ctx);
  await bindPollConsumers(ctx);
  await bindAccountConsumers(ctx);
  await bindFriendsPollConsumer(ctx);
  bindHiddenDrops(ctx);
}

/**
 * A block or mute made or taken back: both ends' hidden sets are dropped in every instance (heard on core NATS), so
 * the next event is weighed against the new one.
 */
function bindHiddenDrops(ctx: NotificationsContext): void {
  const drop = ({ userId, targetId }: { userId: string; targetId: string }) => {
    ctx.hidden.forget(userId, targetId).catch((err: unknown) => ctx.log.warn({ err }, 'hidden set not dropped'));
  };
  ctx.bus.listen(events.social.userBlocked, drop);
  ctx.bus.listen(events.social.userUnblocked, drop);
  ctx.bus.listen(events.social.userMuted, drop);
  ctx.bus.listen(events.social.userUnmuted, drop);
}

/** A new follower, a follow request. */
async function bindFollowConsumers(ctx: NotificationsContext): Promise<void> {
  const { bus } = ctx;
  const { store, actors, hidden } = ctx;

  await bus.consume({
    purpose: 'followers',
    filterSubject: events.social.userFollowed,
    handler: async (e, c) => {
      if (e.followerId === e.followeeId) return;
      if (await hidden.hides(e.followeeId, e.followerId, c)) return;
      const name = await actors.name(e.followerId, c);
      const at = dateOf(e.at);
      // At most one a day per follower: following, unfollowing and following again does not flood the bell.
      const added = await store.add({
        userId: e.followeeId,
        kind: 'follow',
        key: `follow:${e.followerId}:${dayOf(at)}`,
        message: e.mutual ? texts.followedBack(name) : texts.followed(name),
        link: links.followers(),
        actorId: e.followerId,
        at,
      });
      // Beyond the app (Web Push, opted-in mail) only with a new notification: a redelivery tells nobody twice.
      if (added) await tellFollowed(ctx, e.followeeId, { id: e.followerId, name, day: dayOf(at) }, c);
    },
  });

  await bus.consume({
    purpose: 'follow-requests',
    filterSubject: events.social.followRequested,
    handler: async (e, c) => {
      if (await hidden.hides(e.targetId, e.requesterId, c)) return;
      // At most one a day per requester, as follows: a request withdrawn and made again (a new request id) is not new news.
      await store.add({
        userId: e.targetId,
        kind: 'follow',
        key: `follow-request:${e.requesterId}:${dayOf(dateOf(e.at))}`,
        message: texts.followRequested(await actors.name(e.requesterId, c)),
        link: links.followers(),
        actorId: e.requesterId,
        at: dateOf(e.at),
      });
    },
  });
}

/** Votes, likes and comments on a member's poll, and its end. */
async function bindPollConsumers(ctx: NotificationsContext): Promise<void> {
  const { bus } = ctx;
  const { store, actors, preferences, hidden } = ctx;

  await bus.consumeBatches({
    purpose: 'votes',
    filterSubject: events.polls.voteCast,
    batchMax: VOTE_BATCH_MAX,
    gatherMs: EVERY_EVENT_IN_BATCHES.gatherMs,
    // Settings unknown while auth is down for a few deliveries (preferences.ts), then notified anyway.
    maxDeliver: -1,
    handler: (batch, c) => notifyVotes(ctx, batch, c.log),
  });

  await bus.consume({
    purpose: 'likes',
    filterSubject: events.polls.pollLiked,
    handler: async (e, c) => {
      if (!e.liked || e.userId === e.creatorId) return;
      if (await hidden.hides(e.creatorId, e.userId, c)) return;
      if (!(await preferences.allows(e.creatorId, 'notifyLikes', c))) return;
      const name = await actors.name(e.userId, c);
      // One per liker and poll: liking, unliking and liking again does not notify twice.
      await store.add({
        userId: e.creatorId,
        kind: 'like',
        key: `like:${e.pollId}:${e.userId}`,
        message: texts.liked(name),
        link: links.ownPoll(e.pollId),
        pollId: e.pollId,
        actorId: e.userId,
        at: dateOf(e.at),
      });
    },
  });

  await bus.consume({
    purpose: 'comments',
    filterSubject: events.polls.commentCreated,
    handler: async (e, c) => {
      if (e.userId === e.creatorId) return;
      if (await hidden.hides(e.creatorId, e.userId, c)) return;
      if (!(await preferences.allows(e.creatorId, 'notifyComments', c))) return;
      // Comments on one poll grow one unread notification, like votes (a flood of comments rings the bell once).
      await store.addComment({
        userId: e.creatorId,
        pollId: e.pollId,
        commentId: e.commentId,
        actorId: e.userId,
        actorName: await actors.name(e.userId, c),
        text: e.text,
        at: dateOf(e.at),
      });
    },
  });

  await bus.consume({
    purpose: 'poll-ended',
    filterSubject: events.polls.pollEnded,
    handler: async (e, c) => {
      await store.add({
        userId: e.creatorId,
        kind: 'poll-ended',
        key: `ended:${e.pollId}`,
        message: texts.pollEnded(e.title, e.voteCounts, e.totalVotes, e.winnerIndexes),
        link: links.ownPoll(e.pollId),
        pollId: e.pollId,
        at: dateOf(e.at),
      });
    },
  });
}

/** What auth tells about an account: changed settings, revoked sessions. */
async function bindAccountConsumers(ctx: NotificationsContext): Promise<void> {
  const { bus } = ctx;
  const { preferences } = ctx;

  // A member changed their settings: the next vote, like or comment reads the switches afresh.
  await bus.consume({
    purpose: 'user-settings',
    filterSubject: events.auth.userUpdated,
    handler: async (e) => {
      await preferences.forget(e.userId);
    },
  });

  // Logout everywhere, a password change or a ban: the member's open sockets must stop hearing their notifications.
  await bus.consume({
    purpose: 'sessions-revoked',
    filterSubject: events.auth.sessionsRevoked,
    handler: (e) => {
      ctx.realtime?.disconnectUser(e.userId);
    },
  });
}

/** A new Dost Meclisi poll: each of its creator's mutual followers is told. */
async function bindFriendsPollConsumer(ctx: NotificationsContext): Promise<void> {
  const { bus } = ctx;
  const { store, actors, hidden } = ctx;

  await bus.consume({
    purpose: 'friends-polls',
    filterSubject: events.polls.pollCreated,
    maxDeliver: 10,
    handler: async (e, c) => {
      if (e.type !== 'friends') return;
      const { userIds } = await bus.request(subjects.social.mutuals, { userId: e.creatorId }, c);
      const friends = userIds.filter((id) => id !== e.creatorId);
      if (friends.length === 0) return;
      const name = await actors.name(e.creatorId, c);
      for (const friend of friends) {
        if (await hidden.hides(friend, e.creatorId, c)) continue;
        await store.add({
          userId: friend,
          kind: 'friends-poll',
          key: `friends-poll:${e.pollId}`,
          message: texts.friendsPoll(name, e.title),
          link: links.friendsPoll(e.pollId),
          pollId: e.pollId,
          actorId: e.creatorId,
          at: dateOf(e.createdAt),
        });
      }
    },
  });
}

/**
 * A batch of votes: each creator's settings read once, every vote's "seen" key set (a vote already seen was counted
 * before; see store/seen-marks.ts), then one addition per creator and poll with the number of new votes. A write
 * that fails un-marks its votes, so the batch's redelivery counts them.
 */
async function notifyVotes(ctx: NotificationsContext, batch: BatchItem<VoteCastEvent>[], log: Logger): Promise<void> {
  const { redis } = ctx;
  const byCreator = new Map<string, BatchItem<VoteCastEvent>[]>();
  for (const item of batch) {
    const e = item.payload;
    if (e.userId && e.userId === e.creatorId) continue;
    const items = byCreator.get(e.creatorId) ?? [];
    items.push(item);
    byCreator.set(e.creatorId, items);
  }
  const wanted = await Promise.all(
    [...byCreator].map(async ([creatorId, items]) => {
      const first = items[0]!;
      const deliveries = Math.max(...items.map((i) => i.deliveries));
      const c = { requestId: first.requestId, log: log.child({ reqId: first.requestId }), subject: events.polls.voteCast, deliveries };
      return (await ctx.preferences.allows(creatorId, 'notifyVotes', c)) ? items : [];
    }),
  );
  const seenKeys = new Map<string, VoteCastEvent>();
  for (const { payload: e } of wanted.flat()) seenKeys.set(voteSeenKey(e.pollId, e.voter), e);
  if (seenKeys.size === 0) return;

  const newlySeen = (await markVotesSeen(redis, [...seenKeys.keys()])).map((key) => [key, seenKeys.get(key)!] as const);
  const groups = new Map<string, { creatorId: string; pollId: string; at: Date; count: number; keys: string[] }>();
  for (const [key, e] of newlySeen) {
    const id = `${e.creatorId}:${e.pollId}`;
    const at = dateOf(e.at);
    const group = groups.get(id) ?? { creatorId: e.creatorId, pollId: e.pollId, at, count: 0, keys: [] };
    group.count += 1;
    group.keys.push(key);
    if (at > group.at) group.at = at;
    groups.set(id, group);
  }

  const written = await Promise.allSettled(
    [...groups.values()].map((g) => ctx.store.addVote(g.creatorId, g.pollId, g.at, g.count)),
  );
  const unwritten = [...groups.values()].filter((_, i) => written[i]!.status === 'rejected');
  if (unwritten.length === 0) return;
  await unmarkVotesSeen(redis, unwritten.flatMap((g) => g.keys));
  throw (written.find((w) => w.status === 'rejected') as PromiseRejectedResult).reason;
}
