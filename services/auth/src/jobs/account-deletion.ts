import { events } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { accountsDueForDeletion, claimDueDeletion, removeAccountRecords } from '../store/accounts.js';

/**
 * Removes every account whose deletion fell due: first it claims the account (a sign-in can no longer cancel), then
 * the event (so the other services remove the member's polls, votes, follows and notifications), then what auth
 * holds. A sweep that fails halfway leaves the claim, and the next one finishes the work. Returns the ids removed.
 * With `batch`, only the due accounts of that load-test batch (their removal, scheduled for now, takes this path too).
 */
export async function deleteDueAccounts(ctx: AuthContext, now = new Date(), batch?: string): Promise<string[]> {
  const due = await accountsDueForDeletion(ctx, now, batch);
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
    ctx.log.info({ userId, ...(batch ? { loadTestBatch: batch } : {}) }, batch ? 'load-test member removed' : 'account deleted as the member asked');
    removed.push(userId);
  }
  return removed;
}
