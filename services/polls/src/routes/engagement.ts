/** Likes, comments, shares, reports and the friends' circle 'Grup Analizi'. */
import type { ServiceApp } from '@meydan/kit';
import { pollServiceMessages as S } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { commentOnPoll, deleteOwnComment, readComments } from '../usecases/comments.js';
import { groupAnalysis, likePoll, reportPoll, shareFromShareLink, sharePoll } from '../usecases/engagement.js';
import { SAME_FOR_EVERY_VISITOR, identityOf, membersOnly } from './common.js';

const idParams = { $ref: 'meydan/poll-id-params' } as const;
const noBody = { $ref: 'meydan/no-body' } as const;

export async function engagementRoutes(app: ServiceApp, { ctx }: { ctx: PollsContext }): Promise<void> {
  likeRoute(app, ctx);
  commentRoutes(app, ctx);
  shareRoutes(app, ctx);
  reportRoute(app, ctx);
  groupAnalysisRoute(app, ctx);
}

function likeRoute(app: ServiceApp, ctx: PollsContext) {
  app.post(
    '/api/polls/:id/like',
    {
      onRequest: membersOnly(S.signInToLike),
      schema: {
        summary: 'Beğenir ya da beğeniyi geri alır',
        params: idParams,
        body: noBody,
        response: { 200: { $ref: 'meydan/like-state' } },
      },
    },
    async (request) => likePoll(ctx, request.params.id, identityOf(request), request),
  );
}

/** A poll's comments: read a page, write one, delete one's own. */
function commentRoutes(app: ServiceApp, ctx: PollsContext) {
  app.get(
    '/api/polls/:id/comments',
    {
      schema: {
        summary: 'Yorumlar (en yeni önce, cursor ile devam)',
        params: idParams,
        querystring: { $ref: 'meydan/comment-list-query' },
        response: { 200: { $ref: 'meydan/comment-list' } },
      },
    },
    async (request, reply) => {
      const { answer, sameForEveryVisitor } = await readComments(
        ctx,
        request.params.id,
        request.query,
        identityOf(request),
        request,
      );
      if (sameForEveryVisitor) reply.header('cache-control', SAME_FOR_EVERY_VISITOR);
      return answer;
    },
  );

  app.post(
    '/api/polls/:id/comments',
    {
      onRequest: membersOnly(S.signInToComment),
      schema: {
        summary: 'Yorum yazar (dakikada en fazla 10)',
        params: idParams,
        body: { $ref: 'meydan/comment-create' },
        response: { 201: { $ref: 'meydan/comment' } },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await commentOnPoll(ctx, request.params.id, request.body.text, identityOf(request), request)),
  );

  app.delete(
    '/api/polls/:id/comments/:commentId',
    {
      onRequest: membersOnly(S.signInToComment),
      schema: {
        summary: 'Kendi yorumunu siler',
        params: { $ref: 'meydan/comment-id-params' },
        response: { 200: { $ref: 'meydan/message' } },
      },
    },
    async (request) => deleteOwnComment(ctx, request.params.id, request.params.commentId, identityOf(request), request),
  );
}

/** Shares, counted from a poll's page and from a share link's page. */
function shareRoutes(app: ServiceApp, ctx: PollsContext) {
  app.post(
    '/api/polls/:id/share',
    {
      schema: {
        summary: 'Paylaşımı sayar (üye ya da ziyaretçi başına bir kez)',
        params: idParams,
        body: noBody,
        response: { 200: { $ref: 'meydan/share-state' } },
      },
    },
    async (request) => sharePoll(ctx, request.params.id, identityOf(request), request),
  );

  // The share page's copy-link button counts a share too (share-link polls are not reachable by id).
  app.post(
    '/api/s/:shortUrl/share',
    {
      schema: {
        summary: 'Paylaşım bağlantısındaki anketin paylaşımını sayar',
        params: { $ref: 'meydan/share-code-params' },
        body: noBody,
        response: { 200: { $ref: 'meydan/share-state' } },
      },
    },
    async (request) => shareFromShareLink(ctx, request.params.shortUrl, identityOf(request)),
  );
}

function reportRoute(app: ServiceApp, ctx: PollsContext) {
  app.post(
    '/api/polls/:id/report',
    {
      onRequest: membersOnly(S.signInToReport),
      schema: {
        summary: 'Anketi şikayet eder (üye başına bir kez)',
        params: idParams,
        body: { $ref: 'meydan/report-create' },
        response: { 201: { $ref: 'meydan/report-created' } },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await reportPoll(ctx, request.params.id, request.body, identityOf(request), request)),
  );
}

/** The friends' circle 'Grup Analizi' of a Dost Meclisi poll. */
function groupAnalysisRoute(app: ServiceApp, ctx: PollsContext) {
  app.get(
    '/api/polls/:id/analysis',
    {
      onRequest: membersOnly(S.signInForAnalysis),
      schema: {
        summary: 'Dost Meclisi anketinin Grup Analizi',
        params: idParams,
        response: { 200: { $ref: 'meydan/poll-analysis' } },
      },
    },
    async (request) => groupAnalysis(ctx, request.params.id, identityOf(request), request),
  );
}
