/**
 * The polls service's NATS side apart from the vote consumer: request/reply responders (`polls.users.counts`,
 * `polls.can-view`) and the events it reacts to (admin removal of a poll, profile updates and follows that make
 * cached summaries and mutuals stale, and an edit made through any replica, which every replica's own caches drop).
 */
import { events, subjects } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { followsChanged, hidingChanged, pollEdited, profileChanged } from '../usecases/caches.js';
import { canView, userTopics } from '../usecases/can-view.js';
import { countMemberActivity, votersOfPoll } from '../usecases/member-data.js';
import { banCreator, reactivateCreator, removePollByAdmin } from '../usecases/moderation.js';
import { pollPreview } from '../usecases/previews.js';
import { pollsPage, reportsPage } from '../usecases/read-model.js';

export async function registerNatsHandlers(ctx: PollsContext): Promise<void> {
  const { bus } = ctx;
  bus.respond(subjects.polls.userCounts, ({ userId }) => countMemberActivity(ctx, userId));
  bus.respond(subjects.polls.pollsPage, (payload) => pollsPage(ctx, payload));
  bus.respond(subjects.polls.reportsPage, (payload) => reportsPage(ctx, payload));
  bus.respond(subjects.polls.userTopics, (payload) => userTopics(ctx, payload));
  bus.respond(subjects.polls.canView, (payload, c) => canView(ctx, payload, c));
  bus.respond(subjects.polls.preview, (payload) => pollPreview(ctx, payload));
  // The members who voted on a poll, a page at a time, for the notification each gets when it ends.
  bus.respond(subjects.polls.pollVoters, (page) => votersOfPoll(ctx, page));

  // A poll's text was edited (through this replica or another): every replica drops what it keeps of it for a moment
  // (the document, the visitor feeds' pages), so feeds, profile lists, search answers and share pages show the new
  // text at once. Heard on core NATS by each replica, not by one durable consumer; dropping twice changes nothing.
  bus.listen(events.polls.pollEdited, ({ pollId }) => pollEdited(ctx, pollId));

  // A member blocked or muted someone, or took it back: both ends' hidden sets are dropped here, so the next feed, search
  // or comment page each reads is filtered by the new set (heard on core NATS by each replica, as edits are).
  const dropHidden = (change: { userId: string; targetId: string }) => hidingChanged(ctx, change);
  bus.listen(events.social.userBlocked, dropHidden);
  bus.listen(events.social.userUnblocked, dropHidden);
  bus.listen(events.social.userMuted, dropHidden);
  bus.listen(events.social.userUnmuted, dropHidden);

  // An administrator removed a poll: the same cascade as the creator's delete, and the same event for others.
  await bus.consume({
    purpose: 'admin-poll-removed',
    filterSubject: events.admin.pollRemoved,
    handler: (payload, c) => removePollByAdmin(ctx, payload, c.requestId),
  });

  // A banned member's polls disappear from feeds and direct views until an administrator reactivates them
  // (usecases/moderation.ts).
  await bus.consume({
    purpose: 'creator-banned',
    filterSubject: events.admin.userBanned,
    handler: (payload) => banCreator(ctx, payload.userId),
  });
  await bus.consume({
    purpose: 'creator-reactivated',
    filterSubject: events.admin.userReactivated,
    handler: (payload) => reactivateCreator(ctx, payload.userId),
  });

  await bus.consume({
    purpose: 'user-summary-cache',
    filterSubject: events.auth.userUpdated,
    handler: (payload) => profileChanged(ctx, payload.userId),
  });
  for (const [purpose, subject] of [
    ['mutuals-cache-followed', events.social.userFollowed],
    ['mutuals-cache-unfollowed', events.social.userUnfollowed],
  ] as const) {
    await bus.consume({
      purpose,
      filterSubject: subject,
      handler: (payload) => followsChanged(ctx, payload.followerId, payload.followeeId),
    });
  }
}
