/**
 * The read model's consumers: accounts, polls (with their edits), votes and reports as the owning services announce
 * them, each event handed to its use case (usecases/read-model.ts); votes are counted in batches (vote-tally.ts).
 */
import { events } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import {
  recordAccountDeletion,
  recordActivation,
  recordCommentReport,
  recordPollCreated,
  recordPollDeletion,
  recordPollEdit,
  recordPollReport,
  recordRegistration,
  recordRename,
  recordStanding,
  recordUserReport,
} from '../usecases/read-model.js';
import { startVoteChangeTally, startVoteTally } from './vote-tally.js';

export async function startReadModel(ctx: AdminContext): Promise<void> {
  const { bus } = ctx;

  await bus.consume({
    purpose: 'users-registered',
    filterSubject: events.auth.userRegistered,
    handler: (e) => recordRegistration(ctx, e),
  });
  await bus.consume({
    purpose: 'users-activated',
    filterSubject: events.auth.userActivated,
    handler: (e) => recordActivation(ctx, e),
  });
  await bus.consume({
    purpose: 'users-updated',
    filterSubject: events.auth.userUpdated,
    handler: (e) => recordRename(ctx, e),
  });
  await bus.consume({
    purpose: 'users-deleted',
    filterSubject: events.auth.userDeleted,
    handler: (e) => recordAccountDeletion(ctx, e),
  });
  for (const [purpose, subject, isActive] of [
    ['users-banned', events.admin.userBanned, false],
    ['users-reactivated', events.admin.userReactivated, true],
  ] as const) {
    await bus.consume({ purpose, filterSubject: subject, handler: (e) => recordStanding(ctx, e, isActive) });
  }

  await bus.consume({
    purpose: 'polls-created',
    filterSubject: events.polls.pollCreated,
    handler: (e) => recordPollCreated(ctx, e),
  });
  await bus.consume({
    purpose: 'polls-edited',
    filterSubject: events.polls.pollEdited,
    handler: (e) => recordPollEdit(ctx, e),
  });
  await bus.consume({
    purpose: 'polls-deleted',
    filterSubject: events.polls.pollDeleted,
    handler: (e) => recordPollDeletion(ctx, e),
  });
  await startVoteTally(ctx);
  await startVoteChangeTally(ctx);
  await bus.consume({
    purpose: 'polls-reported',
    filterSubject: events.polls.pollReported,
    handler: (e) => recordPollReport(ctx, e),
  });
  await bus.consume({
    purpose: 'comments-reported',
    filterSubject: events.polls.commentReported,
    handler: (e) => recordCommentReport(ctx, e),
  });
  await bus.consume({
    purpose: 'users-reported',
    filterSubject: events.social.userReported,
    handler: (e) => recordUserReport(ctx, e),
  });
}
