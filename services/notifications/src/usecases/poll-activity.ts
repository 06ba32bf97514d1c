import type {
  CommentCreatedEvent,
  PollCreatedEvent,
  PollEndedEvent,
  PollLikedEvent,
  PollOpenedEvent,
} from '@meydan/proto';
import type { EventContext } from '@meydan/kit';
import type { NotificationsContext } from '../context.js';
import { links, texts } from '../domain/texts.js';
import { mutualsOf } from '../clients/social.js';
import { dateOf } from './dates.js';

/** A like on a member's poll: one notification per liker and poll, as the creator's likes switch allows. */
export async function notifyLiked(ctx: NotificationsContext, e: PollLikedEvent, c: EventContext): Promise<void> {
  const { store, actors, preferences, hidden } = ctx;
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
}

/** A comment on a member's poll: one growing unread notification per poll, as the creator's comments switch allows. */
export async function notifyCommented(
  ctx: NotificationsContext,
  e: CommentCreatedEvent,
  c: EventContext,
): Promise<void> {
  const { store, actors, preferences, hidden } = ctx;
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
}

/** A member's poll ended: its creator is told the result. */
export async function notifyPollEnded(ctx: NotificationsContext, e: PollEndedEvent): Promise<void> {
  await ctx.store.add({
    userId: e.creatorId,
    kind: 'poll-ended',
    key: `ended:${e.pollId}`,
    message: texts.pollEnded(
      e.title,
      e.voteCounts,
      e.totalVotes,
      e.winnerIndexes,
      e.winnerShare === undefined ? undefined : { share: e.winnerShare, rounds: e.rounds ?? 1 },
    ),
    link: links.ownPoll(e.pollId),
    pollId: e.pollId,
    at: dateOf(e.at),
  });
}

/**
 * A scheduled poll opened: each member who asked to be told ('Açılınca haber ver') is told once (one notification per
 * member and poll, however often the event comes), unless they hid its creator.
 */
export async function notifyPollOpened(ctx: NotificationsContext, e: PollOpenedEvent, c: EventContext): Promise<void> {
  const { store, hidden } = ctx;
  for (const userId of e.remindUserIds) {
    if (userId === e.creatorId || (await hidden.hides(userId, e.creatorId, c))) continue;
    await store.add({
      userId,
      kind: 'poll-opened',
      key: `opened:${e.pollId}`,
      message: texts.pollOpened(e.title),
      link: links.ownPoll(e.pollId),
      pollId: e.pollId,
      actorId: e.creatorId,
      at: dateOf(e.at),
    });
  }
}

/** A new Dost Meclisi poll: each of its creator's mutual followers (asked of social) is told. */
export async function notifyFriendsPoll(
  ctx: NotificationsContext,
  e: PollCreatedEvent,
  c: EventContext,
): Promise<void> {
  const { store, actors, hidden } = ctx;
  if (e.type !== 'friends') return;
  const userIds = await mutualsOf(ctx.bus, e.creatorId, c);
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
}
