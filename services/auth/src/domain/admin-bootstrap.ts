import { isDuplicateKey } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { hashPassword } from './secrets.js';

/**
 * The administrator is an account with role admin, made from ADMIN_EMAIL/ADMIN_PASSWORD at start.
 * An existing account with that e-mail is promoted (its password is left as it is).
 */
export async function bootstrapAdmin(ctx: AuthContext): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password, ADMIN_USERNAME: wanted = 'admin' } = ctx.config;
  if (!email || !password) {
    ctx.deps.log.warn('ADMIN_EMAIL/ADMIN_PASSWORD not set: no administrator account');
    return;
  }
  const existing = await ctx.users.findOne({ emailLower: email.toLowerCase() });
  if (existing) {
    if (existing.role !== 'admin' || !existing.isActive || !existing.emailVerified) {
      await ctx.users.updateOne({ _id: existing._id }, { $set: { role: 'admin', isActive: true, emailVerified: true } });
      await ctx.sessions.revokeAll(existing._id.toString());
    }
    return;
  }
  let username = wanted;
  for (let i = 1; await ctx.users.exists({ usernameLower: username.toLowerCase() }); i++) username = `${wanted}${i}`;
  try {
    await ctx.users.create({
      username,
      usernameLower: username.toLowerCase(),
      email,
      emailLower: email.toLowerCase(),
      displayName: 'Meydan Yönetimi',
      passwordHash: await hashPassword(password),
      role: 'admin',
      emailVerified: true,
    });
    ctx.deps.log.info({ email, username }, 'administrator account created');
  } catch (err) {
    // Another instance created it at the same moment.
    if (!isDuplicateKey(err)) throw err;
  }
}
