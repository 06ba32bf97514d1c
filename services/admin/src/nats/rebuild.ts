/**
 * When the read model is empty (a new deployment, a dropped database), it is filled from the owning services over
 * NATS, page by page; the events consumed meanwhile are upserts too, so the two meet without double counts (a vote
 * cast during the rebuild may be counted in the poll's page and again by its event: the one known imprecision).
 */
import { subjects } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { saveListedAccount, savePoll, saveReport, type emptyParts } from '../store/read-model.js';

const pageSize = 200;

/** Which parts of the read model held nothing at start: asked before the event consumers start upserting. */
export type EmptyParts = Awaited<ReturnType<typeof emptyParts>>;

/** Reads a list page by page, from the start, handing each item to `save`; returns how many there were. */
async function eachPage<T>(page: (after: string | null) => Promise<{ items: T[]; next: string | null }>, save: (item: T) => Promise<void>) {
  let after: string | null = null;
  let count = 0;
  do {
    const { items, next } = await page(after);
    for (const item of items) await save(item);
    count += items.length;
    after = next;
  } while (after);
  return count;
}

/**
 * Fills the parts that were empty at start. Decided before the consumers ran: a registration consumed while auth
 * was still starting would otherwise make the accounts look rebuilt and leave out everyone made before it.
 */
export async function rebuild(ctx: AdminContext, empty: EmptyParts): Promise<void> {
  const { bus, models, log } = ctx;
  if (empty.users) {
    const users = await eachPage(
      async (after) => {
        const { users: items, next } = await bus.request(subjects.auth.usersPage, { after, limit: pageSize });
        return { items, next };
      },
      (u) => saveListedAccount(models, u.id, { ...u, createdAt: new Date(u.createdAt) }),
    );
    log.info({ users }, 'read model of accounts rebuilt from auth');
  }
  if (empty.polls) {
    const polls = await eachPage(
      async (after) => {
        const { polls: items, next } = await bus.request(subjects.polls.pollsPage, { after, limit: pageSize });
        return { items, next };
      },
      (p) => savePoll(models, p.id, { ...p, createdAt: new Date(p.createdAt) }),
    );
    log.info({ polls }, 'read model of polls rebuilt from polls');
  }
  if (empty.reports) {
    await eachPage(
      async (after) => {
        const { reports: items, next } = await bus.request(subjects.polls.reportsPage, { after, limit: pageSize });
        return { items, next };
      },
      (r) => saveReport(models, r.id, { ...r, createdAt: new Date(r.createdAt) }),
    );
  }
}
