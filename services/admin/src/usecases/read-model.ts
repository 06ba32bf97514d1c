/**
 * The read model: accounts, polls (with their edits), votes and reports as the owning services announce them. Each
 * event is one write of store/ (upserts keyed by the event's own ids, so a redelivered event changes nothing twice);
 * votes are counted in batches. When a part is empty at start, it is rebuilt from the owning services page by page.
 */
import type {
  CommentReportedEvent,
  PollCreatedEvent,
  PollEditedEvent,
  PollReportedEvent,
  UserAtEvent,
  UserModeratedEvent,
  UserRegisteredEvent,
  UserReportedEvent,
  UserUpdatedEvent,
  VoteCastEvent,
  VoteChangedEvent,
} from '@meydan/proto';
import { withLock } from '@meydan/kit';
import type { AdminContext } from '../context.js';
import { accountsPage } from '../clients/auth.js';
import { pollsPage, reportsPage } from '../clients/polls.js';
import { saveCommentReport, saveUserReport } from '../store/moderation.js';
import { keepNewestText, saveEdit } from '../store/poll-edits.js';
import {
  forgetPoll,
  pseudonymiseAccount,
  renameAccount,
  saveListedAccount,
  savePoll,
  saveRegisteredAccount,
  saveReport,
  setAccountFields,
  type emptyParts,
} from '../store/read-model.js';
import { tallyChanges } from '../store/vote-changes.js';
import { pseudonymiseVoteIds, tallyVotes } from '../store/vote-tally.js';

type ReadModel = Pick<AdminContext, 'models'>;

export const recordRegistration = (ctx: ReadModel, e: UserRegisteredEvent) =>
  saveRegisteredAccount(ctx.models, e.userId, { ...e, createdAt: new Date(e.at) });
export const recordActivation = (ctx: ReadModel, e: UserAtEvent) =>
  setAccountFields(ctx.models, e.userId, { emailVerified: true });
export const recordRename = (ctx: ReadModel, e: UserUpdatedEvent) => renameAccount(ctx.models, e.userId, e);
export const recordAccountDeletion = (ctx: ReadModel, e: UserAtEvent) => pseudonymiseAccount(ctx.models, e.userId);
/** A ban (`isActive` false) or its lifting (true). */
export const recordStanding = (ctx: ReadModel, e: UserModeratedEvent, isActive: boolean) =>
  setAccountFields(ctx.models, e.userId, { isActive });

type PollText = Pick<AdminContext, 'models' | 'redis'>;

/**
 * A poll's text is written by its creation event and by each edit, which the consumers handle side by side. The
 * MongoDB-wire server used here (FerretDB v1) applies a conditional update as a read and then a write, so an older
 * edit could put its text back over a newer one: each poll's text writes take turns under a Redis lock.
 */
const pollTextTurn = <T>(ctx: PollText, pollId: string, write: () => Promise<T>) =>
  withLock(ctx.redis, `admin:poll-text:${pollId}`, write);

export const recordPollCreated = (ctx: PollText, e: PollCreatedEvent) =>
  pollTextTurn(ctx, e.pollId, async () => {
    await savePoll(ctx.models, e.pollId, { ...e, createdAt: new Date(e.createdAt) });
    // An edit consumed before the creation itself keeps its text.
    await keepNewestText(ctx.models, e.pollId);
  });

export const recordPollEdit = (ctx: PollText, e: PollEditedEvent) =>
  pollTextTurn(ctx, e.pollId, () => saveEdit(ctx.models, e));
export const recordPollDeletion = (ctx: ReadModel, e: { pollId: string }) => forgetPoll(ctx.models, e.pollId);
export const recordPollReport = (ctx: ReadModel, e: PollReportedEvent) =>
  saveReport(ctx.models, e.reportId, { ...e, createdAt: new Date(e.at) });
export const recordCommentReport = (ctx: ReadModel, e: CommentReportedEvent) =>
  saveCommentReport(ctx.models, e.reportId, { ...e, createdAt: new Date(e.at) });
export const recordUserReport = (ctx: ReadModel, e: UserReportedEvent) =>
  saveUserReport(ctx.models, e.reportId, { ...e, createdAt: new Date(e.at) });

type Tally = Parameters<typeof tallyVotes>[0];

/** Makes the stored votes' ids pseudonyms before the tally starts (records written before they were). */
export const prepareVoteTally = (ctx: Tally) => pseudonymiseVoteIds(ctx);
export const tallyCastVotes = (ctx: Tally, batch: VoteCastEvent[]) => tallyVotes(ctx, batch);
export const tallyChangedVotes = (ctx: Parameters<typeof tallyChanges>[0], batch: VoteChangedEvent[]) =>
  tallyChanges(ctx, batch);

const pageSize = 200;

/** Which parts of the read model held nothing at start: asked before the event consumers start upserting. */
export type EmptyParts = Awaited<ReturnType<typeof emptyParts>>;

/** Reads a list page by page, from the start, handing each item to `save`; returns how many there were. */
async function eachPage<T>(
  page: (after: string | null) => Promise<{ items: T[]; next: string | null }>,
  save: (item: T) => Promise<void>,
) {
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
 * Fills the parts that were empty at start from the owning services. Decided before the consumers ran: a
 * registration consumed while auth was still starting would otherwise make the accounts look rebuilt and leave out
 * everyone made before it. The events consumed meanwhile are upserts too, so the two meet without double counts (a
 * vote cast during the rebuild may be counted in the poll's page and again by its event: the one known imprecision).
 */
export async function rebuildReadModel(
  ctx: Pick<AdminContext, 'models' | 'bus' | 'log'>,
  empty: EmptyParts,
): Promise<void> {
  const { models, log } = ctx;
  if (empty.users) {
    const users = await eachPage(
      async (after) => {
        const { users: items, next } = await accountsPage(ctx, after, pageSize);
        return { items, next };
      },
      (u) => saveListedAccount(models, u.id, { ...u, createdAt: new Date(u.createdAt) }),
    );
    log.info({ users }, 'read model of accounts rebuilt from auth');
  }
  if (empty.polls) {
    const polls = await eachPage(
      async (after) => {
        const { polls: items, next } = await pollsPage(ctx, after, pageSize);
        return { items, next };
      },
      (p) => savePoll(models, p.id, { ...p, createdAt: new Date(p.createdAt) }),
    );
    log.info({ polls }, 'read model of polls rebuilt from polls');
  }
  if (empty.reports) {
    await eachPage(
      async (after) => {
        const { reports: items, next } = await reportsPage(ctx, after, pageSize);
        return { items, next };
      },
      (r) => saveReport(models, r.id, { ...r, createdAt: new Date(r.createdAt) }),
    );
  }
}
