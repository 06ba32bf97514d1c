import { events, subjects } from '@meydan/proto';
import type { NotificationsContext } from '../context.js';
import { links, texts } from '../domain/texts.js';

const dateOf = (iso: string) => new Date(iso);

/** How long a handled vote is remembered, so a redelivered vote event is not counted twice. */
const VOTE_SEEN_SECONDS = 2 * 24 * 3600;

/**
 * The events that become notifications. Durable consumers `notifications--<purpose>`, acked after the write; every
 * handler is idempotent (notification keys, remembered votes). Nobody is told about their own action. Payloads are
 * checked by the bus against proto's contracts: an event that breaks its contract is dead-lettered before it gets here.
 */
export async function bindNotificationConsumers(ctx: NotificationsContext): Promise<void> {
  const { bus, redis } = ctx.deps;
  const { store, actors, preferences } = ctx;

  await bus.consume({
    durable: 'notifications--followers',
    filterSubject: events.social.userFollowed,
    handler: async (e, c) => {
      if (e.followerId === e.followeeId) return;
      const name = await actors.name(e.followerId, c);
      const at = dateOf(e.at);
      // At most one a day per follower: following, unfollowing and following again does not flood the bell.
      await store.add({
        userId: e.followeeId,
        kind: 'follow',
        key: `follow:${e.followerId}:${at.toISOString().slice(0, 10)}`,
        message: e.mutual ? texts.followedBack(name) : texts.followed(name),
        link: links.followers(),
        actorId: e.followerId,
        at,
      });
    },
  });

  await bus.consume({
    durable: 'notifications--follow-requests',
    filterSubject: events.social.followRequested,
    handler: async (e, c) => {
      await store.add({
        userId: e.targetId,
        kind: 'follow',
        key: `follow-request:${e.requestId}`,
        message: texts.followRequested(await actors.name(e.requesterId, c)),
        link: links.followers(),
        actorId: e.requesterId,
        at: dateOf(e.at),
      });
    },
  });

  await bus.consume({
    durable: 'notifications--votes',
    filterSubject: events.polls.voteCast,
    concurrency: 32,
    handler: async (e, c) => {
      if (e.userId && e.userId === e.creatorId) return;
      if (!(await preferences.allows(e.creatorId, 'notifyVotes', c))) return;
      const seen = `seen:vote:${e.pollId}:${e.voter}`;
      if ((await redis.set(seen, '1', 'EX', VOTE_SEEN_SECONDS, 'NX')) !== 'OK') return;
      try {
        await store.addVote(e.creatorId, e.pollId, dateOf(e.at));
      } catch (err) {
        await redis.del(seen).catch(() => {});
        throw err;
      }
    },
  });

  await bus.consume({
    durable: 'notifications--likes',
    filterSubject: events.polls.pollLiked,
    handler: async (e, c) => {
      if (!e.liked || e.userId === e.creatorId) return;
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
    durable: 'notifications--comments',
    filterSubject: events.polls.commentCreated,
    handler: async (e, c) => {
      if (e.userId === e.creatorId) return;
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
    durable: 'notifications--poll-ended',
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

  // A member changed their settings: the next vote, like or comment reads the switches afresh.
  await bus.consume({
    durable: 'notifications--user-settings',
    filterSubject: events.auth.userUpdated,
    handler: async (e) => {
      await preferences.forget(e.userId);
    },
  });

  // Logout everywhere, a password change or a ban: the member's open sockets must stop hearing their notifications.
  await bus.consume({
    durable: 'notifications--sessions-revoked',
    filterSubject: events.auth.sessionsRevoked,
    handler: (e, c) => {
      ctx.realtime?.disconnectUser(e.userId);
    },
  });

  await bus.consume({
    durable: 'notifications--friends-polls',
    filterSubject: events.polls.pollCreated,
    maxDeliver: 10,
    handler: async (e, c) => {
      if (e.type !== 'friends') return;
      const { userIds } = await bus.request(subjects.social.mutuals, { userId: e.creatorId }, c);
      const friends = userIds.filter((id) => id !== e.creatorId);
      if (friends.length === 0) return;
      const name = await actors.name(e.creatorId, c);
      for (const friend of friends) {
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
