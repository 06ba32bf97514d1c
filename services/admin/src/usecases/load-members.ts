/**
 * Members for a load test (issue 44): an administrator mints a batch of throw-away members with personal API tokens
 * (auth makes them, `auth.load-members.create`) and removes the batch afterwards (`auth.load-members.remove`). Auth
 * answers 404 unless it runs with LOAD_TEST_MEMBERS=on. Both are written to the audit log.
 */
import type { AdminContext } from '../context.js';
import { createLoadMembers, removeLoadMembers } from '../clients/auth.js';
import { audit, type Staff } from './staff.js';

type Acting = Pick<AdminContext, 'models' | 'bus'>;

export async function mintLoadMembers(
  ctx: Acting,
  count: number,
  by: Staff,
): Promise<{ batch: string; tokens: string[] }> {
  const { batch, tokens } = await createLoadMembers(ctx, { count, by: by.userId }, by.requestId);
  await audit(ctx, by, 'load-members.create', 'load-members', batch, `${tokens.length} üye`);
  return { batch, tokens };
}

/** How many members of the batch were removed. */
export async function dropLoadMembers(ctx: Acting, batch: string, by: Staff): Promise<number> {
  const { removed } = await removeLoadMembers(ctx, { batch, by: by.userId }, by.requestId);
  await audit(ctx, by, 'load-members.remove', 'load-members', batch, `${removed} üye`);
  return removed;
}
