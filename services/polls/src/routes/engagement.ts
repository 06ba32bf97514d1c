/** Likes, comments, shares, reports and the friends' circle 'Grup Analizi'. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  events,
  limits,
  pollServiceMessages as S,
  type CommentCreateBody,
  type CommentIdParams,
  type CommentListQuery,
  type PollComment,
  type PollIdParams,
  type ReportCreateBody,
  type ShareCodeParams,
} from '@meydan/proto';
import { HttpError, isDuplicateKey } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { addLike, createReport, pollById, recordShare, removeLike } from '../store/poll-records.js';
import type { EngagementField } from '../store/engagement.js';
import { keys, voterOf } from '../store/keys.js';
import { commentOn, commentPage, createComment, deleteComment } from '../store/comments.js';
import { wholePercent } from '../domain/counts.js';
import { decodeCursor, encodeCursor } from '../domain/cursor.js';
import { countsVisibleTo } from '../domain/results-visibility.js';
import { toObjectId, type CommentDoc, type PollDoc } from '../model/index.js';
import { announceComment } from '../store/held.js';
import { SAME_FOR_EVERY_VISITOR, ValidationError, identityOf, membersOnly, pollNotFound, refuseFiltered, visiblePoll } from './common.js';

const idParams = { $ref: 'meydan/poll-id-params' } as const;
const noBody = { $ref: 'meydan/no-body' } as const;

async function presentComments(ctx: PollsContext, docs: readonly CommentDoc[], source: { id: string }): Promise<PollComment[]> {
  const authors = await ctx.people.summaries(docs.map((c) => c.userId), source);
  return docs.map((c) => ({
    id: String(c._id),
    pollId: String(c.pollId),
    text: c.text,
    createdAt: new Date(c.createdAt).toISOString(),
    author: authors.get(c.userId)!,
    ...(c.heldAt ? { held: true as const } : {}),
  }));
}

const shapeOf = (poll: PollDoc) => ({
  id: String(poll._id),
  optionsCount: poll.options.length,
  expiresAt: poll.expiresAt ?? null,
  createdAt: new Date(poll.createdAt),
});

/** Likes, comments and shares are written to their collection first, then counted in Redis, then ranked. */
async function counted(ctx: PollsContext, poll: PollDoc, field: EngagementField, delta: number, likerId?: string) {
  const shape = shapeOf(poll);
  if (delta !== 0) await (field === 'likes' ? ctx.engagement.like(shape, likerId!, delta > 0) : ctx.engagement.add(shape, field, delta));
  const counts = await ctx.engagement.ofOne(shape);
  if (delta !== 0) await ctx.engagement.syncRank(shape).catch((err) => ctx.log.warn({ err, pollId: shape.id }, 'trending rank not updated'));
  return counts;
}

/**
 * A share counts once per member or visitor and poll. The Redis set admits each sharer once, atomically; the unique
 * (pollId, sharer) index stays the record (the set may have expired). A caller without a visitor id is answered with
 * the unchanged count. Visitor ids are free to get (a share-link page hands one to every new browser), so a
 * visitor's share also counts only once per client IP and poll: a script cannot inflate the count with fresh ids.
 */
async function countShare(ctx: PollsContext, poll: PollDoc, request: FastifyRequest) {
  const pollId = String(poll._id);
  const identity = identityOf(request);
  const sharer = voterOf(identity);
  const unchanged = async () => ({ pollId, shareCount: (await counted(ctx, poll, 'shares', 0)).shares });
  if (!sharer) return unchanged();
  const marks = identity.userId || !identity.ip ? [sharer] : [sharer, `ip:${identity.ip}`];
  const shape = shapeOf(poll);
  if (!(await ctx.engagement.admitShare(shape, marks))) return unchanged();
  try {
    await recordShare(ctx, poll._id, sharer);
  } catch (err) {
    if (isDuplicateKey(err)) return unchanged();
    await ctx.engagement.forgetShare(shape, marks).catch(() => {});
    throw err;
  }
  const counts = await counted(ctx, poll, 'shares', 1);
  return { pollId, shareCount: counts.shares };
}

export async function engagementRoutes(app: FastifyInstance, { ctx }: { ctx: PollsContext }): Promise<void> {
  likeRoute(app, ctx);
  commentRoutes(app, ctx);
  shareRoutes(app, ctx);
  reportRoute(app, ctx);
  groupAnalysisRoute(app, ctx);
}

function likeRoute(app: FastifyInstance, ctx: PollsContext) {
  app.post<{ Params: PollIdParams }>(
    '/api/polls/:id/like',
    { onRequest: membersOnly(S.signInToLike), schema: { summary: 'Beğenir ya da beğeniyi geri alır', params: idParams, body: noBody, response: { 200: { $ref: 'meydan/like-state' } } } },
    async (request) => {
      const poll = await visiblePoll(ctx, request, request.params.id);
      const userId = request.identity!.userId!;
      let liked: boolean;
      let delta = 0;
      try {
        await addLike(ctx, poll._id, userId);
        liked = true;
        delta = 1;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        const removed = await removeLike(ctx, poll._id, userId);
        liked = false;
        delta = removed ? -1 : 0;
      }
      const counts = await counted(ctx, poll, 'likes', delta, userId);
      if (delta !== 0) {
        await ctx.bus.publishReliably(events.polls.pollLiked, { pollId: String(poll._id), creatorId: poll.creatorId, userId, liked, at: new Date().toISOString() }, { requestId: request });
      }
      return { pollId: String(poll._id), liked, likesCount: counts.likes };
    },
  );
}

/** A poll's comments: read a page, write one, delete one's own. */
function commentRoutes(app: FastifyInstance, ctx: PollsContext) {
  app.get<{ Params: PollIdParams; Querystring: CommentListQuery }>(
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
      const poll = await visiblePoll(ctx, request, request.params.id);
      const query = request.query;
      const limit = query.limit ?? limits.feed.pageSizeDefault;
      const cursor = query.cursor !== undefined ? decodeCursor(query.cursor) : null;
      if (query.cursor !== undefined && !cursor) throw new ValidationError('cursor', S.cursorInvalid);
      const hidden = await ctx.people.hiddenCreators(request.identity?.userId ?? null, request);
      const { docs, totalCount } = await commentPage(ctx, poll._id, limit, cursor, hidden, request.identity?.userId ?? null);
      const page = docs.slice(0, limit);
      const last = page[page.length - 1];
      const nextCursor = docs.length > limit && last ? encodeCursor({ k: new Date(last.createdAt).getTime(), id: String(last._id) }) : null;
      // Comments show nothing of who reads them: a visitor's answer is every visitor's.
      if (!request.identity?.userId) reply.header('cache-control', SAME_FOR_EVERY_VISITOR);
      return { comments: await presentComments(ctx, page, request), totalCount, nextCursor };
    },
  );

  app.post<{ Params: PollIdParams; Body: CommentCreateBody }>(
    '/api/polls/:id/comments',
    {
      onRequest: membersOnly(S.signInToComment),
      schema: { summary: 'Yorum yazar (dakikada en fazla 10)', params: idParams, body: { $ref: 'meydan/comment-create' }, response: { 201: { $ref: 'meydan/comment' } } },
    },
    async (request, reply) => {
      const poll = await visiblePoll(ctx, request, request.params.id);
      const userId = request.identity!.userId!;
      const text = request.body.text.trim();
      // Held for review: stored and shown to its author alone, counted and announced when a moderator approves it.
      const held = await refuseFiltered(ctx, { text });
      const quota = await ctx.quotas.take(keys.commentQuota(userId), limits.comment.perMinute, limits.comment.windowMs);
      if (!quota.allowed) {
        throw new HttpError(429, 'rate_limited', S.tooManyComments, { 'retry-after': String(quota.retryAfterSeconds) });
      }
      const comment = await createComment(ctx, poll._id, userId, text, held);
      if (!held) await announceComment(ctx, poll, comment, request);
      const [presented] = await presentComments(ctx, [comment], request);
      return reply.code(201).send(presented);
    },
  );

  app.delete<{ Params: CommentIdParams }>(
    '/api/polls/:id/comments/:commentId',
    {
      onRequest: membersOnly(S.signInToComment),
      schema: { summary: 'Kendi yorumunu siler', params: { $ref: 'meydan/comment-id-params' }, response: { 200: { $ref: 'meydan/message' } } },
    },
    async (request) => {
      const params = request.params;
      const poll = await visiblePoll(ctx, request, params.id);
      const commentId = toObjectId(params.commentId);
      const comment = commentId ? await commentOn(ctx, poll._id, commentId) : null;
      if (!comment) throw new HttpError(404, 'not_found', S.commentNotFound);
      if (comment.userId !== request.identity!.userId) throw new HttpError(403, 'forbidden', S.commentOnlyOwn);
      if ((await deleteComment(ctx, comment._id)) && !comment.heldAt) {
        await counted(ctx, poll, 'comments', -1);
      }
      return { message: S.commentDeleted };
    },
  );
}

/** Shares, counted from a poll's page and from a share link's page. */
function shareRoutes(app: FastifyInstance, ctx: PollsContext) {
  app.post<{ Params: PollIdParams }>(
    '/api/polls/:id/share',
    { schema: { summary: 'Paylaşımı sayar (üye ya da ziyaretçi başına bir kez)', params: idParams, body: noBody, response: { 200: { $ref: 'meydan/share-state' } } } },
    async (request) => countShare(ctx, await visiblePoll(ctx, request, request.params.id), request),
  );

  // The share page's copy-link button counts a share too (share-link polls are not reachable by id).
  app.post<{ Params: ShareCodeParams }>(
    '/api/s/:shortUrl/share',
    { schema: { summary: 'Paylaşım bağlantısındaki anketin paylaşımını sayar', params: { $ref: 'meydan/share-code-params' }, body: noBody, response: { 200: { $ref: 'meydan/share-state' } } } },
    async (request) => {
      const pollId = await ctx.polls.idOfCode(request.params.shortUrl);
      const poll = pollId ? await pollById(ctx, pollId) : null;
      if (!poll || !poll.isShareable) throw pollNotFound();
      return countShare(ctx, poll, request);
    },
  );
}

function reportRoute(app: FastifyInstance, ctx: PollsContext) {
  app.post<{ Params: PollIdParams; Body: ReportCreateBody }>(
    '/api/polls/:id/report',
    {
      onRequest: membersOnly(S.signInToReport),
      schema: { summary: 'Anketi şikayet eder (üye başına bir kez)', params: idParams, body: { $ref: 'meydan/report-create' }, response: { 201: { $ref: 'meydan/report-created' } } },
    },
    async (request, reply) => {
      const poll = await visiblePoll(ctx, request, request.params.id);
      const body = request.body;
      const reporterId = request.identity!.userId!;
      const description = body.description?.trim() ? body.description.trim() : null;
      let report;
      try {
        report = await createReport(ctx, { pollId: poll._id, reporterId, reason: body.reason.trim(), description });
      } catch (err) {
        if (isDuplicateKey(err)) throw new HttpError(409, 'already_reported', S.alreadyReported);
        throw err;
      }
      const reportId = String(report._id);
      await ctx.bus.publishReliably(
        events.polls.pollReported,
        { reportId, pollId: String(poll._id), reporterId, reason: report.reason, description, at: report.createdAt.toISOString() },
        { requestId: request, msgId: `report:${reportId}` },
      );
      return reply.code(201).send({ reportId, message: S.reportReceived });
    },
  );
}

/** The friends' circle 'Grup Analizi' of a Dost Meclisi poll. */
function groupAnalysisRoute(app: FastifyInstance, ctx: PollsContext) {
  app.get<{ Params: PollIdParams }>(
    '/api/polls/:id/analysis',
    { onRequest: membersOnly(S.signInForAnalysis), schema: { summary: 'Dost Meclisi anketinin Grup Analizi', params: idParams, response: { 200: { $ref: 'meydan/poll-analysis' } } } },
    async (request) => {
      const poll = await visiblePoll(ctx, request, request.params.id);
      const userId = request.identity!.userId!;
      if (poll.type !== 'friends') throw new HttpError(400, 'analysis_unavailable', S.analysisFriendsOnly);
      const id = String(poll._id);
      const counts = await ctx.counters.countsOfOne({ id, optionsCount: poll.options.length, expiresAt: poll.expiresAt ?? null });
      const mine = (await ctx.counters.choicesOn(id, [`u:${userId}`])).get(`u:${userId}`);
      if (mine == null) throw new HttpError(403, 'analysis_unavailable', S.analysisVoteFirst);
      if (!countsVisibleTo(poll, userId, true, new Date())) throw new HttpError(403, 'analysis_unavailable', S.analysisResultsHidden);
      if (counts.total < limits.poll.groupAnalysisMinVotes) throw new HttpError(403, 'analysis_unavailable', S.analysisNeedsVotes);

      const friends = await ctx.people.mutuals(userId, request);
      const choices = await ctx.counters.choicesOn(id, friends.map((f) => `u:${f}`));
      const voters = friends.filter((f) => choices.get(`u:${f}`) != null);
      const people = await ctx.people.summaries(voters, request);
      const byOption = poll.options.map(() => [] as string[]);
      for (const f of voters) for (const option of choices.get(`u:${f}`)!) byOption[option]?.push(f);
      return {
        pollId: id,
        totalVotes: counts.total,
        userChoice: mine[0]!,
        userChoices: mine,
        overall: poll.options.map((text, i) => ({ id: i, text, votes: counts.votes[i] ?? 0, percent: wholePercent(counts.votes[i] ?? 0, counts.total) })),
        friends: {
          total: friends.length,
          voted: voters.length,
          options: poll.options.map((text, i) => ({
            id: i,
            text,
            votes: byOption[i]!.length,
            percent: wholePercent(byOption[i]!.length, voters.length),
            voters: byOption[i]!.map((f) => people.get(f)!),
          })),
        },
      };
    },
  );
}
