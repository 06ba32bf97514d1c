/**
 * When the read model is empty (a new deployment, a dropped database), it is filled from the owning services over
 * NATS, page by page; the events consumed meanwhile are upserts too, so the two meet without double counts (a vote
 * cast during the rebuild may be counted in the poll's page and again by its event: the one known imprecision).
 */
import { subjects, type PollsPageReply, type ReportsPageReply, type UsersPageReply } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { searchText } from '../domain/search.js';

const pageSize = 200;

/** Which parts of the read model hold nothing yet: to be asked before the event consumers start upserting. */
export interface EmptyParts {
  users: boolean;
  polls: boolean;
  reports: boolean;
}

export async function emptyParts({ models }: AdminContext): Promise<EmptyParts> {
  const [users, polls, reports] = await Promise.all([
    models.User.estimatedDocumentCount(),
    models.Poll.estimatedDocumentCount(),
    models.Report.estimatedDocumentCount(),
  ]);
  return { users: users === 0, polls: polls === 0, reports: reports === 0 };
}

/**
 * Fills the parts that were empty at start. Decided before the consumers ran: a registration consumed while auth
 * was still starting would otherwise make the accounts look rebuilt and leave out everyone made before it.
 */
export async function rebuild(ctx: AdminContext, empty: EmptyParts): Promise<void> {
  const { bus, models, log } = ctx;
  if (empty.users) {
    let after: string | null = null;
    let count = 0;
    do {
      const page: UsersPageReply = await bus.request(subjects.auth.usersPage, { after, limit: pageSize });
      for (const u of page.users) {
        await models.User.updateOne(
          { _id: u.id },
          {
            $set: {
              username: u.username,
              displayName: u.displayName,
              email: u.email,
              role: u.role,
              isActive: u.isActive,
              emailVerified: u.emailVerified,
              createdAt: new Date(u.createdAt),
              search: searchText(u.username, u.email, u.displayName),
            },
          },
          { upsert: true },
        );
      }
      count += page.users.length;
      after = page.next;
    } while (after);
    log.info({ users: count }, 'read model of accounts rebuilt from auth');
  }
  if (empty.polls) {
    let after: string | null = null;
    let count = 0;
    do {
      const page: PollsPageReply = await bus.request(subjects.polls.pollsPage, { after, limit: pageSize });
      for (const p of page.polls) {
        await models.Poll.updateOne(
          { _id: p.id },
          {
            $set: {
              title: p.title,
              description: p.description,
              category: p.category,
              type: p.type,
              creatorId: p.creatorId,
              isShareable: p.isShareable,
              votesCount: p.votesCount,
              createdAt: new Date(p.createdAt),
              search: searchText(p.title, p.description),
            },
          },
          { upsert: true },
        );
      }
      count += page.polls.length;
      after = page.next;
    } while (after);
    log.info({ polls: count }, 'read model of polls rebuilt from polls');
  }
  if (empty.reports) {
    let after: string | null = null;
    do {
      const page: ReportsPageReply = await bus.request(subjects.polls.reportsPage, { after, limit: pageSize });
      for (const r of page.reports) {
        await models.Report.updateOne(
          { _id: r.id },
          {
            $setOnInsert: {
              pollId: r.pollId,
              reporterId: r.reporterId,
              reason: r.reason,
              description: r.description,
              status: 'pending',
              createdAt: new Date(r.createdAt),
            },
          },
          { upsert: true },
        );
      }
      after = page.next;
    } while (after);
  }
}
