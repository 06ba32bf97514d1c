import { apiPaths, limits } from '@meydan/proto';
import { HttpError, htmlPageResponse, mailedTokenParams as tokenParams, type ServiceApp } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { activationPages } from '../domain/activation-pages.js';
import { authTexts as T } from '../domain/texts.js';
import { activateAccount, resendActivation, resendActivationForLink } from '../usecases/activation.js';
import { registerAccount } from '../usecases/registration.js';
import { callerOf } from './guards.js';

const messageResponse = { $ref: 'meydan/message' } as const;

/** Registration, the mailed activation link, and a new link. */
export async function accountRoutes(app: ServiceApp, { ctx }: { ctx: AuthContext }) {
  // The activation pages post plain HTML forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  registrationRoute(app, ctx);
  activationLinkRoute(app, ctx);
  linkResendRoute(app, ctx);
  resendActivationRoute(app, ctx);
}

function registrationRoute(app: ServiceApp, ctx: AuthContext) {
  app.post(
    apiPaths.register,
    {
      schema: {
        summary: 'Kayıt olur; etkinleştirme bağlantısı e-postayla gelir',
        body: { $ref: 'meydan/register' },
        response: { 201: messageResponse },
      },
    },
    async (request, reply) => {
      await registerAccount(ctx, request.body, callerOf(request));
      return reply.code(201).send({ message: T.registered });
    },
  );
}

/** The mailed link: following it activates the account; a used or expired one offers a new link. */
function activationLinkRoute(app: ServiceApp, ctx: AuthContext) {
  app.get(
    '/api/auth/activate/:token',
    {
      schema: {
        summary: 'Hesabı etkinleştirir (e-postadaki bağlantı)',
        params: tokenParams,
        response: { 200: htmlPageResponse, 404: htmlPageResponse, 410: htmlPageResponse },
      },
      // Opened in a browser: a malformed token (too long, say) gets the unknown link's page, not the API's JSON error.
      attachValidation: true,
    },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const outcome = request.validationError
        ? { kind: 'unknown' as const }
        : await activateAccount(ctx, request.params.token, callerOf(request));
      const action = `/api/auth/activate/${encodeURIComponent(request.params.token)}/resend`;
      switch (outcome.kind) {
        case 'activated':
          return activationPages.activated();
        case 'used':
          reply.code(410);
          return activationPages.used(action);
        case 'expired':
          reply.code(410);
          return activationPages.expired(action, outcome.hours);
        case 'unknown':
          reply.code(404);
          return activationPages.invalid('/api/auth/resend-activation');
      }
    },
  );
}

/** A used or expired link's page asks for a new one. */
function linkResendRoute(app: ServiceApp, ctx: AuthContext) {
  app.post(
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
      if (request.validationError && request.validationError.validationContext !== 'params')
        throw request.validationError;
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      const outcome = request.validationError
        ? { kind: 'unknown' as const }
        : await resendActivationForLink(ctx, request.params.token, callerOf(request));
      switch (outcome.kind) {
        case 'unknown':
          reply.code(404);
          return activationPages.resendUnknown();
        case 'already-active':
          return activationPages.alreadyActive();
        case 'too-soon':
          reply.code(429).header('retry-after', '60');
          return activationPages.tooSoon();
        case 'resent':
          return activationPages.resent(outcome.email);
      }
    },
  );
}

/** A new link by address (JSON from the app, a plain form from the activation pages): the same answer either way. */
function resendActivationRoute(app: ServiceApp, ctx: AuthContext) {
  app.post(
    '/api/auth/resend-activation',
    {
      schema: {
        summary: 'Etkinleştirme bağlantısını yeniden gönderir',
        body: {
          type: 'object',
          required: ['email'],
          additionalProperties: false,
          properties: { email: { type: 'string', format: 'email', maxLength: limits.user.emailMax } },
          errorMessage: {
            required: { email: 'E-posta adresi gerekli' },
            properties: { email: 'Geçerli bir e-posta adresi giriniz' },
          },
        },
        response: {
          200: {
            description: 'Aynı yanıt, adres kayıtlı olsun olmasın',
            content: { 'application/json': { schema: messageResponse }, 'text/html': { schema: { type: 'string' } } },
          },
          // Too soon: the form's page (JSON callers get the usual error answer; the wait is in retry-after).
          429: htmlPageResponse,
        },
      },
    },
    async (request, reply) => {
      const html = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
      const outcome = await resendActivation(ctx, request.body.email, callerOf(request));
      if (outcome.kind === 'too-soon') {
        const retryAfter = { 'retry-after': String(outcome.retryAfter) };
        if (!html) throw new HttpError(429, 'rate_limited', T.tooManyResends, retryAfter);
        return reply.code(429).headers(retryAfter).type('text/html; charset=utf-8').send(activationPages.tooSoon());
      }
      return html
        ? reply.type('text/html; charset=utf-8').send(activationPages.onTheWay())
        : { message: T.resendAnswer };
    },
  );
}
