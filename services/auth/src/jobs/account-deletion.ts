import { everyInterval } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { deleteDueAccounts } from '../usecases/account-deletion.js';

/** Removes the accounts whose deletion fell due, every ACCOUNT_DELETION_SWEEP_MS; `stop` ends it. */
export function startAccountDeletionSweep(ctx: AuthContext) {
  return everyInterval(
    'account deletion sweep',
    ctx.config.ACCOUNT_DELETION_SWEEP_MS ?? 3_600_000,
    () => deleteDueAccounts(ctx),
    ctx.log,
  );
}
