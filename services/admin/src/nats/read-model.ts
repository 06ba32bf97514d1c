/**
 * The read model: accounts, polls, votes and reports as the owning services announce them. Every handler is an
 * upsert or an insert keyed by the event's own ids, so a redelivered event changes nothing twice; votes are counted
 * in batches (vote-tally.ts).
 */
import { events } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { deletedAccount } from '../domain/pseudonym.js';
import { searchText } from '../domain/search.js';
import { startVoteTally } from './vote-tally.js';

export async function startReadModel(ctx: AdminContext): Promise<void> {
  const { bus, models } = ctx;

  await bus.consume({
    durable: ctx.durable('users-registered'),
    filterSubject: events.auth.userRegistered,
    handler: async (e) => {
      await models.User.updateOne(
        { _id: e.userId },
        {
          $set: { username: e.username, email: e.email, displayName: e.displayName, search: searchText(e.username, e.email, e.displayName) },
          $setOnInsert: {
            role: e.role ?? 'member',
            isActive: e.isActive ?? true,
            emailVerified: e.emailVerified ?? false,
            createdAt: new Date(e.at),
          },
        },
        { upsert: true },
      );
    },
  });
  await bus.consume({
    durable: ctx.durable('users-activated'),
    filterSubject: events.auth.userActivated,
    handler: async (e) => {
      await models.User.updateOne({ _id: e.userId }, { $set: { emailVerified: true } });
    },
  });
  await bus.consume({
    durable: ctx.durable('users-updated'),
    filterSubject: events.auth.userUpdated,
    handler: async (e) => {
      const user = await models.User.findById(e.userId).lean();
      if (!user) return;
      await models.User.updateOne(
        { _id: e.userId },
        { $set: { username: e.username, displayName: e.displayName, search: searchText(e.username, user.email, e.displayName) } },
      );
    },
  });
  // The member asked for their account to be deleted: no personal data of theirs stays here either. The account's
  // line stays (its polls, votes and reports may still name it), under a pseudonym.
  await bus.consume({
    durable: ctx.durable('users-deleted'),
    filterSubject: events.auth.userDeleted,
    handler: async (e) => {
      const pseudonym = deletedAccount(e.userId);
      await models.User.updateOne(
        { _id: e.userId },
        { $set: { ...pseudonym, isActive: false, search: searchText(pseudonym.username, pseudonym.email, pseudonym.displayName) } },
      );
    },
  });
  for (const [purpose, subject, isActive] of [
    ['users-banned', events.admin.userBanned, false],
    ['users-reactivated', events.admin.userReactivated, true],
  ] as const) {
    await bus.consume({
      durable: ctx.durable(purpose),
      filterSubject: subject,
      handler: async (e) => {
        await models.User.updateOne({ _id: e.userId }, { $set: { isActive } });
      },
    });
  }

  await bus.consume({
    durable: ctx.durable('polls-created'),
    filterSubject: events.polls.pollCreated,
    handler: async (e) => {
      await models.Poll.updateOne(
        { _id: e.pollId },
        {
          $set: {
            title: e.title,
            description: e.description ?? null,
            category: e.category,
            type: e.type,
            creatorId: e.creatorId,
            isShareable: e.isShareable ?? false,
            createdAt: new Date(e.createdAt),
            search: searchText(e.title, e.description),
          },
          $setOnInsert: { votesCount: 0 },
        },
        { upsert: true },
      );
    },
  });
  await bus.consume({
    durable: ctx.durable('polls-deleted'),
    filterSubject: events.polls.pollDeleted,
    handler: async (e) => {
      await forgetPoll(ctx, e.pollId);
    },
  });
  await startVoteTally(ctx);
  await bus.consume({
    durable: ctx.durable('polls-reported'),
    filterSubject: events.polls.pollReported,
    handler: async (e) => {
      await models.Report.updateOne(
        { _id: e.reportId },
        {
          $setOnInsert: {
            pollId: e.pollId,
            reporterId: e.reporterId,
            reason: e.reason,
            description: e.description,
            status: 'pending',
            createdAt: new Date(e.at),
          },
        },
        { upsert: true },
      );
    },
  });
}

/** A poll is gone (its creator or an administrator deleted it): it leaves the lists and its reports are resolved. */
export async function forgetPoll(ctx: AdminContext, pollId: string): Promise<void> {
  await ctx.models.Report.updateMany({ pollId, status: 'pending' }, { $set: { status: 'resolved' } });
  await ctx.models.Poll.deleteOne({ _id: pollId });
  await ctx.models.Vote.deleteMany({ pollId });
}
