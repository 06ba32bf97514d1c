/** Signing in and out, the signed-in member's session, and a password change (which signs in anew). */
import { isStaffRole, limits, type LoginBody, type PasswordChangeBody, type User } from '@meydan/proto';
import { HttpError, httpError, ipNetwork, type Role } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { hashPassword, unusableHash, verifyPassword } from '../domain/secrets.js';
import { authTexts as T } from '../domain/texts.js';
import { sessionUserOf } from '../domain/views.js';
import {
  accountById,
  accountDocByEmail,
  accountDocById,
  cancelDeletion,
  savePasswordHash,
  sessionStateOf,
} from '../store/accounts.js';
import { PasswordChecks, requireSolvedChallenge } from '../store/password-checks.js';
import { Counter } from '../store/throttle.js';
import type { Caller, Member } from './caller.js';
import { announceSessionEnded, revokeEverything } from './revocation.js';

type SignIn = Pick<AuthContext, 'config' | 'redis' | 'models' | 'mongo' | 'sessions' | 'loginChallenge'>;

/** A session opened: the route sets its cookie. */
export interface OpenedSession {
  sid: string;
  role: Role;
}

/** A hash no password matches: lets a login for an unknown e-mail take as long as a real one. */
const dummyHash = unusableHash();

const loginFailures = (ctx: Pick<AuthContext, 'config' | 'redis'>) => {
  const window = ctx.config.LOGIN_FAILURE_WINDOW_S ?? 900;
  return {
    byAccount: new Counter(ctx.redis, 'login-account', window),
    byIp: new Counter(ctx.redis, 'login-ip', window),
  };
};

/**
 * A new session for an account that is still active and still has this password. The account's revocation epoch is
 * read before the account is read again: a ban or password change landing meanwhile either shows in the account
 * (refused here) or raises the epoch after it was read (the session is born stale and refused on its first use).
 */
async function openSession(
  ctx: SignIn,
  user: { id: string; role: Role; passwordHash: string; totp?: { enabledAt: Date | null } | null },
): Promise<OpenedSession> {
  const epoch = await ctx.sessions.epoch(user.id);
  const current = await sessionStateOf(ctx, user.id);
  if (!current || current.passwordHash !== user.passwordHash)
    throw new HttpError(401, 'wrong_credentials', T.wrongCredentials);
  if (!current.isActive) throw new HttpError(403, 'account_banned', T.banned);
  // A staff session starts without its second factor: the staff routes answer only once a code is given.
  return {
    sid: await ctx.sessions.create(user.id, user.role, epoch, { totp: Boolean(user.totp?.enabledAt) }),
    role: user.role,
  };
}

/** The second factor's state a new staff session starts with (members: none). */
const mfaAtSignIn = (user: { role: Role; totp?: { enabledAt: Date | null } | null }) =>
  isStaffRole(user.role) ? { mfa: user.totp?.enabledAt ? ('required' as const) : ('enrol' as const) } : {};

/**
 * Repeated failures on one account never lock its owner out: from then on its login needs a solved bot
 * challenge as well as the password, which costs a guesser work on every attempt. Failures per IP still end in 429.
 * The session the client had (`previousSid`) ends.
 */
export async function login(
  ctx: SignIn,
  body: LoginBody & { previousSid?: string | undefined },
  caller: Caller,
): Promise<OpenedSession & { user: User }> {
  const { byAccount, byIp } = loginFailures(ctx);
  const emailLower = body.email.trim().toLowerCase();
  // Failures count by the client's network (an IPv6 /64), not its full address: one line holds 2^64 of those.
  const ip = ipNetwork(caller.ip);
  const challengeAfter = ctx.config.LOGIN_CHALLENGE_AFTER_FAILURES ?? limits.auth.failuresBeforeChallenge;
  const maxIp = ctx.config.LOGIN_MAX_FAILURES_PER_IP ?? 20;
  if ((await byIp.count(ip)) >= maxIp) {
    throw new HttpError(429, 'rate_limited', T.tooManyLogins, { 'retry-after': String(await byIp.ttl(ip)) });
  }
  if ((await byAccount.count(emailLower)) >= challengeAfter) {
    await requireSolvedChallenge(ctx, body.altcha, T.challengeRequired, caller.log);
  }
  const user = await accountDocByEmail(ctx, emailLower);
  const ok = await verifyPassword(body.password, user?.passwordHash ?? dummyHash);
  if (!user || !ok) {
    await Promise.all([byAccount.hit(emailLower), byIp.hit(ip)]);
    throw new HttpError(401, 'wrong_credentials', T.wrongCredentials);
  }
  if (!user.emailVerified) throw new HttpError(403, 'account_not_activated', T.notActivated);
  if (!user.isActive) throw new HttpError(403, 'account_banned', T.banned);
  await byAccount.reset(emailLower);
  if (user.deletionScheduledAt) {
    // Signing in within the 30 days cancels the requested deletion (the help text promises it), unless the sweep
    // has already begun: then the other services may have removed the member's data, and the account goes too.
    if (!(await cancelDeletion(ctx, user._id))) throw new HttpError(403, 'account_deleting', T.deletionUnderWay);
    user.deletionScheduledAt = null;
    caller.log.info({ userId: user.id }, 'account deletion cancelled by signing in');
  }
  if (body.previousSid) await ctx.sessions.revoke(body.previousSid);
  const session = await openSession(ctx, user);
  return { ...session, user: { ...sessionUserOf(user.toObject()), ...mfaAtSignIn(user) } };
}

/** Ends this session (`sid`); `everywhere` ends every session of the account and tells its other devices. */
export async function logout(
  ctx: Pick<AuthContext, 'sessions' | 'models' | 'bus'>,
  { sid, everywhere }: { sid: string | undefined; everywhere: boolean },
  caller: Pick<Caller, 'requestId'> & { userId: string | null | undefined },
): Promise<void> {
  if (sid) await ctx.sessions.revoke(sid);
  const { userId } = caller;
  // Only "everywhere" tells the other devices (and their sockets) that they are signed out.
  if (userId && everywhere) await revokeEverything(ctx, userId, caller.requestId);
  else if (userId) await announceSessionEnded(ctx, userId, caller.requestId);
}

/** The signed-in account, as the session answers it (staff: with the second factor's state). */
export async function sessionUser(
  ctx: Pick<AuthContext, 'models' | 'redis' | 'mongo' | 'sessions'>,
  { userId, sid }: { userId: string | null | undefined; sid: string | undefined },
): Promise<User> {
  const user = userId ? await accountById(ctx, userId) : null;
  if (!user?.isActive) throw new HttpError(401, 'unauthorized', T.noSession);
  const session = sid && isStaffRole(user.role) ? await ctx.sessions.resolve(sid) : null;
  return { ...sessionUserOf(user), ...(session?.mfa ? { mfa: session.mfa } : {}) };
}

/** A new password, checked as a login is: every session and API token ends, and this device signs in anew. */
export async function changePassword(
  ctx: SignIn & Pick<AuthContext, 'bus'>,
  body: PasswordChangeBody,
  member: Member,
): Promise<OpenedSession> {
  const { userId } = member;
  const user = await accountDocById(ctx, userId);
  if (!user) throw httpError('unauthorized', T.noSession);
  await new PasswordChecks(ctx).verify(user, body.currentPassword, {
    ip: member.ip,
    altcha: body.altcha,
    log: member.log,
  });
  await savePasswordHash(user, await hashPassword(body.newPassword));
  await revokeEverything(ctx, userId, member.requestId);
  return openSession(ctx, user);
}
