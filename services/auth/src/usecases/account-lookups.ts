/** What other services ask auth about its members (answered over NATS by nats/responders.ts). */
import { findEachById, httpError, isObjectId } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { sha256 } from '../domain/secrets.js';
import { settingsOf, summaryOf } from '../domain/views.js';
import { accountById, accountsAfter, activatedAccounts } from '../store/accounts.js';
import { useApiToken } from '../store/api-tokens.js';

type Lookups = Pick<AuthContext, 'models' | 'redis' | 'mongo'>;

/** The account id and role of a session (the gateway of the previous release asks). */
export async function resolveSession(ctx: Pick<AuthContext, 'sessions'>, { sid }: { sid: string }) {
  const session = await ctx.sessions.resolve(sid);
  return session ? { userId: session.userId, role: session.role } : null;
}

/** Whose personal API token this is (marked as used now); null for a revoked one or an account that cannot sign in. */
export async function resolveToken(ctx: Lookups, { token }: { token: string }) {
  const record = await useApiToken(ctx, sha256(token));
  if (!record) return null;
  const user = await accountById(ctx, record.userId);
  if (!user?.isActive || !user.emailVerified) return null;
  return { userId: record.userId, role: user.role, tier: record.tier, tokenId: record._id.toString() };
}

export async function userSummary(ctx: Lookups, { id }: { id: string }) {
  const user = isObjectId(id) ? await accountById(ctx, id) : null;
  if (!user) throw httpError('not_found', 'Kullanıcı bulunamadı');
  return summaryOf(user);
}

export async function userSummaries(ctx: Lookups, { ids }: { ids: string[] }) {
  const valid = [...new Set(ids.filter(isObjectId))];
  // Not one `$in`: a burst of FerretDB's whole-collection scans for it once held auth's answers past their
  // requesters' timeouts for good after a MongoDB-wire restart.
  const users = await findEachById(valid, (id) => accountById(ctx, id));
  return { users: users.map(summaryOf) };
}

export async function userSettings(ctx: Lookups, { userId }: { userId: string }) {
  const user = isObjectId(userId) ? await accountById(ctx, userId) : null;
  if (!user) throw httpError('not_found', 'Kullanıcı bulunamadı');
  return settingsOf(user);
}

export async function userAffinities(ctx: Lookups, { userId }: { userId: string }) {
  const user = await accountById(ctx, userId);
  return { topics: user?.analysis?.topics ?? [] };
}

export async function activatedUsersEmails(ctx: Lookups) {
  const users = await activatedAccounts(ctx);
  return {
    users: users.map((u) => ({
      id: u._id.toString(),
      email: u.email,
      username: u.username,
      displayName: u.displayName,
    })),
  };
}

/** Where notifications sends the mail a member opted in to: only to an active, activated account. */
export async function userContact(ctx: Lookups, { userId }: { userId: string }) {
  const user = isObjectId(userId) ? await accountById(ctx, userId) : null;
  if (!user?.isActive || !user.emailVerified) throw httpError('not_found', 'Kullanıcı bulunamadı');
  return { email: user.email, username: user.username, displayName: user.displayName ?? null };
}

/** A page of accounts, by id (the admin service rebuilds its read model of accounts from them when it starts empty). */
export async function usersPage(ctx: Lookups, { after, limit }: { after?: string | null | undefined; limit: number }) {
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
}
