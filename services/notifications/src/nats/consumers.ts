import { events } from '@meydan/proto';
import { BACKGROUND_GATHER_MS } from '@meydan/kit';
import type { NotificationsContext } from '../context.js';
import { disconnectMember, dropHidden, forgetSettings } from '../usecases/account.js';
import { notifyFollowed, notifyFollowRequested } from '../usecases/follows.js';
import {
  notifyCommented,
  notifyFriendsPoll,
  notifyLiked,
  notifyPollEnded,
  notifyPollOpened,
} from '../usecases/poll-activity.js';
import { notifyVotes } from '../usecases/votes.js';

const VOTE_BATCH_MAX = 500;

/**
 * The events that become notifications. Durable consumers `notifications--<purpose>`, acked after the write; every
 * handler is idempotent (notification keys, remembered votes). Nobody is told about their own action. Payloads are
 * checked by the bus against proto's contracts: an event that breaks its contract is dead-lettered before it gets here.
 * Each handler is one use case (usecases/).
 */
export async function bindNotificationConsumers(ctx: NotificationsContext): Promise<void> {
  await bindFollowConsumers(ctx);
  await bindPollConsumers(ctx);
  await bindAccountConsumers(ctx);
  await bindFriendsPollConsumer(ctx);
  bindHiddenDrops(ctx);
}

/** A block or mute made or taken back, heard on core NATS in every instance. */
function bindHiddenDrops(ctx: NotificationsContext): void {
  const drop = (e: { userId: string; targetId: string }) => dropHidden(ctx, e);
  ctx.bus.listen(events.social.userBlocked, drop);
  ctx.bus.listen(events.social.userUnblocked, drop);
  ctx.bus.listen(events.social.userMuted, drop);
  ctx.bus.listen(events.social.userUnmuted, drop);
}

/** A new follower, a follow request. */
async function bindFollowConsumers(ctx: NotificationsContext): Promise<void> {
  await ctx.bus.consume({
    purpose: 'followers',
    filterSubject: events.social.userFollowed,
    handler: (e, c) => notifyFollowed(ctx, e, c),
  });
  await ctx.bus.consume({
    purpose: 'follow-requests',
    filterSubject: events.social.followRequested,
    handler: (e, c) => notifyFollowRequested(ctx, e, c),
  });
}

/** Votes, likes and comments on a member's poll, its end, and a scheduled poll's opening. */
async function bindPollConsumers(ctx: NotificationsContext): Promise<void> {
  const { bus } = ctx;
  await bus.consumeBatches({
    purpose: 'votes',
    filterSubject: events.polls.voteCast,
    batchMax: VOTE_BATCH_MAX,
    gatherMs: BACKGROUND_GATHER_MS,
    // Settings unknown while auth is down for a few deliveries (clients/preferences.ts), then notified anyway.
    maxDeliver: -1,
    handler: (batch, c) => notifyVotes(ctx, batch, c.log),
  });
  await bus.consume({
    purpose: 'likes',
    filterSubject: events.polls.pollLiked,
    handler: (e, c) => notifyLiked(ctx, e, c),
  });
  await bus.consume({
    purpose: 'comments',
    filterSubject: events.polls.commentCreated,
    handler: (e, c) => notifyCommented(ctx, e, c),
  });
  await bus.consume({
    purpose: 'poll-ended',
    filterSubject: events.polls.pollEnded,
    handler: (e) => notifyPollEnded(ctx, e),
  });
  await bus.consume({
    purpose: 'poll-opened',
    filterSubject: events.polls.pollOpened,
    handler: (e, c) => notifyPollOpened(ctx, e, c),
  });
}

/** What auth tells about an account: changed settings, revoked sessions. */
async function bindAccountConsumers(ctx: NotificationsContext): Promise<void> {
  await ctx.bus.consume({
    purpose: 'user-settings',
    filterSubject: events.auth.userUpdated,
    handler: (e) => forgetSettings(ctx, e.userId),
  });
  await ctx.bus.consume({
    purpose: 'sessions-revoked',
    filterSubject: events.auth.sessionsRevoked,
    handler: (e) => disconnectMember(ctx, e.userId),
  });
}

/** A new Dost Meclisi poll: each of its creator's mutual followers is told. */
async function bindFriendsPollConsumer(ctx: NotificationsContext): Promise<void> {
  await ctx.bus.consume({
    purpose: 'friends-polls',
    filterSubject: events.polls.pollCreated,
    maxDeliver: 10,
    handler: (e, c) => notifyFriendsPoll(ctx, e, c),
  });
}
