import type { ServiceApp } from '@meydan/kit';
import { altchaPayloadField, limits } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { authTexts as T } from '../domain/texts.js';
import { exportAccount, scheduleAccountDeletion } from '../usecases/account-data.js';
import { memberOf } from './guards.js';
import { clearSessionCookie } from './session-cookie.js';

/** The member's data-protection rights: a copy of everything Meydan holds of them, and deleting the account. */
export async function accountDataRoutes(app: ServiceApp, { ctx }: { ctx: AuthContext }) {
  app.get(
    '/api/account/export',
    {
      schema: {
        summary: 'Hesabındaki tüm verilerin JSON kopyası',
        response: { 200: { $ref: 'meydan/account-export' } },
      },
    },
    async (request, reply) => {
      const { username, data } = await exportAccount(ctx, memberOf(request));
      reply
        .header('content-disposition', `attachment; filename="meydan-verilerim-${username}.json"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );

  app.post(
    '/api/account/deletion',
    {
      schema: {
        summary: 'Hesabın 30 gün sonra silinmesini planlar (bu sürede giriş yapmak iptal eder)',
        response: { 200: { $ref: 'meydan/account-deletion-scheduled' } },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['password'],
          properties: {
            password: { type: 'string', minLength: 1, maxLength: limits.user.passwordMax },
            /** The solved bot challenge, needed once the password was typed wrong repeatedly. */
            altcha: altchaPayloadField,
          },
          errorMessage: {
            required: { password: T.deletionPasswordRequired },
            properties: { password: T.deletionPasswordRequired },
          },
        },
      },
    },
    async (request, reply) => {
      const scheduled = await scheduleAccountDeletion(ctx, request.body, memberOf(request));
      clearSessionCookie(ctx.config, reply);
      return scheduled;
    },
  );
}
