import { Types } from 'mongoose';
import { subjects } from '@meydan/proto';
import { httpError } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { sha256 } from '../domain/secrets.js';
import { summaryOf } from '../domain/views.js';

const isObjectId = (id: unknown): id is string => typeof id === 'string' && Types.ObjectId.isValid(id) && id.length === 24;

/** What other services ask auth over NATS. */
export function bindAuthResponders(ctx: AuthContext): void {
  const { bus } = ctx.deps;

  bus.respond(
    subjects.auth.sessionResolve,
    async ({ sid }: { sid: string }) => {
      const session = await ctx.sessions.resolve(sid);
      return session ? { userId: session.userId, role: session.role } : null;
    },
    { requestSchema: { type: 'object', required: ['sid'], properties: { sid: { type: 'string', maxLength: 200 } } } },
  );

  bus.respond(
    subjects.auth.tokenResolve,
    async ({ token }: { token: string }) => {
      const record = await ctx.apiTokens.findOneAndUpdate(
        { tokenHash: sha256(token), revokedAt: null },
        { $set: { lastUsedAt: new Date() } },
        { returnDocument: 'after' },
      );
      if (!record) return null;
      const user = await ctx.users.findById(record.userId).lean();
      if (!user || !user.isActive || !user.emailVerified) return null;
      return { userId: record.userId, role: user.role, tier: record.tier, tokenId: record._id.toString() };
    },
    { requestSchema: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 200 } } } },
  );

  bus.respond(
    subjects.auth.usersGet,
    async ({ id }: { id: string }) => {
      const user = isObjectId(id) ? await ctx.users.findById(id).lean() : null;
      if (!user) throw httpError('not_found', 'Kullanıcı bulunamadı');
      return summaryOf(user);
    },
    { requestSchema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } },
  );

  bus.respond(
    subjects.auth.usersSummaries,
    async ({ ids }: { ids: string[] }) => {
      const valid = [...new Set(ids.filter(isObjectId))];
      const users = valid.length ? await ctx.users.find({ _id: { $in: valid } }).lean() : [];
      return { users: users.map(summaryOf) };
    },
    {
      requestSchema: {
        type: 'object',
        required: ['ids'],
        properties: { ids: { type: 'array', maxItems: 500, items: { type: 'string' } } },
      },
    },
  );

  bus.respond(subjects.auth.usersEmails, async () => {
    const users = await ctx.users.find({ isActive: true, emailVerified: true }).lean();
    return { users: users.map((u) => ({ id: u._id.toString(), email: u.email, username: u.username, displayName: u.displayName })) };
  });
}
