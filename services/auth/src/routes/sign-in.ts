import type { ServiceApp } from '@meydan/kit';
import { SESSION_COOKIE, apiPaths } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { authTexts as T } from '../domain/texts.js';
import { changePassword, login, logout, sessionUser } from '../usecases/sign-in.js';
import { callerOf, memberOf } from './guards.js';
import { clearSessionCookie, setSessionCookie } from './session-cookie.js';

const messageResponse = { $ref: 'meydan/message' } as const;
const userResponse = { $ref: 'meydan/user' } as const;

/** The login's bot challenge and the login; the signed-in member's session: logout, who is signed in, password change. */
export async function signInRoutes(app: ServiceApp, { ctx }: { ctx: AuthContext }) {
  loginRoutes(app, ctx);
  sessionRoutes(app, ctx);
}

function loginRoutes(app: ServiceApp, ctx: AuthContext) {
  app.get(
    '/api/auth/challenge',
    {
      schema: {
        summary: 'Giriş için bot doğrulaması (ALTCHA) verir',
        response: { 200: { $ref: 'meydan/bot-challenge' } },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ctx.loginChallenge.createChallenge();
    },
  );

  app.post(
    apiPaths.login,
    {
      schema: {
        summary: 'Giriş yapar (httpOnly `sid` çerezi)',
        body: { $ref: 'meydan/login' },
        response: { 200: userResponse },
      },
    },
    async (request, reply) => {
      const { sid, role, user } = await login(
        ctx,
        { ...request.body, previousSid: request.cookies[SESSION_COOKIE] },
        callerOf(request),
      );
      setSessionCookie(ctx.config, reply, sid, role);
      return user;
    },
  );
}

function sessionRoutes(app: ServiceApp, ctx: AuthContext) {
  /** Ends this session; `{everywhere: true}` ends every session of the account. */
  app.post(
    '/api/logout',
    { schema: { summary: 'Çıkış yapar', body: { $ref: 'meydan/logout' }, response: { 200: messageResponse } } },
    async (request, reply) => {
      const everywhere = request.body?.everywhere === true;
      await logout(
        ctx,
        { sid: request.cookies[SESSION_COOKIE], everywhere },
        { requestId: request.id, userId: request.identity?.userId },
      );
      clearSessionCookie(ctx.config, reply);
      return { message: T.loggedOut };
    },
  );

  app.get(
    '/api/auth/session',
    { schema: { summary: 'Oturumdaki kullanıcı', response: { 200: userResponse } } },
    async (request) => sessionUser(ctx, { userId: request.identity?.userId, sid: request.cookies[SESSION_COOKIE] }),
  );

  app.post(
    '/api/auth/password',
    {
      schema: {
        summary: 'Şifreyi değiştirir (tüm oturumlar kapanır, API anahtarları iptal edilir)',
        body: { $ref: 'meydan/password-change' },
        response: { 200: messageResponse },
      },
    },
    async (request, reply) => {
      const { sid, role } = await changePassword(ctx, request.body, memberOf(request));
      setSessionCookie(ctx.config, reply, sid, role);
      return { message: T.passwordChanged };
    },
  );
}
