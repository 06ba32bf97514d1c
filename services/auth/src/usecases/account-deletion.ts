import { events } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { accountsDueForDeletion, claimDueDeletion, removeAccountRecords } from '../store/accounts.js';
import { claimBatchRemoval, removeBatchRecords } from '../store/load-members.js';

/**
 * Removes every account whose deletion fell due: first it claims the account (a sign-in can no longer cancel), then
 * the event (so the other services remove the member's polls, votes, follows and notifications), then what auth
 * holds. A sweep that fails halfway leaves the claim, and the next one finishes the work. Returns the ids removed.
 */
export async function deleteDueAccounts(ctx: Pick<AuthContext, 'models' | 'redis' | 'mongo' | 'bus' | 'sessions' | 'log'>, now = new Date()): Promise<string[]> {
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

/**
 * Removes a load-test batch (POST /api/admin/load-members) now, as the sweep removes an account — the claim, then the
 * event (so the other services remove what the members did), then what auth holds — but in bulk: a thousand members
 * one by one would outlast any request. The accounts go last, so a removal that fails halfway is finished by the next
 * (the events are deduplicated by the same message ids as the sweep's). Returns the ids removed.
 */
export async function deleteLoadBatch(ctx: Pick<AuthContext, 'models' | 'redis' | 'mongo' | 'bus' | 'sessions' | 'log'>, batch: string, now = new Date()): Promise<string[]> {
  const users = await claimBatchRemoval(ctx, batch, now);
  const ids = users.map((u) => u._id.toString());
  const inChunks = async (work: (userId: string) => Promise<unknown>) => {
    for (let i = 0; i < ids.length; i += 50) await Promise.all(ids.slice(i, i + 50).map(work));
  };
  await inChunks((userId) =>
    ctx.bus.publish(events.auth.userDeleted, { userId, at: now.toISOString() }, { requestId: `load-members:${batch}`, msgId: `user-deleted:${userId}` }),
  );
  await inChunks((userId) => ctx.sessions.revokeAll(userId));
  await removeBatchRecords(ctx, batch, users);
  ctx.log.info({ loadTestBatch: batch, removed: ids.length }, 'load-test members removed');
  return ids;
}
