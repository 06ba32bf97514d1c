import type { FastifyInstance, FastifyReply } from 'fastify';
import { SESSION_COOKIE, STAFF_SESSION_MS, apiPaths, isStaffRole, events, limits, type LoginBody, type LogoutBody, type PasswordChangeBody, type RegisterBody } from '@meydan/proto';
import { HttpError, htmlPageResponse, httpError, ipNetwork, isDuplicateKey, mailedTokenParams as tokenParams, type Role, sealMail } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { heldProfileTexts } from './word-filter.js';
import { activationPages } from '../domain/activation-pages.js';
import { accountExistsMail, activationMail } from '../domain/mail.js';
import {
  accountById,
  accountDocByEmail,
  accountDocById,
  activateByLink,
  activationByHash,
  cancelDeletion,
  createAccount,
  createActivation,
  emailTaken,
  releasableAccounts,
  releaseAccounts,
  savePasswordHash,
  sessionStateOf,
  usernameTaken,
} from '../store/accounts.js';
import { PasswordChecks, requireSolvedChallenge } from '../store/password-checks.js';
import { revokeEverything } from '../store/revocation.js';
import { lookAlikeTaken } from '../store/usernames.js';
import { isSingleScript } from '../domain/usernames.js';
import { hashPassword, randomToken, sha256, unusableHash, verifyPassword } from '../domain/secrets.js';
import { authTexts as T } from '../domain/texts.js';
import { Counter } from '../store/throttle.js';
import { sessionUserOf } from '../domain/views.js';

const messageResponse = { $ref: 'meydan/message' } as const;
const userResponse = { $ref: 'meydan/user' } as const;

/** A hash no password matches: lets a login for an unknown e-mail take as long as a real one. */
const dummyHash = unusableHash();

/** What the account routes share: the settings they read, their throttles, the password checks. */
interface AccountParts {
  ctx: AuthContext;
  secure: boolean;
  sessionTtlSeconds: number;
  activationHours: number;
  accountFailures: Counter;
  ipFailures: Counter;
  resendPerUser: Counter;
  resendPerDay: Counter;
  activationMailsPerAddress: Counter;
  passwordChecks: PasswordChecks;
}

function accountParts(ctx: AuthContext): AccountParts {
  const { config, redis } = ctx;
  const failures = config.LOGIN_FAILURE_WINDOW_S ?? 900;
  return {
    ctx,
    secure: config.PUBLIC_ORIGIN.startsWith('https://'),
    sessionTtlSeconds: (config.SESSION_TTL_DAYS ?? 30) * 24 * 3600,
    activationHours: config.ACTIVATION_TTL_HOURS ?? 24,
    accountFailures: new Counter(redis, 'login-account', failures),
    ipFailures: new Counter(redis, 'login-ip', failures),
    resendPerUser: new Counter(redis, 'resend-user', 60),
    resendPerDay: new Counter(redis, 'resend-day', 24 * 3600),
    passwordChecks: new PasswordChecks(ctx),
    activationMailsPerAddress: new Counter(redis, 'activation-address', 3600),
  };
}

/** Registration, activation, login, logout, session and password change. */
export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AuthContext }) {
  const parts = accountParts(ctx);
  // The activation pages post plain HTML forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  registrationRoute(app, parts);
  activationLinkRoutes(app, parts);
  resendActivationRoute(app, parts);
  loginRoutes(app, parts);
  sessionRoutes(app, parts);
}

/** The `sid` cookie: a member's for the sliding days, a staff member's for STAFF_SESSION_HOURS. */
export function setSessionCookie({ secure, sessionTtlSeconds }: Pick<AccountParts, 'secure' | 'sessionTtlSeconds'>, reply: FastifyReply, sid: string, role: Role) {
  const maxAge = isStaffRole(role) ? Math.min(sessionTtlSeconds, STAFF_SESSION_MS / 1000) : sessionTtlSeconds;
  reply.setCookie(SESSION_COOKIE, sid, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge });
}

/**
 * A new session for an account that is still active and still has this password. The account's revocation epoch is
 * read before the account is read again: a ban or password change landing meanwhile either shows in the account
 * (refused here) or raises the epoch after it was read (the session is born stale and refused on its first use).
 */
async function openSession(parts: AccountParts, reply: FastifyReply, user: { id: string; role: Role; passwordHash: string; totp?: { enabledAt: Date | null } | null }) {
  const { sessions } = parts.ctx;
  const epoch = await sessions.epoch(user.id);
  const current = await sessionStateOf(parts.ctx, user.id);
  if (!current || current.passwordHash !== user.passwordHash) throw new HttpError(401, 'wrong_credentials', T.wrongCredentials);
  if (!current.isActive) throw new HttpError(403, 'account_banned', T.banned);
  // A staff session starts without its second factor: the staff routes answer only once a code is given.
  setSessionCookie(parts, reply, await sessions.create(user.id, user.role, epoch, { totp: Boolean(user.totp?.enabledAt) }), user.role);
}

/** The second factor's state a new staff session starts with (members: none). */
const mfaAtSignIn = (user: { role: Role; totp?: { enabledAt: Date | null } | null }) =>
  isStaffRole(user.role) ? { mfa: user.totp?.enabledAt ? ('required' as const) : ('enrol' as const) } : {};

/** Makes a fresh single-use link and asks the mailer to send it. */
async function sendActivation({ ctx, activationHours }: AccountParts, user: { _id: { toString(): string }; email: string; displayName: string }, requestId: string) {
  const token = randomToken();
  await createActivation(ctx, user._id.toString(), sha256(token), new Date(Date.now() + activationHours * 3600_000));
  const link = `${ctx.config.PUBLIC_ORIGIN}/api/auth/activate/${token}`;
  const mail = activationMail(user.displayName, link, activationHours);
  await ctx.bus.publish(
    events.auth.mailRequested,
    sealMail(ctx.config.MAIL_SECRET, { to: user.email, ...mail, tag: 'activation', userId: user._id.toString() }),
    { requestId, msgId: `mail:activation:${sha256(token)}` },
  );
}

/** Tells the owner of an address that someone tried to register it again, with the way to sign in. */
async function mailAccountExists(ctx: AuthContext, emailLower: string, requestId: string) {
  const owner = await accountDocByEmail(ctx, emailLower);
  if (!owner) return;
  const mail = accountExistsMail(owner.displayName, `${ctx.config.PUBLIC_ORIGIN}/login`);
  await ctx.bus.publish(
    events.auth.mailRequested,
    sealMail(ctx.config.MAIL_SECRET, { to: owner.email, ...mail, tag: 'account-exists', userId: owner._id.toString() }),
    { requestId, msgId: `mail:account-exists:${owner._id.toString()}:${requestId}` },
  );
}

/** At most one link a minute and five a day per account. */
async function resendAllowed({ resendPerUser, resendPerDay }: AccountParts, userId: string): Promise<boolean> {
  if ((await resendPerUser.count(userId)) >= 1 || (await resendPerDay.count(userId)) >= 5) return false;
  await resendPerUser.hit(userId);
  await resendPerDay.hit(userId);
  return true;
}

function registrationRoute(app: FastifyInstance, parts: AccountParts) {
  const { ctx } = parts;
  app.post<{ Body: RegisterBody }>(
    apiPaths.register,
    { schema: { summary: 'Kayıt olur; etkinleştirme bağlantısı e-postayla gelir', body: { $ref: 'meydan/register' }, response: { 201: messageResponse } } },
    async (request, reply) => {
      const { username, email, displayName, password } = request.body;
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
      if (await usernameTaken(ctx, fields.usernameLower, releasable)) throw new HttpError(409, 'username_taken', T.usernameTaken);
      if (await lookAlikeTaken(ctx, username, releasable)) throw new HttpError(409, 'username_look_alike', T.usernameLookAlike);
      const taken = await emailTaken(ctx, fields.emailLower, releasable);
      // Registering one address again and again would mail it each time: past the limit, the same answer, no mail, and
      // nothing changes (its last link still works).
      if ((await parts.activationMailsPerAddress.hit(fields.emailLower)) > (ctx.config.ACTIVATION_MAILS_PER_ADDRESS ?? 3)) {
        request.log.info('registration mail throttled: the address was registered too often');
        return reply.code(201).send({ message: T.registered });
      }
      // An address with an account answers as a free one does (the same status, text and password hashing), so
      // registration tells no one who has an account; its owner is mailed instead.
      if (taken) {
        await hashPassword(password);
        await mailAccountExists(ctx, fields.emailLower, request.id);
        return reply.code(201).send({ message: T.registered });
      }
      await releaseAccounts(ctx, releasable, request.log);
      let user;
      try {
        user = await createAccount(ctx, { ...fields, pendingProfile, passwordHash: await hashPassword(password) });
      } catch (err) {
        if (isDuplicateKey(err)) {
          // The address taken by a registration of the same moment: the same answer as any (its mail went with it).
          const emailClash = JSON.stringify((err as { keyPattern?: unknown }).keyPattern ?? '').includes('email');
          if (emailClash) return reply.code(201).send({ message: T.registered });
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
        { requestId: request.id },
      );
      await sendActivation(parts, user, request.id);
      await parts.resendPerUser.hit(user.id);
      return reply.code(201).send({ message: T.registered });
    },
  );
}

/** The mailed link: following it activates the account; a used or expired one offers a new link. */
function activationLinkRoutes(app: FastifyInstance, parts: AccountParts) {
  const { ctx, activationHours } = parts;
  app.get<{ Params: { token: string } }>(
    '/api/auth/activate/:token',
    {
      schema: { summary: 'Hesabı etkinleştirir (e-postadaki bağlantı)', params: tokenParams, response: { 200: htmlPageResponse, 404: htmlPageResponse, 410: htmlPageResponse } },
      // Opened in a browser: a malformed token (too long, say) gets the unknown link's page, not the API's JSON error.
      attachValidation: true,
    },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (request.validationError) {
        reply.code(404);
        return activationPages.invalid('/api/auth/resend-activation');
      }
      const { token } = request.params;
      const tokenHash = sha256(token);
      const now = new Date();
      const activated = await activateByLink(ctx, tokenHash, activationHours * 3600, now);
      if (activated) {
        await ctx.bus.publish(events.auth.userActivated, { userId: activated, at: now.toISOString() }, { requestId: request.id });
        return activationPages.activated();
      }
      const known = await activationByHash(ctx, tokenHash);
      const action = `/api/auth/activate/${encodeURIComponent(token)}/resend`;
      if (known?.usedAt) {
        reply.code(410);
        return activationPages.used(action);
      }
      if (known) {
        reply.code(410);
        return activationPages.expired(action, activationHours);
      }
      reply.code(404);
      return activationPages.invalid('/api/auth/resend-activation');
    },
  );

  app.post<{ Params: { token: string } }>(
    '/api/auth/activate/:token/resend',
    {
      schema: {
        summary: 'Kullanılmış ya da süresi dolmuş bir bağlantı için yeni etkinleştirme bağlantısı gönderir',
        params: tokenParams,
        body: { $ref: 'meydan/no-body' },
        response: { 200: htmlPageResponse, 404: htmlPageResponse, 429: htmlPageResponse },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      // A malformed token is an unknown link (its page); a body where none belongs is refused as everywhere.
      if (request.validationError && request.validationError.validationContext !== 'params') throw request.validationError;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (request.validationError) {
        reply.code(404);
        return activationPages.resendUnknown();
      }
      const known = await activationByHash(ctx, sha256(request.params.token));
      const user = known ? await accountDocById(ctx, known.userId) : null;
      if (!user) {
        reply.code(404);
        return activationPages.resendUnknown();
      }
      if (user.emailVerified) {
        return activationPages.alreadyActive();
      }
      if (!(await resendAllowed(parts, user.id))) {
        reply.code(429).header('retry-after', '60');
        return activationPages.tooSoon();
      }
      await sendActivation(parts, user, request.id);
      return activationPages.resent(user.email);
    },
  );
}

/** A new link by address (JSON from the app, a plain form from the activation pages): the same answer either way. */
function resendActivationRoute(app: FastifyInstance, parts: AccountParts) {
  app.post<{ Body: { email: string } }>(
    '/api/auth/resend-activation',
    {
      schema: {
        summary: 'Etkinleştirme bağlantısını yeniden gönderir',
        body: {
          type: 'object',
          required: ['email'],
          additionalProperties: false,
          properties: { email: { type: 'string', format: 'email', maxLength: limits.user.emailMax } },
          errorMessage: { required: { email: 'E-posta adresi gerekli' }, properties: { email: 'Geçerli bir e-posta adresi giriniz' } },
        },
        response: {
          200: {
            description: 'Aynı yanıt, adres kayıtlı olsun olmasın',
            content: { 'application/json': { schema: messageResponse }, 'text/html': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const html = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
      const user = await accountDocByEmail(parts.ctx, request.body.email.trim().toLowerCase());
      if (user && !user.emailVerified) {
        if (!(await resendAllowed(parts, user.id))) {
          reply.code(429).header('retry-after', String(await parts.resendPerUser.ttl(user.id)));
          return html
            ? reply.type('text/html; charset=utf-8').send(activationPages.tooSoon())
            : { error: 'rate_limited', message: T.tooManyResends };
        }
        await sendActivation(parts, user, request.id);
      }
      return html
        ? reply.type('text/html; charset=utf-8').send(activationPages.onTheWay())
        : { message: T.resendAnswer };
    },
  );
}

/** The login's bot challenge, and the login. */
function loginRoutes(app: FastifyInstance, parts: AccountParts) {
  const { ctx, accountFailures, ipFailures } = parts;
  app.get(
    '/api/auth/challenge',
    { schema: { summary: 'Giriş için bot doğrulaması (ALTCHA) verir', response: { 200: { $ref: 'meydan/bot-challenge' } } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ctx.loginChallenge.createChallenge();
    },
  );

  /**
   * Repeated failures on one account never lock its owner out: from then on its login needs a solved bot
   * challenge as well as the password, which costs a guesser work on every attempt. Failures per IP still end in 429.
   */
  app.post<{ Body: LoginBody }>(
    apiPaths.login,
    { schema: { summary: 'Giriş yapar (httpOnly `sid` çerezi)', body: { $ref: 'meydan/login' }, response: { 200: userResponse } } },
    async (request, reply) => {
      const emailLower = request.body.email.trim().toLowerCase();
      // Failures count by the client's network (an IPv6 /64), not its full address: one line holds 2^64 of those.
      const ip = ipNetwork(request.identity?.ip ?? request.ip);
      const challengeAfter = ctx.config.LOGIN_CHALLENGE_AFTER_FAILURES ?? limits.auth.failuresBeforeChallenge;
      const maxIp = ctx.config.LOGIN_MAX_FAILURES_PER_IP ?? 20;
      if ((await ipFailures.count(ip)) >= maxIp) {
        throw new HttpError(429, 'rate_limited', T.tooManyLogins, { 'retry-after': String(await ipFailures.ttl(ip)) });
      }
      if ((await accountFailures.count(emailLower)) >= challengeAfter) {
        await requireSolvedChallenge(ctx, request.body.altcha, T.challengeRequired, request.log);
      }
      const user = await accountDocByEmail(ctx, emailLower);
      const ok = await verifyPassword(request.body.password, user?.passwordHash ?? dummyHash);
      if (!user || !ok) {
        await Promise.all([accountFailures.hit(emailLower), ipFailures.hit(ip)]);
        throw new HttpError(401, 'wrong_credentials', T.wrongCredentials);
      }
      if (!user.emailVerified) throw new HttpError(403, 'account_not_activated', T.notActivated);
      if (!user.isActive) throw new HttpError(403, 'account_banned', T.banned);
      await accountFailures.reset(emailLower);
      if (user.deletionScheduledAt) {
        // Signing in within the 30 days cancels the requested deletion (the help text promises it), unless the sweep
        // has already begun: then the other services may have removed the member's data, and the account goes too.
        if (!(await cancelDeletion(ctx, user._id))) throw new HttpError(403, 'account_deleting', T.deletionUnderWay);
        user.deletionScheduledAt = null;
        request.log.info({ userId: user.id }, 'account deletion cancelled by signing in');
      }
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await ctx.sessions.revoke(previous);
      await openSession(parts, reply, user);
      return { ...sessionUserOf(user.toObject()), ...mfaAtSignIn(user) };
    },
  );
}

/** The signed-in member's session: logout, who is signed in, password change. */
function sessionRoutes(app: FastifyInstance, parts: AccountParts) {
  const { ctx, secure } = parts;
  /** Ends this session; `{everywhere: true}` ends every session of the account. */
  app.post<{ Body: LogoutBody }>(
    '/api/logout',
    { schema: { summary: 'Çıkış yapar', body: { $ref: 'meydan/logout' }, response: { 200: messageResponse } } },
    async (request, reply) => {
      const everywhere = request.body?.everywhere === true;
      const sid = request.cookies[SESSION_COOKIE];
      if (sid) await ctx.sessions.revoke(sid);
      const userId = request.identity?.userId;
      // Only "everywhere" tells the other devices (and their sockets) that they are signed out.
      if (userId && everywhere) await revokeEverything(ctx, userId, request.id);
      else if (userId) await ctx.bus.publish(events.auth.sessionEnded, { userId, at: new Date().toISOString() }, { requestId: request.id });
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      return { message: T.loggedOut };
    },
  );

  app.get(
    '/api/auth/session',
    { schema: { summary: 'Oturumdaki kullanıcı', response: { 200: userResponse } } },
    async (request) => {
      const userId = request.identity?.userId;
      const user = userId ? await accountById(ctx, userId) : null;
      if (!user || !user.isActive) throw new HttpError(401, 'unauthorized', T.noSession);
      const sid = request.cookies[SESSION_COOKIE];
      const session = sid && isStaffRole(user.role) ? await ctx.sessions.resolve(sid) : null;
      return { ...sessionUserOf(user), ...(session?.mfa ? { mfa: session.mfa } : {}) };
    },
  );

  app.post<{ Body: PasswordChangeBody }>(
    '/api/auth/password',
    {
      schema: {
        summary: 'Şifreyi değiştirir (tüm oturumlar kapanır, API anahtarları iptal edilir)',
        body: { $ref: 'meydan/password-change' },
        response: { 200: messageResponse },
      },
    },
    async (request, reply) => {
      const userId = request.identity?.userId;
      if (!userId) throw httpError('unauthorized', T.loginRequired);
      const user = await accountDocById(ctx, userId);
      if (!user) throw httpError('unauthorized', T.noSession);
      await parts.passwordChecks.verify(user, request.body.currentPassword, { ip: request.identity?.ip ?? request.ip, altcha: request.body.altcha, log: request.log });
      await savePasswordHash(user, await hashPassword(request.body.newPassword));
      await revokeEverything(ctx, userId, request.id);
      await openSession(parts, reply, user);
      return { message: T.passwordChanged };
    },
  );
}
