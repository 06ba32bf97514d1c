import type { ServiceApp } from '@meydan/kit';
import { userMessages } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { requestPasswordReset, resetPassword } from '../usecases/password-reset.js';
import { callerOf } from './guards.js';

/** "Şifremi unuttum": asking for a mailed link, and the link's new password. */
export async function passwordResetRoutes(app: ServiceApp, { ctx }: { ctx: AuthContext }) {
  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        summary: 'Şifre sıfırlama bağlantısı ister (yanıt her adres için aynıdır)',
        body: { $ref: 'meydan/forgot-password' },
        response: { 202: { $ref: 'meydan/message' } },
      },
    },
    async (request, reply) => {
      // Answered before the lookup and the mail, so neither the text nor the time tells whether the address has an account.
      requestPasswordReset(ctx, request.body.email, { ...callerOf(request), log: app.log }).catch((err) =>
        request.log.error({ err }, 'password-reset mail failed'),
      );
      return reply.code(202).send({ message: userMessages.forgotAnswer });
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        summary: 'E-postadaki bağlantıyla yeni şifreyi kaydeder',
        body: { $ref: 'meydan/reset-password' },
        response: { 200: { $ref: 'meydan/message' } },
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body, callerOf(request));
      return { message: userMessages.resetDone };
    },
  );
}
