/**
 * Throw-away members with personal API tokens for a load test against any deployment (an administrator, through the
 * admin service; issue 44), made and removed through the API; refused (404) unless LOAD_TEST_MEMBERS=on. The members
 * are announced as any registration is (`events.auth.user.registered`) and removed through the account deletion path
 * (`events.auth.user.deleted`, so the other services drop what they did: votes, polls, comments, likes).
 */
import {
  events,
  loadMembersTexts as T,
  type LoadMembersCreateReply,
  type LoadMembersCreateRequest,
  type LoadMembersRemoveReply,
  type LoadMembersRemoveRequest,
} from '@meydan/proto';
import { httpError } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { createLoadMembers } from '../store/load-members.js';
import { deleteLoadBatch, inChunks } from './account-deletion.js';

type LoadMembers = Pick<AuthContext, 'config' | 'models' | 'redis' | 'mongo' | 'bus' | 'sessions' | 'log'>;

const enabled = (ctx: Pick<AuthContext, 'config'>) => {
  if (ctx.config.LOAD_TEST_MEMBERS !== 'on') throw httpError('not_found', T.disabled);
};

export async function makeLoadMembers(
  ctx: LoadMembers,
  { count, by }: LoadMembersCreateRequest,
  requestId: string,
): Promise<LoadMembersCreateReply> {
  enabled(ctx);
  const { batch, members } = await createLoadMembers(ctx, count);
  const at = new Date().toISOString();
  await inChunks(members, ({ userId, username, email, displayName }) =>
    ctx.bus.publish(
      events.auth.userRegistered,
      { userId, username, email, displayName, role: 'member', isActive: true, emailVerified: true, at },
      { requestId },
    ),
  );
  ctx.log.info({ batch, count, by }, 'load-test members made');
  return { batch, tokens: members.map((m) => m.token) };
}

export async function removeLoadMembers(
  ctx: LoadMembers,
  { batch, by }: LoadMembersRemoveRequest,
  requestId: string,
): Promise<LoadMembersRemoveReply> {
  enabled(ctx);
  const now = new Date();
  const removed = await deleteLoadBatch(ctx, batch, now);
  if (removed.length === 0) throw httpError('not_found', T.batchNotFound);
  // The gateway keeps resolved tokens a while: tell it to forget the removed members' at once.
  await inChunks(removed, (userId) =>
    ctx.bus.publish(events.auth.sessionsRevoked, { userId, at: now.toISOString() }, { requestId }),
  );
  ctx.log.info({ batch, removed: removed.length, by }, 'load-test members removal asked');
  return { removed: removed.length };
}
