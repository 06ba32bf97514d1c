/** Moderation decisions taken in the admin service, applied to accounts here. */
import type { UserRole } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { setAccountActive, setAccountRole } from '../store/accounts.js';
import { revokeEverything } from './revocation.js';

type Moderation = Pick<AuthContext, 'models' | 'redis' | 'mongo' | 'bus' | 'sessions'>;

/** A banned member: the account inactive, every way in ended. */
export async function applyBan(ctx: Moderation, { userId }: { userId: string }, requestId: string): Promise<void> {
  await setAccountActive(ctx, userId, false);
  await revokeEverything(ctx, userId, requestId);
}

export async function applyReactivation(ctx: Moderation, { userId }: { userId: string }): Promise<void> {
  await setAccountActive(ctx, userId, true);
}

/**
 * A new role ends every session (a session carries its role, and a staff one its second factor): the account signs
 * in again as what it now is. An authenticator enrolled before stays for a later return to the staff.
 */
export async function applyRoleChange(
  ctx: Moderation,
  { userId, role }: { userId: string; role: UserRole },
  requestId: string,
): Promise<void> {
  await setAccountRole(ctx, userId, role);
  await revokeEverything(ctx, userId, requestId);
}
