/** Create, read, list, edit and delete polls. */
import type { ServiceApp } from '@meydan/kit';
import { apiPaths, pollServiceMessages as S } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { readFeed, readPoll } from '../usecases/feeds.js';
import { closePoll, deletePoll, editPoll } from '../usecases/poll-changes.js';
import { askQuickQuestion, createPoll, createShareablePoll } from '../usecases/poll-creation.js';
import { setOpeningReminder } from '../usecases/poll-openings.js';
import { SAME_FOR_EVERY_VISITOR, identityOf, membersOnly } from './common.js';

const pollRef = { $ref: 'meydan/poll' } as const;
const idParams = { $ref: 'meydan/poll-id-params' } as const;

export async function pollRoutes(app: ServiceApp, { ctx }: { ctx: PollsContext }): Promise<void> {
  creationRoutes(app, ctx);
  readingRoutes(app, ctx);
  creatorRoutes(app, ctx);
  openingRoutes(app, ctx);
}

/** New polls: full, share-link and quick ones (and the ping the benchmark measures against). */
function creationRoutes(app: ServiceApp, ctx: PollsContext) {
  app.post(
    apiPaths.pollCreate,
    {
      onRequest: membersOnly(S.signInToCreate),
      schema: {
        summary:
          'Anket oluşturur (2–6 seçenek; süre: duration ya da durationHours saat, startsAt verilirse ondan sayılır; startsAt: oylamanın açılacağı zaman, o ana kadar "Yakında"; maxChoices: birden fazla seçimde bir oyda işaretlenebilecek en çok seçenek; resultsVisibility: after-vote oy verince, always her zaman, after-close anket bitince, creator yalnızca oluşturan)',
        body: { $ref: 'meydan/poll-create' },
        response: { 201: pollRef },
      },
    },
    async (request, reply) => reply.code(201).send(await createPoll(ctx, request.body, identityOf(request), request)),
  );

  app.post(
    apiPaths.pollCreateShareable,
    {
      onRequest: membersOnly(S.signInToCreate),
      schema: {
        summary:
          'Paylaşım bağlantısıyla açılan anket oluşturur (shareVoteMode: browser tarayıcı başına, ip IP başına, members yalnızca üyeler)',
        body: { $ref: 'meydan/poll-create' },
        response: { 201: { $ref: 'meydan/shareable-poll-created' } },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createShareablePoll(ctx, request.body, identityOf(request), request)),
  );

  // 'Hızlı Karar (VS)': a two-option question, posted as a public genel poll lasting 24 hours.
  app.post(
    apiPaths.pollCreateQuick,
    {
      onRequest: membersOnly(S.signInToAsk),
      schema: {
        summary: 'Hızlı Karar (VS): iki seçenekli, 24 saatlik soru',
        body: { $ref: 'meydan/quick-question' },
        response: { 201: pollRef },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await askQuickQuestion(ctx, request.body, identityOf(request), request)),
  );

  // The benchmark's baseline: a gateway round trip into this service that does nothing else.
  app.get(
    '/api/polls/ping',
    { schema: { summary: 'Bağlantı denemesi', response: { 200: { $ref: 'meydan/message' } } } },
    async () => ({ message: 'ok' }),
  );
}

/** The feeds and one poll. */
function readingRoutes(app: ServiceApp, ctx: PollsContext) {
  app.get(
    '/api/polls',
    {
      schema: {
        summary: 'Anketleri listeler (page ile sayfa numarası ya da cursor ile devam; category, limit, feed)',
        querystring: { $ref: 'meydan/poll-list-query' },
        response: { 200: { $ref: 'meydan/poll-list' } },
      },
    },
    async (request, reply) => {
      const { answer, sameForEveryVisitor } = await readFeed(ctx, request.query, identityOf(request), request);
      if (sameForEveryVisitor) reply.header('cache-control', SAME_FOR_EVERY_VISITOR);
      return answer;
    },
  );

  app.get(
    '/api/polls/:id',
    { schema: { summary: 'Tek bir anketi getirir', params: idParams, response: { 200: pollRef } } },
    async (request, reply) => {
      const { answer, sameForEveryVisitor } = await readPoll(ctx, request.params.id, identityOf(request), request);
      if (sameForEveryVisitor) reply.header('cache-control', SAME_FOR_EVERY_VISITOR);
      return answer;
    },
  );
}

/** What only a poll's creator may do: edit it in its first minute before its first vote, close it early, delete it. */
function creatorRoutes(app: ServiceApp, ctx: PollsContext) {
  app.patch(
    '/api/polls/:id',
    {
      onRequest: membersOnly(),
      schema: {
        summary:
          'Anketin başlığını ya da açıklamasını düzeltir (oluşturulduktan sonraki 1 dakika içinde ya da oylamaya açılmadan önce, ve ilk oydan önce; sonra 409)',
        params: idParams,
        body: { $ref: 'meydan/poll-edit' },
        response: { 200: pollRef },
      },
    },
    async (request) => editPoll(ctx, request.params.id, request.body, identityOf(request), request),
  );

  app.post(
    '/api/polls/:id/close',
    {
      onRequest: membersOnly(),
      schema: {
        summary: 'Kendi anketini süresinden önce sonlandırır (oy verilemez, sonuçlar açılır, bitiş bildirimi gider)',
        params: idParams,
        body: { $ref: 'meydan/no-body' },
        response: { 200: pollRef },
      },
    },
    async (request) => closePoll(ctx, request.params.id, identityOf(request), request),
  );

  app.delete(
    '/api/polls/:id',
    {
      onRequest: membersOnly(),
      schema: { summary: 'Kendi anketini siler', params: idParams, response: { 200: { $ref: 'meydan/message' } } },
    },
    async (request) => deletePoll(ctx, request.params.id, identityOf(request), request),
  );
}

/** 'Açılınca haber ver': a member asks (or stops asking) to be told when a scheduled poll opens. */
function openingRoutes(app: ServiceApp, ctx: PollsContext) {
  const schema = (summary: string) => ({
    summary,
    params: idParams,
    response: { 200: { $ref: 'meydan/opening-reminder' } },
  });
  app.post(
    '/api/polls/:id/opening-reminder',
    {
      onRequest: membersOnly(S.signInToRemind),
      schema: {
        ...schema(
          'Yakında açılacak anket oylamaya açılınca bildirim ister (tekrar istemek bir şey değiştirmez; açılmışsa 409)',
        ),
        body: { $ref: 'meydan/no-body' },
      },
    },
    async (request) => setOpeningReminder(ctx, request.params.id, identityOf(request), true, request),
  );
  app.delete(
    '/api/polls/:id/opening-reminder',
    {
      onRequest: membersOnly(S.signInToRemind),
      schema: schema('Açılış bildirimi isteğini geri alır (istenmemişse bir şey değişmez; açılmışsa 409)'),
    },
    async (request) => setOpeningReminder(ctx, request.params.id, identityOf(request), false, request),
  );
}
