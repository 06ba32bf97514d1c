import { events } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { accountsDueForDeletion, claimDueDeletion, removeAccountRecords } from '../store/accounts.js';
import { claimBatchRemoval, removeBatchRecords } from '../store/load-members.js';

/**
 * Removes every account whose deletion fell due: first it claims the account (a sign-in can no longer cancel), then
 * the event (so the other services remove the member's polls, votes, follows and notifications), then what auth
 * holds. A sweep that fails halfway leaves the claim, and the next one finishes the work. Returns the ids removed.
 */
export async function deleteDueAccounts(
  ctx: Pick<AuthContext, 'models' | 'redis' | 'mongo' | 'bus' | 'sessions' | 'log'>,
  now = new Date(),
): Promise<string[]> {
  const due = await accountsDueForDeletion(ctx, now);
  const removed: string[] = [];
  for (const user of due) {
    const userId = user._id.toString();
    if (!(await claimDueDeletion(ctx, user, now))) continue; // signed in meanwhile: the deletion was cancelled
    await ctx.bus.publish(
      events.auth.userDeleted,
      { userId, at: now.toISOString() },
      { requestId: `account-deletion:${userId}`, msgId: `user-deleted:${userId}` },
    );
    await ctx.sessions.revokeAll(userId);
    await removeAccountRecords(ctx, user);
    ctx.log.info({ userId }, 'account deleted as the member asked');
    removed.push(userId);
  }
  return removed;
}

/** How many of a batch's members are worked on at once (events in flight, sessions ended). */
const CHUNK = 50;

/** Runs `work` for every item, CHUNK at a time. */
export async function inChunks<I>(items: readonly I[], work: (item: I) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += CHUNK) await Promise.all(items.slice(i, i + CHUNK).map(work));
}

/**
 * Removes a load-test batch (POST /api/admin/load-members) now, as the sweep removes an account — the claim, then the
 * event (so the other services remove what the members did), then what auth holds — but in bulk: a thousand members
 * one by one would outlast any request. The accounts go last, so a removal that fails halfway is finished by the next
 * (the events are deduplicated by the same message ids as the sweep's). Returns the ids removed.
 */
export async function deleteLoadBatch(
  ctx: Pick<AuthContext, 'models' | 'redis' | 'mongo' | 'bus' | 'sessions' | 'log'>,
  batch: string,
  now = new Date(),
): Promise<string[]> {
  const users = await claimBatchRemoval(ctx, batch, now);
  const ids = users.map((u) => u._id.toString());
  await inChunks(ids, (userId) =>
    ctx.bus.publish(
      events.auth.userDeleted,
      { userId, at: now.toISOString() },
      { requestId: `load-members:${batch}`, msgId: `user-deleted:${userId}` },
    ),
  );
  await inChunks(ids, (userId) => ctx.sessions.revokeAll(userId));
  await removeBatchRecords(ctx, batch, users);
  ctx.log.info({ loadTestBatch: batch, removed: ids.length }, 'load-test members removed');
  return ids;
}
