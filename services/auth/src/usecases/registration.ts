import { events, type RegisterBody } from '@meydan/proto';
import { HttpError, isDuplicateKey } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { accountExistsMail } from '../domain/mail.js';
import { hashPassword } from '../domain/secrets.js';
import { authTexts as T } from '../domain/texts.js';
import { isSingleScript } from '../domain/usernames.js';
import {
  accountDocByEmail,
  createAccount,
  emailTaken,
  releasableAccounts,
  releaseAccounts,
  usernameTaken,
} from '../store/accounts.js';
import { Counter } from '../store/throttle.js';
import { lookAlikeTaken } from '../store/usernames.js';
import { resendPerUser, sendActivation } from './activation.js';
import { requestMail } from './announcements.js';
import type { Caller } from './caller.js';
import { heldProfileTexts } from './word-filter.js';

type Registration = Pick<AuthContext, 'config' | 'redis' | 'bus' | 'models' | 'mongo' | 'wordFilter' | 'log'>;

/** Tells the owner of an address that someone tried to register it again, with the way to sign in. */
async function mailAccountExists(ctx: Registration, emailLower: string, requestId: string) {
  const owner = await accountDocByEmail(ctx, emailLower);
  if (!owner) return;
  const mail = accountExistsMail(owner.displayName, `${ctx.config.PUBLIC_ORIGIN}/login`);
  await requestMail(
    ctx,
    { to: owner.email, ...mail, tag: 'account-exists', userId: owner._id.toString() },
    { requestId, msgId: `mail:account-exists:${owner._id.toString()}:${requestId}` },
  );
}

/**
 * A new account, announced (`events.auth.user.registered`) and mailed its activation link. Resolves the same way for
 * an address that has an account, or that was registered too often, so registration tells no one who has one.
 */
export async function registerAccount(
  ctx: Registration,
  { username, email, displayName, password }: RegisterBody,
  caller: Caller,
): Promise<void> {
  if (!isSingleScript(username)) throw new HttpError(400, 'username_mixed_scripts', T.usernameMixedScripts);
  const fields = {
    username,
    usernameLower: username.toLowerCase(),
    email: email.trim(),
    emailLower: email.trim().toLowerCase(),
    displayName: displayName.trim(),
  };
  // A display name a refusing entry catches refuses the registration (400, nothing stored); one only holding entries
  // catch waits for a moderator (`pendingProfile`, as on the profile), and until then the account shows its username.
  const held = await heldProfileTexts(ctx, { displayName: fields.displayName });
  const pendingProfile = held.displayName != null ? { displayName: held.displayName, at: new Date() } : null;
  if (pendingProfile) fields.displayName = username;
  // Refusals come before any release: a registration that is refused changes nothing.
  const releasable = await releasableAccounts(ctx, fields.emailLower, fields.usernameLower);
  if (await usernameTaken(ctx, fields.usernameLower, releasable))
    throw new HttpError(409, 'username_taken', T.usernameTaken);
  if (await lookAlikeTaken(ctx, username, releasable))
    throw new HttpError(409, 'username_look_alike', T.usernameLookAlike);
  const taken = await emailTaken(ctx, fields.emailLower, releasable);
  // Registering one address again and again would mail it each time: past the limit, the same answer, no mail, and
  // nothing changes (its last link still works).
  if (
    (await new Counter(ctx.redis, 'activation-address', 3600).hit(fields.emailLower)) >
    (ctx.config.ACTIVATION_MAILS_PER_ADDRESS ?? 3)
  ) {
    caller.log.info('registration mail throttled: the address was registered too often');
    return;
  }
  // An address with an account answers as a free one does (the same status, text and password hashing), so
  // registration tells no one who has an account; its owner is mailed instead.
  if (taken) {
    await hashPassword(password);
    await mailAccountExists(ctx, fields.emailLower, caller.requestId);
    return;
  }
  await releaseAccounts(ctx, releasable, caller.log);
  let user: Awaited<ReturnType<typeof createAccount>>;
  try {
    user = await createAccount(ctx, { ...fields, pendingProfile, passwordHash: await hashPassword(password) });
  } catch (err) {
    if (isDuplicateKey(err)) {
      // The address taken by a registration of the same moment: the same answer as any (its mail went with it).
      const emailClash = JSON.stringify((err as { keyPattern?: unknown }).keyPattern ?? '').includes('email');
      if (emailClash) return;
      throw new HttpError(409, 'username_taken', T.usernameTaken);
    }
    throw err;
  }
  await ctx.bus.publish(
    events.auth.userRegistered,
    {
      userId: user.id,
      username: user.username,
      email: user.email,
      displayName: user.displayName,
      role: user.role,
      isActive: user.isActive,
      emailVerified: user.emailVerified,
      at: new Date().toISOString(),
    },
    { requestId: caller.requestId },
  );
  await sendActivation(ctx, user, caller.requestId);
  await resendPerUser(ctx).hit(user.id);
}
