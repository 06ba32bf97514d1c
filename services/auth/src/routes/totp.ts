/**
 * The staff's second factor (moderators, administrators): enrolling an authenticator (TOTP, RFC 6238) with its QR
 * code's address and one-time recovery codes, and giving a code at each sign-in. A code (or recovery code) accepted
 * replaces the session with a new one marked verified (new sid: a cookie seen before the code opens no staff route);
 * until then the gateway and the staff services answer 403 `mfa_enrolment_required` / `mfa_required`.
 */
import type { FastifyRequest } from 'fastify';
import type { ServiceApp } from '@meydan/kit';
import { SESSION_COOKIE } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { authTexts as T } from '../domain/texts.js';
import { confirmTotp, startTotpEnrolment, verifyTotp, type StaffCaller } from '../usecases/staff-second-factor.js';
import { callerOf } from './guards.js';
import { setSessionCookie } from './session-cookie.js';

const codeField = { type: 'string', pattern: '^[0-9]{6}$', errorMessage: T.totpCodeFormat } as const;
const recoveryField = {
  type: 'string',
  pattern: '^\\s*[0-9a-fA-F]{5}-?[0-9a-fA-F]{5}\\s*$',
  errorMessage: T.recoveryCodeFormat,
} as const;
const message = { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } as const;

/** The session asking (a token never enrols nor verifies). */
const staffCaller = (request: FastifyRequest): StaffCaller => ({
  ...callerOf(request),
  userId: request.identity?.userId,
  authMethod: request.identity?.authMethod,
  sid: request.cookies[SESSION_COOKIE],
});

export async function totpRoutes(app: ServiceApp, { ctx }: { ctx: AuthContext }) {
  enrolmentRoutes(app, ctx);
  verifyRoute(app, ctx);
}

/** Enrolling an authenticator: its secret, then its first code. */
function enrolmentRoutes(app: ServiceApp, ctx: AuthContext) {
  app.post(
    '/api/auth/totp/enrol',
    {
      schema: {
        summary:
          'Yönetim ekibi: doğrulama uygulaması kurulumunu başlatır (gizli anahtar ve QR kodu adresi); kurulu hesapta 409',
        body: { $ref: 'meydan/no-body' },
        response: {
          200: {
            type: 'object',
            required: ['secret', 'otpauthUrl'],
            properties: { secret: { type: 'string' }, otpauthUrl: { type: 'string' } },
          },
        },
      },
    },
    async (request) => startTotpEnrolment(ctx, staffCaller(request)),
  );

  app.post(
    '/api/auth/totp/confirm',
    {
      schema: {
        summary:
          'Yönetim ekibi: kurulumu uygulamanın ilk koduyla tamamlar; tek kullanımlık kurtarma kodlarını bir kez verir, oturumu doğrulanmış yapar',
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
      const { sid, role, recoveryCodes } = await confirmTotp(ctx, request.body, staffCaller(request));
      setSessionCookie(ctx.config, reply, sid, role);
      return { message: T.totpEnrolled, recoveryCodes };
    },
  );
}

/** A code (or a recovery code) at sign-in. */
function verifyRoute(app: ServiceApp, ctx: AuthContext) {
  app.post(
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
      const { sid, role } = await verifyTotp(ctx, request.body, staffCaller(request));
      setSessionCookie(ctx.config, reply, sid, role);
      return { message: T.totpVerified };
    },
  );
}
