/**
 * What a visitor may know of a poll by id (its /anket page asks a visitor to sign in for a members' poll) and the poll's
 * card image for link previews (og:image), by id for public polls and by share code for share-link polls.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { events, matchClientRoute, matchEmbedRoute, reachMessages, type OembedQuery, type PollIdParams, type PollPreviewRequest, type ShareCodeParams } from '@meydan/proto';
import { HttpError } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { CARD_FRESH_MS, PollCards, pollPreview } from '../store/previews.js';
import { SAME_FOR_EVERY_VISITOR, pollNotFound } from './common.js';

/** The iframe an oEmbed consumer places: at most this size (the embed fits narrower frames too). */
const EMBED_WIDTH = 480;
const EMBED_HEIGHT = 420;

const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The poll a URL of this site names (its page, its share link or their embeds), or null for anything else. */
export function pollOfUrl(url: string, origin: string): PollPreviewRequest | null {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return null;
  }
  if (target.origin !== new URL(origin).origin) return null;
  const page = matchClientRoute(target.pathname);
  if (page?.route === '/anket/:id') return { pollId: page.params['id']! };
  if (page?.route === '/s/:shortUrl') return { shortUrl: page.params['shortUrl']! };
  const embed = matchEmbedRoute(target.pathname);
  if (embed?.route === '/embed/anket/:id') return { pollId: embed.params['id']! };
  if (embed?.route === '/embed/:code') return { shortUrl: embed.params['code']! };
  return null;
}

const pngResponse = { description: '1200×630 PNG', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } } as const;

export async function reachRoutes(app: FastifyInstance, { ctx }: { ctx: PollsContext }): Promise<void> {
  const cards = new PollCards();
  // An edited poll's card is drawn again at once, on every replica (its text changed, not only its counts).
  const edits = ctx.bus.listen(events.polls.pollEdited, ({ pollId }) => cards.forgetPoll(pollId));
  app.addHook('onClose', async () => edits.unsubscribe());

  app.get<{ Params: PollIdParams }>(
    '/api/polls/:id/preview',
    {
      schema: {
        summary: 'Anketin ziyaretçiye görünen hâli: visible (başlık, seçenekler, sayılar); ziyaretçinin göremediği ya da olmayan bir anket için aynı 404',
        params: { $ref: 'meydan/poll-id-params' },
        response: { 200: { $ref: 'meydan/nats-poll-preview-reply' } },
      },
    },
    async (request, reply) => {
      const preview = await pollPreview(ctx, { pollId: request.params.id });
      // A members' or friends' poll is answered as one that does not exist: a visitor learns nothing of it, not even
      // that it is there (GET /api/polls/{id} says 404 for it too).
      if (preview.status !== 'visible') throw pollNotFound();
      reply.header('cache-control', SAME_FOR_EVERY_VISITOR);
      return preview;
    },
  );
  const send = async (reply: FastifyReply, png: Buffer | null) => {
    if (!png) throw pollNotFound();
    return reply
      .type('image/png')
      .header('cache-control', `public, max-age=${CARD_FRESH_MS / 1000}`)
      .send(png);
  };

  app.get<{ Querystring: OembedQuery }>(
    '/api/oembed',
    {
      schema: {
        summary: 'oEmbed (rich): bir anket sayfasının (/anket/{id}, /s/{kod}) yerleştirilecek iframe kodu; başka adres ya da görünmeyen anket 404',
        querystring: { $ref: 'meydan/oembed-query' },
        response: { 200: { $ref: 'meydan/oembed' } },
      },
    },
    async (request, reply) => {
      const origin = ctx.config.PUBLIC_ORIGIN!.replace(/\/+$/, '');
      const poll = pollOfUrl(request.query.url, origin);
      const preview = poll ? await pollPreview(ctx, poll) : null;
      if (!poll || preview?.status !== 'visible' || !preview.poll) throw pollNotFound();
      if (request.query.format === 'xml') throw new HttpError(501, 'not_implemented', reachMessages.oembedJsonOnly);
      const width = Math.min(EMBED_WIDTH, request.query.maxwidth ?? EMBED_WIDTH);
      const height = Math.min(EMBED_HEIGHT, request.query.maxheight ?? EMBED_HEIGHT);
      const src = poll.shortUrl !== undefined ? `${origin}/embed/${encodeURIComponent(poll.shortUrl)}` : `${origin}/embed/anket/${encodeURIComponent(poll.pollId!)}`;
      const card = poll.shortUrl !== undefined ? `${origin}/api/s/${encodeURIComponent(poll.shortUrl)}/card.png` : `${origin}/api/polls/${encodeURIComponent(poll.pollId!)}/card.png`;
      reply.header('cache-control', SAME_FOR_EVERY_VISITOR);
      return {
        version: '1.0' as const,
        type: 'rich' as const,
        provider_name: 'Meydan',
        provider_url: origin,
        title: preview.poll.title,
        html: `<iframe src="${escapeAttribute(src)}" width="${width}" height="${height}" style="border:0;max-width:100%" title="${escapeAttribute(reachMessages.embedTitle(preview.poll.title))}" loading="lazy"></iframe>`,
        width,
        height,
        thumbnail_url: card,
        thumbnail_width: 1200,
        thumbnail_height: 630,
      };
    },
  );

  app.get<{ Params: PollIdParams }>(
    '/api/polls/:id/card.png',
    { schema: { summary: 'Anketin bağlantı önizleme görseli (1200×630 PNG, ziyaretçinin gördüğü kadarıyla)', params: { $ref: 'meydan/poll-id-params' }, response: { 200: pngResponse } } },
    async (request, reply) => send(reply, await cards.png(ctx, { pollId: request.params.id })),
  );

  app.get<{ Params: ShareCodeParams }>(
    '/api/s/:shortUrl/card.png',
    { schema: { summary: 'Paylaşım bağlantısındaki anketin önizleme görseli (1200×630 PNG)', params: { $ref: 'meydan/share-code-params' }, response: { 200: pngResponse } } },
    async (request, reply) => send(reply, await cards.png(ctx, { shortUrl: request.params.shortUrl })),
  );
}
