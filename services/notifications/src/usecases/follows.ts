import type { FollowRequestedEvent, UserFollowedEvent } from '@meydan/proto';
import type { EventContext } from '@meydan/kit';
import type { NotificationsContext } from '../context.js';
import { links, texts } from '../domain/texts.js';
import { tellFollowed } from './tell.js';
import { dateOf, dayOf } from './dates.js';

/** A new follower: at most one notification a day per follower, and beyond the app only when it is new. */
export async function notifyFollowed(ctx: NotificationsContext, e: UserFollowedEvent, c: EventContext): Promise<void> {
  const { store, actors, hidden } = ctx;
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
}

/** A follow request: at most one a day per requester. */
export async function notifyFollowRequested(
  ctx: NotificationsContext,
  e: FollowRequestedEvent,
  c: EventContext,
): Promise<void> {
  const { store, actors, hidden } = ctx;
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
}
