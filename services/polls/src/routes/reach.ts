/**
 * What a visitor may know of a poll by id (its /anket page asks a visitor to sign in for a members' poll) and the poll's
 * card image for link previews (og:image), by id for public polls and by share code for share-link polls.
 */
import type { FastifyReply } from 'fastify';
import type { ServiceApp } from '@meydan/kit';
import { events } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { CARD_FRESH_MS, PollCards, oembedOf, visitorPreview } from '../usecases/previews.js';
import { SAME_FOR_EVERY_VISITOR, pollNotFound } from './common.js';

const pngResponse = {
  description: '1200×630 PNG',
  content: { 'image/png': { schema: { type: 'string', format: 'binary' } } },
} as const;

export async function reachRoutes(app: ServiceApp, { ctx }: { ctx: PollsContext }): Promise<void> {
  const cards = new PollCards();
  // An edited poll's card is drawn again at once, on every replica (its text changed, not only its counts).
  const edits = ctx.bus.listen(events.polls.pollEdited, ({ pollId }) => cards.forgetPoll(pollId));
  app.addHook('onClose', async () => edits.unsubscribe());

  app.get(
    '/api/polls/:id/preview',
    {
      schema: {
        summary:
          'Anketin ziyaretçiye görünen hâli: visible (başlık, seçenekler, sayılar); ziyaretçinin göremediği ya da olmayan bir anket için aynı 404',
        params: { $ref: 'meydan/poll-id-params' },
        response: { 200: { $ref: 'meydan/nats-poll-preview-reply' } },
      },
    },
    async (request, reply) => {
      const preview = await visitorPreview(ctx, request.params.id);
      reply.header('cache-control', SAME_FOR_EVERY_VISITOR);
      return preview;
    },
  );
  app.get(
    '/api/oembed',
    {
      schema: {
        summary:
          'oEmbed (rich): bir anket sayfasının (/anket/{id}, /s/{kod}) yerleştirilecek iframe kodu; başka adres ya da görünmeyen anket 404',
        querystring: { $ref: 'meydan/oembed-query' },
        response: { 200: { $ref: 'meydan/oembed' } },
      },
    },
    async (request, reply) => {
      const answer = await oembedOf(ctx, request.query);
      reply.header('cache-control', SAME_FOR_EVERY_VISITOR);
      return answer;
    },
  );

  cardRoutes(app, ctx, cards);
}

/** A poll's card image, immutable for a short while; a poll the visitor cannot see is the same 404 as none. */
async function sendPng(reply: FastifyReply, png: Buffer | null) {
  if (!png) throw pollNotFound();
  return reply
    .type('image/png')
    .header('cache-control', `public, max-age=${CARD_FRESH_MS / 1000}`)
    .send(png);
}

/** The link-preview images (og:image), by id for public polls and by share code for share-link polls. */
function cardRoutes(app: ServiceApp, ctx: PollsContext, cards: PollCards): void {
  app.get(
    '/api/polls/:id/card.png',
    {
      schema: {
        summary: 'Anketin bağlantı önizleme görseli (1200×630 PNG, ziyaretçinin gördüğü kadarıyla)',
        params: { $ref: 'meydan/poll-id-params' },
        response: { 200: pngResponse },
      },
    },
    async (request, reply) => sendPng(reply, await cards.png(ctx, { pollId: request.params.id })),
  );

  app.get(
    '/api/s/:shortUrl/card.png',
    {
      schema: {
        summary: 'Paylaşım bağlantısındaki anketin önizleme görseli (1200×630 PNG)',
        params: { $ref: 'meydan/share-code-params' },
        response: { 200: pngResponse },
      },
    },
    async (request, reply) => sendPng(reply, await cards.png(ctx, { shortUrl: request.params.shortUrl })),
  );
}
