/**
 * `auth.load-members.create` and `auth.load-members.remove` (the admin service, for an administrator; issue 44): a batch
 * of throw-away members with personal API tokens for a load test against any deployment, made and removed through the
 * API. Both answer 404 unless LOAD_TEST_MEMBERS=on. The members are announced as any registration is
 * (`events.auth.user.registered`) and removed through the account deletion path (`events.auth.user.deleted`, so the
 * other services drop what they did: votes, polls, comments, likes).
 */
import { events, loadMembersTexts as T, subjects } from '@meydan/proto';
import { httpError } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { deleteLoadBatch } from '../jobs/account-deletion.js';
import { createLoadMembers } from '../store/load-members.js';

/** How many registration events are in flight at once. */
const PUBLISH_CHUNK = 50;

export function bindLoadMembers(ctx: AuthContext): void {
  const { bus, config } = ctx;
  const enabled = () => {
    if (config.LOAD_TEST_MEMBERS !== 'on') throw httpError('not_found', T.disabled);
  };

  /** Runs `publish` for every item, PUBLISH_CHUNK at a time. */
  const inChunks = async <T>(items: readonly T[], publish: (item: T) => Promise<unknown>) => {
    for (let i = 0; i < items.length; i += PUBLISH_CHUNK) await Promise.all(items.slice(i, i + PUBLISH_CHUNK).map(publish));
  };

  bus.respond(subjects.auth.loadMembersCreate, async ({ count, by }, { requestId }) => {
    enabled();
    const { batch, members } = await createLoadMembers(ctx, count);
    const at = new Date().toISOString();
    await inChunks(members, ({ userId, username, email, displayName }) =>
      bus.publish(events.auth.userRegistered, { userId, username, email, displayName, role: 'member', isActive: true, emailVerified: true, at }, { requestId }),
    );
    ctx.log.info({ batch, count, by }, 'load-test members made');
    return { batch, tokens: members.map((m) => m.token) };
  });

  bus.respond(subjects.auth.loadMembersRemove, async ({ batch, by }, { requestId }) => {
    enabled();
    const now = new Date();
    const removed = await deleteLoadBatch(ctx, batch, now);
    if (removed.length === 0) throw httpError('not_found', T.batchNotFound);
    // The gateway keeps resolved tokens a while: tell it to forget the removed members' at once.
    await inChunks(removed, (userId) => bus.publish(events.auth.sessionsRevoked, { userId, at: now.toISOString() }, { requestId }));
    ctx.log.info({ batch, removed: removed.length, by }, 'load-test members removal asked');
    return { removed: removed.length };
  });
}
