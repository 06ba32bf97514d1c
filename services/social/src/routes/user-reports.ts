/** Reports on members ('Şikayet Et' on a profile), as polls are reported: one per reporter and member, never oneself. */
import type { FastifyInstance } from 'fastify';
import { events, moderationTexts as M, type ReportCreateBody, type SocialUserParams } from '@meydan/proto';
import { HttpError, isDuplicateKey, requireMember } from '@meydan/kit';
import type { SocialContext } from '../context.js';
import { createUserReport } from '../store/user-reports.js';

export async function userReportRoutes(app: FastifyInstance, { ctx }: { ctx: SocialContext }) {
  app.post<{ Params: SocialUserParams; Body: ReportCreateBody }>(
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
      const userId = request.params.id;
      if (userId === reporterId) throw new HttpError(400, 'own_content', M.userOwnReport);
      await ctx.users.get(userId, request);
      const body = request.body;
      const description = body.description?.trim() ? body.description.trim() : null;
      let report;
      try {
        report = await createUserReport(ctx, { userId, reporterId, reason: body.reason.trim(), description });
      } catch (err) {
        if (isDuplicateKey(err)) throw new HttpError(409, 'already_reported', M.userAlreadyReported);
        throw err;
      }
      const reportId = String(report._id);
      await ctx.bus.publishReliably(
        events.social.userReported,
        { reportId, userId, reporterId, reason: report.reason, description, at: report.createdAt.toISOString() },
        { requestId: request, msgId: `user-report:${reportId}` },
      );
      return reply.code(201).send({ reportId, message: M.userReportReceived });
    },
  );
}
