/** Create, read, list, edit and delete polls. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  apiPaths,
  defaultResultsVisibility,
  defaultShareVoteMode,
  events,
  isShareableRequest,
  limits,
  normalizePollOptions,
  pollMessages,
  pollServiceMessages as S,
  quickCategory,
  resolvePollExpiry,
  subjects,
  type PollCreateBody,
  type PollEditBody,
  type PollIdParams,
  type PollListQuery,
  type QuickQuestionBody,
} from '@meydan/proto';
import { HttpError } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { closePoll, pollById } from '../store/poll-records.js';
import { claimEdit, storeEdit, textChanges } from '../store/poll-edits.js';
import { decodeCursor, type Cursor } from '../domain/cursor.js';
import { rankForYou } from '../domain/for-you.js';
import { feedFilter } from '../domain/visibility.js';
import type { PollDoc } from '../model/index.js';
import { claimEnded, publishEnded } from '../store/poll-endings.js';
import { presentPoll, presentPolls } from '../store/present.js';
import { feedPage, newestPolls } from '../store/feed.js';
import { insertPoll, type NewPoll } from '../store/poll-creation.js';
import { metaOf } from '../store/polls.js';
import { SAME_FOR_EVERY_VISITOR, ValidationError, anyVisitor, identityOf, membersOnly, pollNotFound, refuseFiltered, visiblePoll } from './common.js';
import { announcePoll, unlistHeldEdit } from '../store/held.js';

const pollRef = { $ref: 'meydan/poll' } as const;
/** How many of the newest visible polls the for-you feed ranks. */
const FOR_YOU_POOL = 200;
const idParams = { $ref: 'meydan/poll-id-params' } as const;

/** The cursor of `?cursor=`, or null without one; 400 for one this service never handed out. */
function cursorOf(text: string | undefined): Cursor | null {
  if (text === undefined) return null;
  const cursor = decodeCursor(text);
  if (!cursor) throw new ValidationError('cursor', S.cursorInvalid);
  return cursor;
}

/**
 * Stores the new poll and announces it. A poll the word filter holds for review is stored and shown to its creator
 * alone, announced only when a moderator approves it (nats/held.ts).
 */
async function createPoll(ctx: PollsContext, request: FastifyRequest, input: NewPoll): Promise<PollDoc> {
  const creatorId = request.identity!.userId!;
  const held = await refuseFiltered(ctx, { title: input.title, options: input.options, description: input.description });
  const poll = await insertPoll(ctx, creatorId, input, held);
  if (held) await ctx.held.add(String(poll._id));
  else await announcePoll(ctx, poll, request);
  return poll;
}

/** The create body's rules that a JSON Schema cannot say (expiry against now; shareable only with public; maxChoices within the options). */
function newPollFrom(body: PollCreateBody, shareableRoute: boolean): NewPoll {
  const shareable = shareableRoute || isShareableRequest(body);
  const type = body.type ?? 'public';
  if (shareable && type !== 'public') throw new ValidationError('type', pollMessages.shareableOnlyPublic);
  if (!shareable && body.shareVoteMode !== undefined) throw new ValidationError('shareVoteMode', pollMessages.shareVoteModeOnlyShareable);
  const expiry = resolvePollExpiry(body);
  if (!expiry.ok) throw new ValidationError('expiresAt', expiry.message);
  const description = typeof body.description === 'string' && body.description.trim() ? body.description.trim() : null;
  const options = normalizePollOptions(body.options);
  const maxChoices = body.maxChoices ?? 1;
  if (maxChoices > options.length) throw new ValidationError('maxChoices', pollMessages.maxChoicesOverOptions);
  return {
    title: body.title.trim(),
    description,
    category: body.category,
    type,
    options,
    expiresAt: expiry.expiresAt,
    shareable,
    shareVoteMode: shareable ? (body.shareVoteMode ?? defaultShareVoteMode) : null,
    resultsVisibility: body.resultsVisibility ?? defaultResultsVisibility,
    maxChoices,
    allowVoteChange: body.allowVoteChange === true,
  };
}

const shareUrlOf = (ctx: PollsContext, code: string) => `${ctx.config.PUBLIC_ORIGIN!.replace(/\/+$/, '')}/s/${code}`;

export async function pollRoutes(app: FastifyInstance, { ctx }: { ctx: PollsContext }): Promise<void> {
  creationRoutes(app, ctx);
  readingRoutes(app, ctx);
  creatorRoutes(app, ctx);
}

/** New polls: full, share-link and quick ones (and the ping the benchmark measures against). */
function creationRoutes(app: FastifyInstance, ctx: PollsContext) {
  app.post<{ Body: PollCreateBody }>(
    apiPaths.pollCreate,
    {
      onRequest: membersOnly(S.signInToCreate),
      schema: {
        summary:
          'Anket oluşturur (2–6 seçenek; süre: duration ya da durationHours saat; maxChoices: birden fazla seçimde bir oyda işaretlenebilecek en çok seçenek; resultsVisibility: after-vote oy verince, always her zaman, after-close anket bitince, creator yalnızca oluşturan)',
        body: { $ref: 'meydan/poll-create' },
        response: { 201: pollRef },
      },
    },
    async (request, reply) => {
      const doc = await createPoll(ctx, request, newPollFrom(request.body, false));
      return reply.code(201).send(await presentPoll(ctx, doc, identityOf(request), request));
    },
  );

  app.post<{ Body: PollCreateBody }>(
    apiPaths.pollCreateShareable,
    {
      onRequest: membersOnly(S.signInToCreate),
      schema: { summary: 'Paylaşım bağlantısıyla açılan anket oluşturur (shareVoteMode: browser tarayıcı başına, ip IP başına, members yalnızca üyeler)', body: { $ref: 'meydan/poll-create' }, response: { 201: { $ref: 'meydan/shareable-poll-created' } } },
    },
    async (request, reply) => {
      const doc = await createPoll(ctx, request, newPollFrom(request.body, true));
      const poll = await presentPoll(ctx, doc, identityOf(request), request);
      return reply.code(201).send({ shareUrl: shareUrlOf(ctx, doc.shortUrl!), poll });
    },
  );

  // 'Hızlı Karar (VS)': a two-option question, posted as a public genel poll lasting 24 hours.
  app.post<{ Body: QuickQuestionBody }>(
    apiPaths.pollCreateQuick,
    {
      onRequest: membersOnly(S.signInToAsk),
      schema: { summary: 'Hızlı Karar (VS): iki seçenekli, 24 saatlik soru', body: { $ref: 'meydan/quick-question' }, response: { 201: pollRef } },
    },
    async (request, reply) => {
      const body = request.body;
      const doc = await createPoll(ctx, request, {
        title: body.question.trim(),
        description: null,
        category: quickCategory,
        type: 'public',
        options: body.options.map((o) => o.trim()),
        expiresAt: new Date(Date.now() + limits.quick.durationHours * 3600_000),
        shareable: false,
        shareVoteMode: null,
        resultsVisibility: defaultResultsVisibility,
        maxChoices: 1,
        allowVoteChange: false,
      });
      return reply.code(201).send(await presentPoll(ctx, doc, identityOf(request), request));
    },
  );

  // The benchmark's baseline: a gateway round trip into this service that does nothing else.
  app.get('/api/polls/ping', { schema: { summary: 'Bağlantı denemesi', response: { 200: { $ref: 'meydan/message' } } } }, async () => ({ message: 'ok' }));
}

/** The feeds and one poll. */
function readingRoutes(app: FastifyInstance, ctx: PollsContext) {
  /**
   * The member's recommended polls: the newest visible ones, ranked by the topic affinities of their personality
   * analysis (auth). One page, no cursor; without an analysis (or when auth does not answer) the newest first.
   */
  async function forYou(request: FastifyRequest, query: PollListQuery) {
    const viewer = identityOf(request);
    if (!viewer.userId) throw new HttpError(401, 'unauthorized', S.signInForYou);
    const now = new Date();
    const [mutuals, affinities] = await Promise.all([
      ctx.people.mutualsOrNone(viewer.userId, request),
      ctx.bus
        .request(subjects.auth.usersAffinities, { userId: viewer.userId }, { requestId: request.id }, 800)
        .then((reply) => reply.topics)
        .catch((err: unknown) => {
          request.log.warn({ err }, 'topic affinities unavailable; for-you falls back to newest');
          return [];
        }),
    ]);
    const [banned, hidden] = await Promise.all([ctx.banned.all(), ctx.people.hiddenCreators(viewer.userId, request)]);
    const filter = feedFilter(viewer, mutuals, { feed: 'new', category: query.category, now, hiddenCreators: [...banned, ...hidden] });
    const pool = await newestPolls(ctx, filter, FOR_YOU_POOL);
    const limit = query.limit ?? limits.feed.pageSizeDefault;
    const page = rankForYou(pool, affinities, now).slice(0, limit);
    return { polls: await presentPolls(ctx, page, viewer, request), totalCount: pool.length, nextCursor: null };
  }

  app.get<{ Querystring: PollListQuery }>(
    '/api/polls',
    { schema: { summary: 'Anketleri listeler (page ile sayfa numarası ya da cursor ile devam; category, limit, feed)', querystring: { $ref: 'meydan/poll-list-query' }, response: { 200: { $ref: 'meydan/poll-list' } } } },
    async (request, reply) => {
      const query = request.query;
      const viewer = identityOf(request);
      const feed = query.feed ?? 'trending';
      if (feed === 'for-you') return forYou(request, query);
      if (feed === 'friends' && !viewer.userId) throw new HttpError(401, 'unauthorized', S.signInForFriends);
      const mutuals =
        feed === 'friends' ? await ctx.people.mutuals(viewer.userId!, request) : await ctx.people.mutualsOrNone(viewer.userId, request);
      const now = new Date();
      // Banned creators are hidden from everyone; a member also does not see those they blocked or muted, nor those
      // who blocked them.
      const [banned, hiddenForViewer] = await Promise.all([ctx.banned.all(), ctx.people.hiddenCreators(viewer.userId, request)]);
      const hiddenCreators = [...banned, ...hiddenForViewer];
      const filter = feedFilter(viewer, mutuals, { feed, category: query.category, now, hiddenCreators });
      const limit = query.limit ?? limits.feed.pageSizeDefault;
      const at = { page: query.page, cursor: query.page === undefined ? cursorOf(query.cursor) : null };
      const findPage = async () => feedPage(ctx, filter, feed === 'trending', limit, at);
      if (viewer.userId) {
        const circle = [viewer.userId, ...mutuals];
        const fromTimelines = async () => {
          const found = await ctx.timelines.page({ feed, category: query.category, circle, hiddenCreators, limit, at, now });
          if (!found) return null;
          const { ids, ...rest } = found;
          const hidden = new Set(hiddenCreators);
          return { ...rest, polls: (await ctx.polls.docs(ids)).filter((d) => !hidden.has(d.creatorId)) };
        };
        const page = (ctx.config.POLLS_MEMBER_FEEDS === 'database' ? null : await fromTimelines()) ?? (await findPage());
        return { ...page, polls: await presentPolls(ctx, page.polls, viewer, request) };
      }
      // Every visitor finds the same pages: kept here for a moment (counts stay fresh), and the whole answer is the same
      // for every visitor, so the gateway may share it too.
      const found = await ctx.feedPages.get(JSON.stringify([feed, query.category ?? null, limit, query.page ?? null, query.cursor ?? null, hiddenCreators.sort()]), findPage);
      reply.header('cache-control', SAME_FOR_EVERY_VISITOR);
      return { ...found, polls: await presentPolls(ctx, found.polls, anyVisitor, request) };
    },
  );

  app.get<{ Params: PollIdParams }>('/api/polls/:id', { schema: { summary: 'Tek bir anketi getirir', params: idParams, response: { 200: pollRef } } }, async (request, reply) => {
    const doc = await visiblePoll(ctx, request, request.params.id);
    const viewer = identityOf(request);
    if (viewer.userId) return presentPoll(ctx, doc, viewer, request);
    reply.header('cache-control', SAME_FOR_EVERY_VISITOR);
    return presentPoll(ctx, doc, anyVisitor, request);
  });
}

/** Why an edit claim was refused (store/poll-edits.ts): nothing changed. */
const editRefused = {
  answered: () => new HttpError(409, 'poll_answered', S.editAfterVotes),
  ended: () => new HttpError(409, 'already_ended', S.alreadyEnded),
  busy: () => new HttpError(409, 'edit_in_progress', S.editInProgress),
} as const;

/** What only a poll's creator may do: edit it in its first minute before its first vote, close it early, delete it. */
function creatorRoutes(app: FastifyInstance, ctx: PollsContext) {
  app.patch<{ Params: PollIdParams; Body: PollEditBody }>(
    '/api/polls/:id',
    {
      onRequest: membersOnly(),
      schema: {
        summary: 'Anketin başlığını ya da açıklamasını düzeltir (oluşturulduktan sonraki 1 dakika içinde ve ilk oydan önce; sonra 409)',
        params: idParams,
        body: { $ref: 'meydan/poll-edit' },
        response: { 200: pollRef },
      },
    },
    async (request) => {
      const doc = await visiblePoll(ctx, request, request.params.id);
      const userId = request.identity!.userId!;
      if (doc.creatorId !== userId) throw new HttpError(403, 'forbidden', S.editOnlyCreator);
      if (Date.now() - new Date(doc.createdAt).getTime() > limits.poll.editWindowMs) {
        throw new HttpError(403, 'edit_window_over', S.editWindowOver);
      }
      if (doc.endedAt || doc.closedAt || (doc.expiresAt && new Date(doc.expiresAt).getTime() <= Date.now())) throw new HttpError(409, 'already_ended', S.alreadyEnded);
      const body = request.body;
      const set: { title?: string; description?: string | null } = {};
      if (body.title !== undefined) set.title = body.title.trim();
      if (body.description !== undefined) set.description = body.description?.trim() ? body.description.trim() : null;
      // A refusing entry refuses the edit (400); texts only holding entries catch put the poll back under review.
      const hold = await refuseFiltered(ctx, { title: set.title, description: set.description });
      // No vote yet, decided in the same Redis step votes are counted in (store/poll-edits.ts).
      const claim = await claimEdit(ctx, { id: String(doc._id), optionsCount: doc.options.length, expiresAt: doc.expiresAt ?? null });
      if (claim.status !== 'claimed') throw editRefused[claim.status]();
      try {
        const current = await pollById(ctx, doc._id);
        if (!current) throw pollNotFound();
        const changes = textChanges(current, set);
        if (Object.keys(changes).length === 0) return await presentPoll(ctx, current, identityOf(request), request);
        // Held for review from before the new text is stored: nobody else reads it, nor votes, until a moderator approves.
        const holding = hold && !current.heldAt;
        if (holding) await ctx.held.add(String(doc._id));
        const updated = await storeEdit(ctx, current, changes, request.id, holding).catch(async (err: unknown) => {
          request.log.error({ err }, 'poll edited event not published: edit taken back');
          if (holding) await ctx.held.remove(String(doc._id)).catch(() => undefined);
          throw new HttpError(503, 'service_unavailable');
        });
        if (!updated) throw pollNotFound();
        if (holding) await unlistHeldEdit(ctx, updated);
        await ctx.polls.forgetDoc(String(doc._id));
        ctx.feedPages.changed();
        return await presentPoll(ctx, updated, identityOf(request), request);
      } finally {
        await claim.release().catch(() => undefined);
      }
    },
  );

  app.post<{ Params: PollIdParams }>(
    '/api/polls/:id/close',
    { onRequest: membersOnly(), schema: { summary: 'Kendi anketini süresinden önce sonlandırır (oy verilemez, sonuçlar açılır, bitiş bildirimi gider)', params: idParams, body: { $ref: 'meydan/no-body' }, response: { 200: pollRef } } },
    async (request) => {
      const doc = await visiblePoll(ctx, request, request.params.id);
      if (doc.creatorId !== request.identity!.userId) throw new HttpError(403, 'forbidden', S.closeOnlyCreator);
      const now = new Date();
      const alreadyEnded = () => new HttpError(409, 'already_ended', S.alreadyEnded);
      if (doc.endedAt || (doc.expiresAt && new Date(doc.expiresAt).getTime() <= now.getTime())) throw alreadyEnded();
      // The same claim as the expiry sweep's: one of them publishes the ended event, and votes stop at once.
      if (!(await claimEnded(ctx, String(doc._id), now))) throw alreadyEnded();
      const closed = await closePoll(ctx, doc._id, now);
      if (!closed) throw pollNotFound();
      await ctx.polls.cacheMeta(metaOf(closed));
      await Promise.all([ctx.polls.forgetDoc(String(closed._id)), ctx.timelines.drop(String(closed._id))]);
      ctx.feedPages.changed();
      await publishEnded(ctx, closed, now);
      return presentPoll(ctx, closed, identityOf(request), request);
    },
  );

  app.delete<{ Params: PollIdParams }>(
    '/api/polls/:id',
    { onRequest: membersOnly(), schema: { summary: 'Kendi anketini siler', params: idParams, response: { 200: { $ref: 'meydan/message' } } } },
    async (request) => {
      const doc = await visiblePoll(ctx, request, request.params.id);
      const userId = request.identity!.userId!;
      if (doc.creatorId !== userId) throw new HttpError(403, 'forbidden', S.deleteOnlyCreator);
      const removed = await ctx.polls.remove(String(doc._id));
      if (removed) {
        await ctx.bus.publishReliably(events.polls.pollDeleted, { pollId: String(doc._id), creatorId: doc.creatorId, by: userId, at: new Date().toISOString() }, { requestId: request });
      }
      return { message: S.pollDeleted };
    },
  );
}
