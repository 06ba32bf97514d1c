import { subjects } from '@meydan/proto';
import { findEachById, httpError, isObjectId } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { sha256 } from '../domain/secrets.js';
import { settingsOf, summaryOf } from '../domain/views.js';
import { accountById, accountsAfter, activatedAccounts } from '../store/accounts.js';
import { useApiToken } from '../store/api-tokens.js';

/** What other services ask auth over NATS (payloads checked by the bus against proto's contracts). */
export function bindAuthResponders(ctx: AuthContext): void {
  const { bus } = ctx;

  bus.respond(subjects.auth.sessionResolve, async ({ sid }) => {
    const session = await ctx.sessions.resolve(sid);
    return session ? { userId: session.userId, role: session.role } : null;
  });

  bus.respond(subjects.auth.tokenResolve, async ({ token }) => {
    const record = await useApiToken(ctx, sha256(token));
    if (!record) return null;
    const user = await accountById(ctx, record.userId);
    if (!user || !user.isActive || !user.emailVerified) return null;
    return { userId: record.userId, role: user.role, tier: record.tier, tokenId: record._id.toString() };
  });

  bus.respond(subjects.auth.usersGet, async ({ id }) => {
    const user = isObjectId(id) ? await accountById(ctx, id) : null;
    if (!user) throw httpError('not_found', 'Kullanıcı bulunamadı');
    return summaryOf(user);
  });

  bus.respond(subjects.auth.usersSummaries, async ({ ids }) => {
    const valid = [...new Set(ids.filter(isObjectId))];
    // Not one `$in`: a burst of FerretDB's whole-collection scans for it once held auth's answers past their
    // requesters' timeouts for good after a MongoDB-wire restart.
    const users = await findEachById(valid, (id) => accountById(ctx, id));
    return { users: users.map(summaryOf) };
  });

  bus.respond(subjects.auth.usersSettings, async ({ userId }) => {
    const user = isObjectId(userId) ? await accountById(ctx, userId) : null;
    if (!user) throw httpError('not_found', 'Kullanıcı bulunamadı');
    return settingsOf(user);
  });

  bus.respond(subjects.auth.usersAffinities, async ({ userId }) => {
    const user = await accountById(ctx, userId);
    return { topics: user?.analysis?.topics ?? [] };
  });

  bus.respond(subjects.auth.usersEmails, async () => {
    const users = await activatedAccounts(ctx);
    return { users: users.map((u) => ({ id: u._id.toString(), email: u.email, username: u.username, displayName: u.displayName })) };
  });

  // Where notifications sends the mail a member opted in to: only to an active, activated account.
  bus.respond(subjects.auth.usersContact, async ({ userId }) => {
    const user = isObjectId(userId) ? await accountById(ctx, userId) : null;
    if (!user || !user.isActive || !user.emailVerified) throw httpError('not_found', 'Kullanıcı bulunamadı');
    return { email: user.email, username: user.username, displayName: user.displayName ?? null };
  });

  // The admin service rebuilds its read model of accounts from these pages when it starts empty.
  bus.respond(subjects.auth.usersPage, async ({ after, limit }) => {
    const users = await accountsAfter(ctx, after && isObjectId(after) ? after : null, limit);
    return {
      users: users.map((u) => ({
        id: u._id.toString(),
        username: u.username,
        displayName: u.displayName,
        email: u.email,
        role: u.role,
        isActive: u.isActive,
        emailVerified: u.emailVerified,
        createdAt: u.createdAt.toISOString(),
      })),
      next: users.length === limit ? users[users.length - 1]!._id.toString() : null,
    };
  });
}
