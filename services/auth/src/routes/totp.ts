/**
 * The staff's second factor (moderators, administrators): enrolling an authenticator (TOTP, RFC 6238) with its QR
 * code's address and one-time recovery codes, and giving a code at each sign-in. A code (or recovery code) accepted
 * replaces the session with a new one marked verified (new sid: a cookie seen before the code opens no staff route);
 * until then the gateway and the staff services answer 403 `mfa_enrolment_required` / `mfa_required`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, isStaffRole } from '@meydan/proto';
import { HttpError, httpError, ipNetwork } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { authTexts as T } from '../domain/texts.js';
import { newRecoveryCodes, newTotpSecret, recoveryHash, totpStepOf, totpUri } from '../domain/totp.js';
import { accountDocById } from '../store/accounts.js';
import { Counter } from '../store/throttle.js';
import { confirmEnrolment, startEnrolment, takeRecoveryCode, takeStep } from '../store/totp.js';
import { setSessionCookie } from './account.js';

/** Wrong codes per account, and per network, in 15 minutes before 429 (as passwords are throttled). */
export const TOTP_FAILURES_PER_ACCOUNT = 5;
export const TOTP_FAILURES_PER_IP = 20;
const WINDOW_SECONDS = 15 * 60;

const codeField = { type: 'string', pattern: '^[0-9]{6}$', errorMessage: T.totpCodeFormat } as const;
const recoveryField = { type: 'string', pattern: '^\\s*[0-9a-fA-F]{5}-?[0-9a-fA-F]{5}\\s*$', errorMessage: T.recoveryCodeFormat } as const;
const message = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } as const;

export async function totpRoutes(app: FastifyInstance, { ctx }: { ctx: AuthContext }) {
  const accountFailures = new Counter(ctx.redis, 'totp-account', WINDOW_SECONDS);
  const ipFailures = new Counter(ctx.redis, 'totp-ip', WINDOW_SECONDS);
  const secure = ctx.config.PUBLIC_ORIGIN.startsWith('https://');
  const sessionTtlSeconds = (ctx.config.SESSION_TTL_DAYS ?? 30) * 24 * 3600;

  /** The staff account of this session (by its cookie: a token never enrols nor verifies). */
  async function staffOf(request: FastifyRequest) {
    const userId = request.identity?.userId;
    if (!userId || request.identity?.authMethod !== 'session') throw httpError('unauthorized');
    const user = await accountDocById(ctx, userId);
    if (!user || !user.isActive) throw httpError('unauthorized');
    if (!isStaffRole(user.role)) throw new HttpError(403, 'forbidden', T.staffOnly);
    return user;
  }

  /** Refuses (429) while the account or its network has too many wrong codes; returns how to count one more. */
  async function throttle(request: FastifyRequest, userId: string) {
    const ip = ipNetwork(request.identity?.ip ?? request.ip);
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
  async function verifiedSession(request: FastifyRequest, reply: FastifyReply, user: { id: string; role: 'member' | 'moderator' | 'admin' }) {
    const old = request.cookies[SESSION_COOKIE];
    const sid = await ctx.sessions.create(user.id, user.role, undefined, { totp: true, mfaAt: Date.now() });
    if (old) await ctx.sessions.revoke(old);
    setSessionCookie({ secure, sessionTtlSeconds }, reply, sid, user.role);
  }

  app.post(
    '/api/auth/totp/enrol',
    {
      schema: {
        summary: 'Yönetim ekibi: doğrulama uygulaması kurulumunu başlatır (gizli anahtar ve QR kodu adresi); kurulu hesapta 409',
        body: { $ref: 'meydan/no-body' },
        response: {
          200: { type: 'object', required: ['secret', 'otpauthUrl'], properties: { secret: { type: 'string' }, otpauthUrl: { type: 'string' } } },
        },
      },
    },
    async (request) => {
      const user = await staffOf(request);
      const secret = newTotpSecret();
      if (!(await startEnrolment(ctx, user._id, secret))) throw new HttpError(409, 'totp_already_enrolled', T.totpAlreadyEnrolled);
      return { secret, otpauthUrl: totpUri(secret, user.email) };
    },
  );

  app.post<{ Body: { code: string } }>(
    '/api/auth/totp/confirm',
    {
      schema: {
        summary: 'Yönetim ekibi: kurulumu uygulamanın ilk koduyla tamamlar; tek kullanımlık kurtarma kodlarını bir kez verir, oturumu doğrulanmış yapar',
        body: { type: 'object', additionalProperties: false, required: ['code'], properties: { code: codeField } },
        response: {
          200: {
            type: 'object',
            required: ['message', 'recoveryCodes'],
            properties: { message: { type: 'string' }, recoveryCodes: { type: 'array', items: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const user = await staffOf(request);
      if (user.totp?.enabledAt) throw new HttpError(409, 'totp_already_enrolled', T.totpAlreadyEnrolled);
      const pending = user.totp?.pending;
      if (!pending) throw new HttpError(400, 'totp_no_enrolment', T.totpNoEnrolment);
      const limiter = await throttle(request, user.id);
      const step = totpStepOf(pending, request.body.code);
      if (step === null) {
        await limiter.failed();
        throw new HttpError(401, 'totp_invalid', T.totpInvalid);
      }
      const { codes, hashes } = newRecoveryCodes();
      if (!(await confirmEnrolment(ctx, user._id, pending, step, hashes))) throw new HttpError(409, 'totp_already_enrolled', T.totpAlreadyEnrolled);
      await limiter.succeeded();
      await verifiedSession(request, reply, user);
      request.log.info({ userId: user.id }, 'authenticator enrolled');
      return { message: T.totpEnrolled, recoveryCodes: codes };
    },
  );

  app.post<{ Body: { code?: string; recoveryCode?: string } }>(
    '/api/auth/totp/verify',
    {
      schema: {
        summary:
          'Yönetim ekibi: oturum için ikinci adım (uygulamadaki kod ya da bir kurtarma kodu). Yanlış kod 401, aynı zaman adımının kodu ikinci kez 400; yanlışlar sayılır, fazlası 429',
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          maxProperties: 1,
          properties: { code: codeField, recoveryCode: recoveryField },
          errorMessage: { minProperties: T.totpOneOf, maxProperties: T.totpOneOf },
        },
        response: { 200: message },
      },
    },
    async (request, reply) => {
      const user = await staffOf(request);
      const secret = user.totp?.enabledAt ? user.totp.secret : null;
      if (!secret) throw new HttpError(403, 'mfa_enrolment_required', T.totpNotEnrolled);
      const limiter = await throttle(request, user.id);
      const { code, recoveryCode } = request.body;
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
      await verifiedSession(request, reply, user);
      return { message: T.totpVerified };
    },
  );
}
