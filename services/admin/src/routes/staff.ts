/** What only an administrator does to accounts: change a role, invite a staff member (usecases/members.ts). */
import { HttpError, httpError, type ServiceApp } from '@meydan/kit';
import { adminTexts as T } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { changeRole, inviteStaff } from '../usecases/members.js';
import { idParams, message, staffOf } from './shared.js';

export async function staffRoutes(app: ServiceApp, { ctx }: { ctx: AdminContext }): Promise<void> {
  // An administrator gives an account another role (member, moderator, admin); never their own.
  app.patch(
    '/api/admin/users/:id/role',
    {
      schema: {
        summary:
          'Hesabın rolünü değiştirir (üye, moderatör, yönetici): oturumları kapanır, işlem kaydına yazılır. Yalnızca yönetici; kendi rolü değiştirilemez',
        params: idParams,
        body: { $ref: 'meydan/admin-role-change' },
        response: message,
      },
    },
    async (request) => {
      const outcome = await changeRole(ctx, request.params.id, request.body, staffOf(request));
      if (outcome === 'not_found') throw httpError('not_found', T.userNotFound);
      if (outcome === 'own_role') throw new HttpError(400, 'own_role', T.cannotChangeOwnRole);
      return { message: outcome === 'unchanged' ? T.roleUnchanged : T.roleChanged };
    },
  );

  // An administrator invites a staff member by e-mail: auth makes the account and mails the link that sets its password.
  app.post(
    '/api/admin/staff/invitations',
    {
      schema: {
        summary:
          'Yönetim ekibine davet (moderatör ya da yönetici): hesap açılır, şifre belirleme bağlantısı e-postayla gider (72 saat, tek kullanımlık); işlem kaydına yazılır. Yalnızca yönetici; hesabı olan adres 409',
        body: { $ref: 'meydan/admin-staff-invite' },
        response: {
          201: {
            type: 'object',
            required: ['userId', 'message'],
            properties: { userId: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
    async (request, reply) => {
      const { userId } = await inviteStaff(ctx, request.body, staffOf(request));
      return reply.code(201).send({ userId, message: T.staffInvited });
    },
  );
}
