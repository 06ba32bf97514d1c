/**
 * The read model: accounts, polls (with their edits), votes and reports as the owning services announce them. Each consumer hands its
 * event to one write of store/read-model.ts (upserts keyed by the event's own ids, so a redelivered event changes
 * nothing twice); votes are counted in batches (vote-tally.ts).
 */
import { events } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import {
  forgetPoll,
  pseudonymiseAccount,
  renameAccount,
  saveRegisteredAccount,
  savePoll,
  saveReport,
  setAccountFields,
} from '../store/read-model.js';
import { keepNewestText, saveEdit } from '../store/poll-edits.js';
import { startVoteChangeTally, startVoteTally } from './vote-tally.js';
import { saveCommentReport, saveUserReport } from '../store/moderation.js';

export async function startReadModel(ctx: AdminContext): Promise<void> {
  const { bus, models } = ctx;

  await bus.consume({
    purpose: 'users-registered',
    filterSubject: events.auth.userRegistered,
    handler: (e) => saveRegisteredAccount(models, e.userId, { ...e, createdAt: new Date(e.at) }),
  });
  await bus.consume({
    purpose: 'users-activated',
    filterSubject: events.auth.userActivated,
    handler: (e) => setAccountFields(models, e.userId, { emailVerified: true }),
  });
  await bus.consume({
    purpose: 'users-updated',
    filterSubject: events.auth.userUpdated,
    handler: (e) => renameAccount(models, e.userId, e),
  });
  await bus.consume({
    purpose: 'users-deleted',
    filterSubject: events.auth.userDeleted,
    handler: (e) => pseudonymiseAccount(models, e.userId),
  });
  for (const [purpose, subject, isActive] of [
    ['users-banned', events.admin.userBanned, false],
    ['users-reactivated', events.admin.userReactivated, true],
  ] as const) {
    await bus.consume({ purpose, filterSubject: subject, handler: (e) => setAccountFields(models, e.userId, { isActive }) });
  }

  await bus.consume({
    purpose: 'polls-created',
    filterSubject: events.polls.pollCreated,
    handler: async (e) => {
      await savePoll(models, e.pollId, { ...e, createdAt: new Date(e.createdAt) });
      // An edit consumed before the creation itself keeps its text.
      await keepNewestText(models, e.pollId);
    },
  });
  await bus.consume({
    purpose: 'polls-edited',
    filterSubject: events.polls.pollEdited,
    handler: (e) => saveEdit(models, e),
  });
  await bus.consume({
    purpose: 'polls-deleted',
    filterSubject: events.polls.pollDeleted,
    handler: (e) => forgetPoll(models, e.pollId),
  });
  await startVoteTally(ctx);
  await startVoteChangeTally(ctx);
  await bus.consume({
    purpose: 'polls-reported',
    filterSubject: events.polls.pollReported,
    handler: (e) => saveReport(models, e.reportId, { ...e, createdAt: new Date(e.at) }),
  });
  await bus.consume({
    purpose: 'comments-reported',
    filterSubject: events.polls.commentReported,
    handler: (e) => saveCommentReport(models, e.reportId, { ...e, createdAt: new Date(e.at) }),
  });
  await bus.consume({
    purpose: 'users-reported',
    filterSubject: events.social.userReported,
    handler: (e) => saveUserReport(models, e.reportId, { ...e, createdAt: new Date(e.at) }),
  });
}
