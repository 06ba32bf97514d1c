/** Reports on members ('Şikayet Et' on a profile), as polls are reported: one per reporter and member, never oneself. */
import { moderationTexts as M } from '@meydan/proto';
import { HttpError, requireMember, type ServiceApp } from '@meydan/kit';
import type { SocialContext } from '../context.js';
import { reportUser } from '../usecases/user-reports.js';

export async function userReportRoutes(app: ServiceApp, { ctx }: { ctx: SocialContext }) {
  app.post(
    '/api/users/:id/report',
    {
      schema: {
        summary: 'Üyeyi şikayet eder (üye başına bir kez; kişi kendini şikayet edemez)',
        params: { $ref: 'meydan/social-user-params' },
        body: { $ref: 'meydan/report-create' },
        response: { 201: { $ref: 'meydan/report-created' } },
      },
    },
    async (request, reply) => {
      const reporterId = requireMember(request, M.signInToReport);
      const report = await reportUser(ctx, request.params.id, request.body, reporterId, request);
      if (report === 'own') throw new HttpError(400, 'own_content', M.userOwnReport);
      if (report === 'again') throw new HttpError(409, 'already_reported', M.userAlreadyReported);
      const { reportId } = report;
      return reply.code(201).send({ reportId, message: M.userReportReceived });
    },
  );
}
