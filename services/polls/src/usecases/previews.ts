/**
 * What a link preview may show of a poll — always a visitor's view — and the poll's card image (PNG), rendered at most
 * once per CARD_FRESH_MS per poll however many crawlers ask while votes come in.
 */
import {
  defaultResultsVisibility,
  matchClientRoute,
  matchEmbedRoute,
  reachMessages,
  resultsHiddenMessage,
  type Oembed,
  type OembedQuery,
  type PollPreviewReply,
  type PollPreviewRequest,
} from '@meydan/proto';
import { HttpError } from '@meydan/kit';
import type { BannedCreators } from '../store/banned-creators.js';
import type { PollStore } from '../store/polls.js';
import { pollById } from '../store/poll-records.js';
import { cardImageSlots, pollCardSvg } from '../domain/poll-card.js';
import type { Models } from '../model/index.js';
import { withThumbnails } from './option-images.js';
import { presentPoll, type Presenting } from './present.js';
import { pollNotFound } from './visibility.js';
import { anyVisitor } from '../domain/visibility.js';

type Previews = Presenting & { models: Models; polls: PollStore; banned: BannedCreators; held: BannedCreators };

/** A card is drawn again at most this often: a poll under a stream of votes costs one render per interval. */
export const CARD_FRESH_MS = 5_000;
const MAX_CARDS = 500;

/** The poll as a visitor finds it: by id (never a share-link poll) or by share code (only a share-link poll). */
export async function pollPreview(ctx: Previews, request: PollPreviewRequest): Promise<PollPreviewReply> {
  const byCode = request.shortUrl !== undefined;
  const pollId = byCode ? await ctx.polls.idOfCode(request.shortUrl!) : request.pollId!;
  const meta = pollId ? await ctx.polls.meta(pollId) : null;
  // A poll held for review by the word filter is missing to a visitor until a moderator approves it.
  if (!meta || meta.isShareable !== byCode || (await ctx.banned.has(meta.creatorId)) || (await ctx.held.has(meta.id)))
    return { status: 'missing' };
  if (meta.type === 'private') return { status: 'members' };
  if (meta.type === 'friends') return { status: 'circle' };
  const doc = await pollById(ctx, meta.id);
  if (!doc) return { status: 'missing' };
  const poll = await presentPoll(ctx, doc, anyVisitor);
  return {
    status: 'visible',
    poll: {
      id: poll.id,
      title: poll.title,
      description: poll.description,
      shortUrl: poll.shortUrl,
      options: poll.options.map((o) => ({ text: o.text, votes: o.votes })),
      totalVotes: poll.totalVotes,
      resultsVisible: poll.resultsVisible ?? true,
      resultsVisibility: poll.resultsVisibility ?? defaultResultsVisibility,
      expiresAt: poll.expiresAt,
      ...(poll.kind ? { kind: poll.kind } : {}),
      ...(poll.correctOptionIndexes ? { correctOptionIndexes: poll.correctOptionIndexes } : {}),
      ...(poll.runoff ? { runoff: poll.runoff } : {}),
      ...(poll.optionImages ? { optionImages: poll.optionImages } : {}),
      ...(poll.startsAt && Date.parse(poll.startsAt) > Date.now() ? { startsAt: poll.startsAt } : {}),
    },
  };
}

/**
 * What a visitor may know of a poll by id: its title, options and counts. A members' or friends' poll is answered as one
 * that does not exist: a visitor learns nothing of it, not even that it is there (GET /api/polls/{id} says 404 too).
 */
export async function visitorPreview(ctx: Previews, pollId: string): Promise<PollPreviewReply> {
  const preview = await pollPreview(ctx, { pollId });
  if (preview.status !== 'visible') throw pollNotFound();
  return preview;
}

/** The iframe an oEmbed consumer places: at most this size (the embed fits narrower frames too). */
const EMBED_WIDTH = 480;
const EMBED_HEIGHT = 420;

const escapeAttribute = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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

/** The oEmbed (rich) answer for a poll page's URL of this site: the iframe of its embed; 404 for anything else. */
export async function oembedOf(
  ctx: Previews & { config: { PUBLIC_ORIGIN?: string } },
  query: OembedQuery,
): Promise<Oembed> {
  const origin = ctx.config.PUBLIC_ORIGIN!.replace(/\/+$/, '');
  const poll = pollOfUrl(query.url, origin);
  const preview = poll ? await pollPreview(ctx, poll) : null;
  if (!poll || preview?.status !== 'visible' || !preview.poll) throw pollNotFound();
  if (query.format === 'xml') throw new HttpError(501, 'not_implemented', reachMessages.oembedJsonOnly);
  const width = Math.min(EMBED_WIDTH, query.maxwidth ?? EMBED_WIDTH);
  const height = Math.min(EMBED_HEIGHT, query.maxheight ?? EMBED_HEIGHT);
  const src =
    poll.shortUrl !== undefined
      ? `${origin}/embed/${encodeURIComponent(poll.shortUrl)}`
      : `${origin}/embed/anket/${encodeURIComponent(poll.pollId!)}`;
  const card =
    poll.shortUrl !== undefined
      ? `${origin}/api/s/${encodeURIComponent(poll.shortUrl)}/card.png`
      : `${origin}/api/polls/${encodeURIComponent(poll.pollId!)}/card.png`;
  return {
    version: '1.0' as const,
    type: 'rich' as const,
    provider_name: 'Meydan',
    provider_url: origin,
    // A scheduled poll not open yet says so, with its opening, where the consumer writes the link's title.
    title: preview.poll.startsAt
      ? `${preview.poll.title} (${reachMessages.upcoming(preview.poll.startsAt)})`
      : preview.poll.title,
    html: `<iframe src="${escapeAttribute(src)}" width="${width}" height="${height}" style="border:0;max-width:100%" title="${escapeAttribute(reachMessages.embedTitle(preview.poll.title))}" loading="lazy"></iframe>`,
    width,
    height,
    thumbnail_url: card,
    thumbnail_width: 1200,
    thumbnail_height: 630,
  };
}

type Sharp = typeof import('sharp').default;
let sharpModule: Promise<Sharp> | null = null;
/** sharp (libvips, ~30 MB) is loaded with the first card, not at start: most processes never draw one. */
const loadSharp = () => (sharpModule ??= import('sharp').then((m) => m.default));
/** A card's SVG drawn as a PNG (50–90 ms of CPU each). */
const renderPng = (svg: string) =>
  loadSharp().then((sharp) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer());

export interface CardLimits {
  /** Renders running at once in this process, whatever polls they are of. */
  atOnce: number;
  /** Renders waiting for one of those; past them a card with none kept is answered 503 (retry-after). */
  waiting: number;
  /** Draws a card's SVG as a PNG (tests pass their own). */
  render: (svg: string) => Promise<Buffer>;
}

/** Two renders at once keep a crawler flood (or cards of many polls asked for on purpose) to a bounded share of CPU. */
export const DEFAULT_CARD_LIMITS: CardLimits = { atOnce: 2, waiting: 16, render: renderPng };

/**
 * Rendered cards by poll, each kept CARD_FRESH_MS; one render at a time per poll, and at most `atOnce` in the process
 * (with `waiting` more queued). When every slot is taken, a poll's last card is sent however old it is; with none
 * kept, 503 with retry-after, before any CPU is spent.
 */
export class PollCards {
  private readonly cards = new Map<string, { at: number; pollId: string; png: Promise<Buffer> }>();
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly limits: CardLimits = DEFAULT_CARD_LIMITS) {}

  /** The card PNG of a poll a visitor may see, or null when the visitor may not see it (or it does not exist). */
  async png(ctx: Previews, request: PollPreviewRequest): Promise<Buffer | null> {
    const key = request.shortUrl !== undefined ? `s:${request.shortUrl}` : `p:${request.pollId}`;
    const now = Date.now();
    const kept = this.cards.get(key);
    if (kept && now - kept.at < CARD_FRESH_MS) return kept.png;
    const preview = await pollPreview(ctx, request);
    if (preview.status !== 'visible' || !preview.poll) return null;
    const slot = this.slot();
    if (!slot) {
      if (kept) return kept.png;
      throw new HttpError(503, 'service_unavailable', undefined, { 'retry-after': '2' });
    }
    // Bars only where a visitor is shown counts (the poll's results visibility may hide them until it ends); a
    // scheduled poll before its opening has none to show, and says when it opens.
    const { startsAt } = preview.poll;
    const shown = preview.poll.resultsVisible !== false && !startsAt;
    const svg = pollCardSvg(
      preview.poll,
      shown,
      startsAt
        ? reachMessages.upcoming(startsAt)
        : shown
          ? null
          : resultsHiddenMessage({ ...preview.poll, expiresAt: preview.poll.expiresAt ?? null }),
    );
    const thumbnails = cardImageSlots(preview.poll, shown);
    const png = slot
      .then(() => this.limits.render(svg))
      .then((drawn) => (thumbnails.length > 0 ? withThumbnails(ctx, drawn, thumbnails) : drawn))
      .finally(() => this.release());
    if (this.cards.size >= MAX_CARDS) this.cards.delete(this.cards.keys().next().value!);
    this.cards.set(key, { at: now, pollId: preview.poll.id, png });
    png.catch(() => this.cards.delete(key));
    return png;
  }

  /** The poll's text changed: its cards (by id and by share code) are drawn again. */
  forgetPoll(pollId: string): void {
    for (const [key, card] of this.cards) if (card.pollId === pollId) this.cards.delete(key);
  }

  /** A render slot: now, or once one is handed over; null when the queue is full too. */
  private slot(): Promise<void> | null {
    if (this.running < this.limits.atOnce) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.queue.length >= this.limits.waiting) return null;
    return new Promise((resolve) => this.queue.push(resolve));
  }

  /** A finished render hands its slot to the first waiting one, or frees it. */
  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running -= 1;
  }
}
