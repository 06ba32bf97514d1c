/** Reports on comments ('Şikayet Et' under a comment), as polls are reported: one per member and comment. */
import type { FastifyInstance } from 'fastify';
import { events, moderationTexts as M, type CommentReportParams, type ReportCreateBody } from '@meydan/proto';
import { HttpError, isDuplicateKey } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { toObjectId } from '../model/index.js';
import { commentById, createCommentReport } from '../store/comments.js';
import { membersOnly, visiblePoll } from './common.js';

export async function commentReportRoutes(app: FastifyInstance, { ctx }: { ctx: PollsContext }): Promise<void> {
  app.post<{ Params: CommentReportParams; Body: ReportCreateBody }>(
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
    async (request, reply) => {
      const commentId = toObjectId(request.params.id);
      const comment = commentId ? await commentById(ctx, commentId) : null;
      if (!comment) throw new HttpError(404, 'not_found', M.commentNotFound);
      // A comment on a poll the member may not see is not there for them.
      await visiblePoll(ctx, request, String(comment.pollId)).catch(() => {
        throw new HttpError(404, 'not_found', M.commentNotFound);
      });
      const reporterId = request.identity!.userId!;
      if (comment.userId === reporterId) throw new HttpError(400, 'own_content', M.commentOwnReport);
      const body = request.body;
      const description = body.description?.trim() ? body.description.trim() : null;
      let report;
      try {
        report = await createCommentReport(ctx, {
          commentId: comment._id,
          pollId: comment.pollId,
          authorId: comment.userId,
          reporterId,
          reason: body.reason.trim(),
          description,
        });
      } catch (err) {
        if (isDuplicateKey(err)) throw new HttpError(409, 'already_reported', M.commentAlreadyReported);
        throw err;
      }
      const reportId = String(report._id);
      await ctx.bus.publishReliably(
        events.polls.commentReported,
        {
          reportId,
          commentId: String(comment._id),
          pollId: String(comment.pollId),
          authorId: comment.userId,
          reporterId,
          reason: report.reason,
          description,
          text: comment.text,
          at: report.createdAt.toISOString(),
        },
        { requestId: request, msgId: `comment-report:${reportId}` },
      );
      return reply.code(201).send({ reportId, message: M.commentReportReceived });
    },
  );
}
