/** Reports on comments ('Şikayet Et' under a comment), as polls are reported: one per member and comment. */
import type { ServiceApp } from '@meydan/kit';
import { moderationTexts as M } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { reportComment } from '../usecases/comments.js';
import { identityOf, membersOnly } from './common.js';

export async function commentReportRoutes(app: ServiceApp, { ctx }: { ctx: PollsContext }): Promise<void> {
  app.post(
    '/api/comments/:id/report',
    {
      onRequest: membersOnly(M.signInToReport),
      schema: {
        summary: 'Yorumu şikayet eder (üye başına bir kez; kendi yorumu şikayet edilemez)',
        params: { $ref: 'meydan/comment-report-params' },
        body: { $ref: 'meydan/report-create' },
        response: { 201: { $ref: 'meydan/report-created' } },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await reportComment(ctx, request.params.id, request.body, identityOf(request), request)),
  );
}
