/** The mailed activation link: sent at registration, followed to activate, sent again on request (throttled). */
import { events } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { activationMail } from '../domain/mail.js';
import { randomToken, sha256 } from '../domain/secrets.js';
import {
  accountDocByEmail,
  accountDocById,
  activateByLink,
  activationByHash,
  createActivation,
} from '../store/accounts.js';
import { Counter } from '../store/throttle.js';
import { requestMail } from './announcements.js';
import type { Caller } from './caller.js';

type Activation = Pick<AuthContext, 'config' | 'redis' | 'bus' | 'models' | 'mongo'>;

const activationHoursOf = (ctx: Pick<AuthContext, 'config'>) => ctx.config.ACTIVATION_TTL_HOURS ?? 24;
/** Links sent to one account: at most one a minute and five a day. */
export const resendPerUser = (ctx: Pick<AuthContext, 'redis'>) => new Counter(ctx.redis, 'resend-user', 60);
const resendPerDay = (ctx: Pick<AuthContext, 'redis'>) => new Counter(ctx.redis, 'resend-day', 24 * 3600);

/** Makes a fresh single-use link and asks the mailer to send it. */
export async function sendActivation(
  ctx: Activation,
  user: { _id: { toString(): string }; email: string; displayName: string },
  requestId: string,
) {
  const activationHours = activationHoursOf(ctx);
  const token = randomToken();
  await createActivation(ctx, user._id.toString(), sha256(token), new Date(Date.now() + activationHours * 3600_000));
  const link = `${ctx.config.PUBLIC_ORIGIN}/api/auth/activate/${token}`;
  const mail = activationMail(user.displayName, link, activationHours);
  await requestMail(
    ctx,
    { to: user.email, ...mail, tag: 'activation', userId: user._id.toString() },
    { requestId, msgId: `mail:activation:${sha256(token)}` },
  );
}

/** At most one link a minute and five a day per account. */
async function resendAllowed(ctx: Pick<AuthContext, 'redis'>, userId: string): Promise<boolean> {
  const [perUser, perDay] = [resendPerUser(ctx), resendPerDay(ctx)];
  if ((await perUser.count(userId)) >= 1 || (await perDay.count(userId)) >= 5) return false;
  await perUser.hit(userId);
  await perDay.hit(userId);
  return true;
}

export type ActivationOutcome =
  | { kind: 'activated' }
  | { kind: 'used' }
  | { kind: 'expired'; hours: number }
  | { kind: 'unknown' };

/** Following the mailed link: activates the account (`events.auth.user.activated`) or says why the link does not. */
export async function activateAccount(
  ctx: Activation,
  token: string,
  caller: Pick<Caller, 'requestId'>,
): Promise<ActivationOutcome> {
  const tokenHash = sha256(token);
  const now = new Date();
  const activationHours = activationHoursOf(ctx);
  const activated = await activateByLink(ctx, tokenHash, activationHours * 3600, now);
  if (activated) {
    await ctx.bus.publish(
      events.auth.userActivated,
      { userId: activated, at: now.toISOString() },
      { requestId: caller.requestId },
    );
    return { kind: 'activated' };
  }
  const known = await activationByHash(ctx, tokenHash);
  if (known?.usedAt) return { kind: 'used' };
  if (known) return { kind: 'expired', hours: activationHours };
  return { kind: 'unknown' };
}

export type LinkResendOutcome =
  | { kind: 'unknown' }
  | { kind: 'already-active' }
  | { kind: 'too-soon' }
  | { kind: 'resent'; email: string };

/** A new link for the account of a used or expired one. */
export async function resendActivationForLink(
  ctx: Activation,
  token: string,
  caller: Pick<Caller, 'requestId'>,
): Promise<LinkResendOutcome> {
  const known = await activationByHash(ctx, sha256(token));
  const user = known ? await accountDocById(ctx, known.userId) : null;
  if (!user) return { kind: 'unknown' };
  if (user.emailVerified) return { kind: 'already-active' };
  if (!(await resendAllowed(ctx, user.id))) return { kind: 'too-soon' };
  await sendActivation(ctx, user, caller.requestId);
  return { kind: 'resent', email: user.email };
}

/** A new link by address: sent when it has an account not yet activated; the same outcome otherwise, unless too soon. */
export async function resendActivation(
  ctx: Activation,
  email: string,
  caller: Pick<Caller, 'requestId'>,
): Promise<{ kind: 'sent' } | { kind: 'too-soon'; retryAfter: number }> {
  const user = await accountDocByEmail(ctx, email.trim().toLowerCase());
  if (user && !user.emailVerified) {
    if (!(await resendAllowed(ctx, user.id)))
      return { kind: 'too-soon', retryAfter: await resendPerUser(ctx).ttl(user.id) };
    await sendActivation(ctx, user, caller.requestId);
  }
  return { kind: 'sent' };
}
