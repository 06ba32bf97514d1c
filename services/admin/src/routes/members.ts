/**
 * The staff's HTTP API on accounts (the app's onRequest hook has already refused everyone else): the panel's figures,
 * the member list, bans (usecases/members.ts).
 */
import { HttpError, httpError, type ServiceApp } from '@meydan/kit';
import { adminTexts as T } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { banMember, listMembers, reactivateMember, readPanelStats, type Untouchable } from '../usecases/members.js';
import { idParams, message, noBody, staffOf } from './shared.js';

/** The refusal of a ban or a reactivation. */
function untouchable(why: Untouchable, banning: boolean): HttpError {
  if (why === 'not_found') return httpError('not_found', T.userNotFound);
  if (why === 'self') return new HttpError(400, 'admin_untouchable', T.cannotBanSelf);
  return new HttpError(400, 'admin_untouchable', banning ? T.cannotBanAdmin : T.cannotActivateAdmin);
}

export async function memberRoutes(app: ServiceApp, { ctx }: { ctx: AdminContext }): Promise<void> {
  app.get(
    '/api/admin/stats',
    {
      schema: {
        summary: 'Yönetim paneli istatistikleri (bu ay: Europe/Istanbul takvim ayı)',
        response: { 200: { $ref: 'meydan/admin-stats' } },
      },
    },
    async () => readPanelStats(ctx),
  );

  app.get(
    '/api/admin/users',
    {
      schema: {
        summary: 'Kullanıcıları arar (kullanıcı adı, e-posta ya da görünen ad; Türkçe harf duyarlı), sayfalı',
        querystring: { $ref: 'meydan/admin-list-query' },
        response: { 200: { $ref: 'meydan/admin-user-page' } },
      },
    },
    async (request) => listMembers(ctx, request.query),
  );

  app.post(
    '/api/admin/users/:id/ban',
    {
      schema: {
        summary:
          'Üyeyi engeller: oturumları, API anahtarları ve bağlantıları kapanır, anketleri gizlenir (yöneticiler engellenemez)',
        params: idParams,
        body: { $ref: 'meydan/admin-ban' },
        response: message,
      },
    },
    async (request) => {
      const outcome = await banMember(ctx, request.params.id, request.body, staffOf(request));
      if (outcome !== 'banned') throw untouchable(outcome, true);
      return { message: T.userBanned };
    },
  );

  app.post(
    '/api/admin/users/:id/activate',
    {
      schema: { summary: 'Engellenmiş üyeyi yeniden etkinleştirir', params: idParams, body: noBody, response: message },
    },
    async (request) => {
      const outcome = await reactivateMember(ctx, request.params.id, staffOf(request));
      if (outcome !== 'activated') throw untouchable(outcome, false);
      return { message: T.userActivated };
    },
  );
}
