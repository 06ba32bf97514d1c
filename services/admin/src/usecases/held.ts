/**
 * Texts the word filter held for review: polls and comments (polls keeps them), display names and bios (auth keeps
 * them). A moderator approves one (shown to everyone) or removes it, and the audit names them.
 */
import type { HeldParams } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { decideHeldProfile } from '../clients/auth.js';
import { decideHeldPollText } from '../clients/polls.js';
import { audit, type Staff } from './staff.js';

/** Approves or removes the held item; false when its owner has no such item waiting. */
export async function decideHeld(
  ctx: Pick<AdminContext, 'models' | 'bus'>,
  { kind, id }: HeldParams,
  decision: 'approve' | 'remove',
  by: Staff,
): Promise<boolean> {
  const asked = { kind, id, decision, by: by.userId };
  const { found } =
    kind === 'profile'
      ? await decideHeldProfile(ctx, asked, by.requestId)
      : await decideHeldPollText(ctx, asked, by.requestId);
  if (!found) return false;
  await audit(ctx, by, decision === 'approve' ? 'held.approve' : 'held.remove', kind, id);
  return true;
}
