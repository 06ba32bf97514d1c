/**
 * The staff's second factor (moderators, administrators): enrolling an authenticator (TOTP, RFC 6238) with its QR
 * code's address and one-time recovery codes, and giving a code at each sign-in. A code (or recovery code) accepted
 * replaces the session with a new one marked verified (new sid: a cookie seen before the code opens no staff route).
 */
import { isStaffRole } from '@meydan/proto';
import { HttpError, httpError, ipNetwork } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { authTexts as T } from '../domain/texts.js';
import { newRecoveryCodes, newTotpSecret, recoveryHash, totpStepOf, totpUri } from '../domain/totp.js';
import { accountDocById } from '../store/accounts.js';
import { Counter } from '../store/throttle.js';
import { confirmEnrolment, startEnrolment, takeRecoveryCode, takeStep } from '../store/totp.js';
import type { Caller } from './caller.js';
import type { OpenedSession } from './sign-in.js';

/** Wrong codes per account, and per network, in 15 minutes before 429 (as passwords are throttled). */
export const TOTP_FAILURES_PER_ACCOUNT = 5;
export const TOTP_FAILURES_PER_IP = 20;
const WINDOW_SECONDS = 15 * 60;

type SecondFactor = Pick<AuthContext, 'models' | 'redis' | 'mongo' | 'sessions'>;

/** Who asks, by their session: the account, and the session (`sid`) a verified one replaces. */
export type StaffCaller = Caller & {
  userId: string | null | undefined;
  authMethod: string | null | undefined;
  sid: string | undefined;
};

/** The staff account of this session (by its cookie: a token never enrols nor verifies). */
async function staffOf(ctx: SecondFactor, caller: StaffCaller) {
  const { userId } = caller;
  if (!userId || caller.authMethod !== 'session') throw httpError('unauthorized');
  const user = await accountDocById(ctx, userId);
  if (!user?.isActive) throw httpError('unauthorized');
  if (!isStaffRole(user.role)) throw new HttpError(403, 'forbidden', T.staffOnly);
  return user;
}

/** Refuses (429) while the account or its network has too many wrong codes; returns how to count one more. */
async function throttle(ctx: SecondFactor, caller: Caller, userId: string) {
  const accountFailures = new Counter(ctx.redis, 'totp-account', WINDOW_SECONDS);
  const ipFailures = new Counter(ctx.redis, 'totp-ip', WINDOW_SECONDS);
  const ip = ipNetwork(caller.ip);
  const [byAccount, byIp] = await Promise.all([accountFailures.count(userId), ipFailures.count(ip)]);
  if (byAccount >= TOTP_FAILURES_PER_ACCOUNT || byIp >= TOTP_FAILURES_PER_IP) {
    const wait = byAccount >= TOTP_FAILURES_PER_ACCOUNT ? await accountFailures.ttl(userId) : await ipFailures.ttl(ip);
    throw new HttpError(429, 'rate_limited', T.totpTooMany, { 'retry-after': String(wait) });
  }
  return {
    failed: async () => void (await Promise.all([accountFailures.hit(userId), ipFailures.hit(ip)])),
    succeeded: () => accountFailures.reset(userId),
  };
}

/** This session replaced by one whose second factor is verified. */
async function verifiedSession(
  ctx: SecondFactor,
  caller: StaffCaller,
  user: { id: string; role: 'member' | 'moderator' | 'admin' },
): Promise<OpenedSession> {
  const sid = await ctx.sessions.create(user.id, user.role, undefined, { totp: true, mfaAt: Date.now() });
  if (caller.sid) await ctx.sessions.revoke(caller.sid);
  return { sid, role: user.role };
}

/** Starts enrolling an authenticator: its secret and QR code address; 409 once one is confirmed. */
export async function startTotpEnrolment(
  ctx: SecondFactor,
  caller: StaffCaller,
): Promise<{ secret: string; otpauthUrl: string }> {
  const user = await staffOf(ctx, caller);
  const secret = newTotpSecret();
  if (!(await startEnrolment(ctx, user._id, secret)))
    throw new HttpError(409, 'totp_already_enrolled', T.totpAlreadyEnrolled);
  return { secret, otpauthUrl: totpUri(secret, user.email) };
}

/** Completes the enrolment with the app's first code: the recovery codes (shown once) and a verified session. */
export async function confirmTotp(
  ctx: SecondFactor,
  { code }: { code: string },
  caller: StaffCaller,
): Promise<OpenedSession & { recoveryCodes: string[] }> {
  const user = await staffOf(ctx, caller);
  if (user.totp?.enabledAt) throw new HttpError(409, 'totp_already_enrolled', T.totpAlreadyEnrolled);
  const pending = user.totp?.pending;
  if (!pending) throw new HttpError(400, 'totp_no_enrolment', T.totpNoEnrolment);
  const limiter = await throttle(ctx, caller, user.id);
  const step = totpStepOf(pending, code);
  if (step === null) {
    await limiter.failed();
    throw new HttpError(401, 'totp_invalid', T.totpInvalid);
  }
  const { codes, hashes } = newRecoveryCodes();
  if (!(await confirmEnrolment(ctx, user._id, pending, step, hashes)))
    throw new HttpError(409, 'totp_already_enrolled', T.totpAlreadyEnrolled);
  await limiter.succeeded();
  const session = await verifiedSession(ctx, caller, user);
  caller.log.info({ userId: user.id }, 'authenticator enrolled');
  return { ...session, recoveryCodes: codes };
}

/** The sign-in's second step, by a code or a recovery code: a verified session. */
export async function verifyTotp(
  ctx: SecondFactor,
  { code, recoveryCode }: { code?: string; recoveryCode?: string },
  caller: StaffCaller,
): Promise<OpenedSession> {
  const user = await staffOf(ctx, caller);
  const secret = user.totp?.enabledAt ? user.totp.secret : null;
  if (!secret) throw new HttpError(403, 'mfa_enrolment_required', T.totpNotEnrolled);
  const limiter = await throttle(ctx, caller, user.id);
  if (recoveryCode !== undefined) {
    if (!(await takeRecoveryCode(ctx, user._id, recoveryHash(recoveryCode)))) {
      await limiter.failed();
      throw new HttpError(401, 'recovery_invalid', T.recoveryInvalid);
    }
  } else {
    const step = totpStepOf(secret, code ?? '');
    if (step === null) {
      await limiter.failed();
      throw new HttpError(401, 'totp_invalid', T.totpInvalid);
    }
    if (!(await takeStep(ctx, user._id, step))) {
      await limiter.failed();
      throw new HttpError(400, 'totp_replayed', T.totpReplayed);
    }
  }
  await limiter.succeeded();
  return verifiedSession(ctx, caller, user);
}
