import { isDuplicateKey, type Logger } from '@meydan/kit';
import { PUBLISHED_ADMIN_PASSWORDS, type AuthConfig } from '../config.js';
import type { Models } from '../model/index.js';
import type { SessionStore } from './sessions.js';
import { hashPassword, verifyPassword } from '../domain/secrets.js';

type Bootstrap = {
  models: Pick<Models, 'users' | 'activations'>;
  config: AuthConfig;
  log: Logger;
  sessions: SessionStore;
};

/**
 * The administrator is exactly the account ADMIN_EMAIL/ADMIN_PASSWORD configure, made at start:
 * - nobody holds the address: it is created with the configured password;
 * - a never-activated account holds it (anyone can register an address they do not own): that account is removed,
 *   with its links, and the administrator created in its place, so its registrant's password opens nothing;
 * - an activated member holds it: only the mailbox's owner could activate it, so that is the operator's own
 *   account. It becomes the administrator, with the configured password, and its sessions end (they carry the old role);
 * - an active administrator holds it: left as it is (its password may have been changed since), unless its password is
 *   still a published one (`meydan-admin`, the old local default, …) and the configured one is not: then it takes the
 *   configured password and its sessions end, so an old checkout's `.data/` does not keep the README's password working.
 */
export async function bootstrapAdmin(ctx: Bootstrap): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password, ADMIN_USERNAME: wanted = 'admin' } = ctx.config;
  const {
    models: { users, activations },
    log,
  } = ctx;
  if (!email || !password) {
    log.warn('ADMIN_EMAIL/ADMIN_PASSWORD not set: no administrator account');
    return;
  }
  const existing = await users.findOne({ emailLower: email.toLowerCase() });
  if (existing && !existing.emailVerified) {
    await activations.deleteMany({ userId: existing.id });
    await users.deleteOne({ _id: existing._id, emailVerified: false });
    await ctx.sessions.revokeAll(existing.id);
    log.warn({ userId: existing.id }, 'a never-activated account held ADMIN_EMAIL: replaced by the administrator');
  } else if (existing) {
    if (existing.role === 'admin' && existing.isActive) {
      if (!(await stillPublished(existing.passwordHash, password))) return;
      await users.updateOne({ _id: existing._id }, { $set: { passwordHash: await hashPassword(password) } });
      await ctx.sessions.revokeAll(existing.id);
      log.warn(
        { userId: existing.id },
        'the administrator still had a published password: it now has the configured one',
      );
      return;
    }
    await users.updateOne(
      { _id: existing._id },
      { $set: { role: 'admin', isActive: true, passwordHash: await hashPassword(password) } },
    );
    await ctx.sessions.revokeAll(existing.id);
    log.info({ userId: existing.id }, 'the activated account of ADMIN_EMAIL made the administrator');
    return;
  }
  let username = wanted;
  for (let i = 1; await users.exists({ usernameLower: username.toLowerCase() }); i++) username = `${wanted}${i}`;
  try {
    await users.create({
      username,
      usernameLower: username.toLowerCase(),
      email,
      emailLower: email.toLowerCase(),
      displayName: 'Meydan Yönetimi',
      passwordHash: await hashPassword(password),
      role: 'admin',
      emailVerified: true,
    });
    log.info({ email, username }, 'administrator account created');
  } catch (err) {
    // Another instance created it at the same moment.
    if (!isDuplicateKey(err)) throw err;
  }
}

/** Whether the administrator's stored password is a published one that the configured (unpublished) one should replace. */
async function stillPublished(passwordHash: string, configured: string): Promise<boolean> {
  const published: readonly string[] = PUBLISHED_ADMIN_PASSWORDS;
  if (published.includes(configured)) return false;
  for (const word of published) if (await verifyPassword(word, passwordHash)) return true;
  return false;
}
