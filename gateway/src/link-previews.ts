/**
 * Link previews: a crawler (WhatsApp, X, Telegram…) runs no JavaScript, so the SPA shell of a poll's page — /anket/{id}
 * and /s/{code} — carries the poll's own og: and twitter: tags, as a visitor may see it (polls' `polls.preview`
 * decides). A poll a visitor may not open is answered as one that does not exist: the plain shell with 404, so a page
 * tells no one that a members' or friends' poll is there (the SPA still shows it to a member who may see it).
 */
import {
  events,
  matchClientRoute,
  subjects,
  type EmbedRoute,
  type PollPreviewReply,
  type PollPreviewRequest,
  reachMessages,
} from '@meydan/proto';
import type { Bus, Logger } from '@meydan/kit';
import { TtlCache } from '@meydan/kit';

export const previewTexts = {
  site: 'Meydan',
  siteDescription: 'Meydan: soru sor, oy ver, Türkiye ne düşünüyor gör.',
  votes: (n: number) => `${n} oy`,
} as const;

export interface PreviewTags {
  title: string;
  description: string;
  url: string;
  /** The card image (1200×630 PNG); null for the generic preview. */
  image: string | null;
}

/** What the gateway answers a poll page with: its status and the tags of its shell (none: the plain shell). */
export interface PollPageAnswer {
  status: 200 | 404;
  tags: PreviewTags | null;
}

/** Text as it may stand in HTML, in an element or a quoted attribute. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const clip = (text: string, max: number) =>
  [...text].length <= max
    ? text
    : `${[...text]
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;

/** The head tags of a preview, every value escaped. */
export function previewHead(tags: PreviewTags): string {
  const meta = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(`${tags.title} · ${previewTexts.site}`)}</title>`,
    meta('name', 'description', tags.description),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', previewTexts.site),
    meta('property', 'og:locale', 'tr_TR'),
    meta('property', 'og:title', tags.title),
    meta('property', 'og:description', tags.description),
    meta('property', 'og:url', tags.url),
    ...(tags.image
      ? [
          meta('property', 'og:image', tags.image),
          meta('property', 'og:image:type', 'image/png'),
          meta('property', 'og:image:width', '1200'),
          meta('property', 'og:image:height', '630'),
          meta('property', 'og:image:alt', tags.title),
        ]
      : []),
    meta('name', 'twitter:card', tags.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', tags.title),
    meta('name', 'twitter:description', tags.description),
    ...(tags.image ? [meta('name', 'twitter:image', tags.image)] : []),
  ].join('\n    ');
}

/**
 * The shell with the preview's tags in its head, in place of its own title and description. The tags are put in by
 * replacer functions, never as a replacement string: there a member's `$\``, `$'` or `$&` in a title would copy parts of
 * the page (its scripts included) into the tags.
 */
export function shellWithPreview(shell: string, tags: PreviewTags): string {
  const head = previewHead(tags);
  const plain = shell.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta name="description"[^>]*>\s*/i, '');
  if (/<\/head>/i.test(plain)) return plain.replace(/<\/head>/i, () => `  ${head}\n  </head>`);
  return plain.replace(/(<html[^>]*>)/i, (html: string) => `${html}<head>${head}</head>`);
}

/** The tags of what polls said of the poll at `path` (its page's canonical address). */
export function previewTagsOf(reply: PollPreviewReply, origin: string, path: string): PreviewTags {
  const url = `${origin}${path}`;
  const poll = reply.poll;
  if (reply.status !== 'visible' || !poll)
    return { title: previewTexts.site, description: previewTexts.siteDescription, url, image: null };
  const options = poll.options.map((o) => o.text).join(' · ');
  // A scheduled poll not open yet says when it opens ('Yakında · oylama … açılacak'), with or without a description.
  const about = poll.startsAt
    ? `${poll.description ? `${poll.description} — ` : ''}${options} — ${reachMessages.upcoming(poll.startsAt)}`
    : poll.description
      ? `${poll.description} — ${options}`
      : `${options} — ${previewTexts.votes(poll.totalVotes)}`;
  const description = clip(about, 200);
  const image = poll.shortUrl
    ? `${origin}/api/s/${encodeURIComponent(poll.shortUrl)}/card.png`
    : `${origin}/api/polls/${encodeURIComponent(poll.id)}/card.png`;
  return { title: clip(poll.title, 120), description, url, image };
}

/**
 * Asks polls what a poll page may show (kept a few seconds per page, dropped at once when the poll's text is edited:
 * `events.polls.poll.edited`), and says how to answer it.
 */
export class LinkPreviews {
  private readonly replies = new TtlCache<PollPreviewReply>(3_000, 5_000);

  constructor(
    private readonly bus: Bus,
    private readonly log: Logger,
    private readonly origin: string,
    private readonly timeoutMs = 1_000,
  ) {
    bus.listen(events.polls.pollEdited, ({ pollId }) => this.replies.deleteWhere((reply) => reply.poll?.id === pollId));
  }

  /** The answer for a poll page's path, or null when the path is no poll page (or polls did not answer: the plain shell). */
  async answer(path: string, requestId: string): Promise<PollPageAnswer | null> {
    const match = matchClientRoute(path);
    let request: PollPreviewRequest;
    if (match?.route === '/anket/:id') request = { pollId: match.params['id']! };
    else if (match?.route === '/s/:shortUrl') request = { shortUrl: match.params['shortUrl']! };
    else return null;
    const reply = await this.previewOf(request, requestId);
    if (reply === undefined) return null;
    if (reply.status !== 'visible') return { status: 404, tags: null };
    const canonical =
      'pollId' in request
        ? `/anket/${encodeURIComponent(request.pollId!)}`
        : `/s/${encodeURIComponent(request.shortUrl!)}`;
    return { status: 200, tags: previewTagsOf(reply, this.origin, canonical) };
  }

  /** An embed's status: 200 when a visitor may see its poll (a public poll by id, a share-link poll by code), else 404. */
  async embedStatus(
    match: { route: EmbedRoute; params: Record<string, string> },
    requestId: string,
  ): Promise<200 | 404> {
    const request: PollPreviewRequest =
      match.route === '/embed/:code' ? { shortUrl: match.params['code']! } : { pollId: match.params['id']! };
    const reply = await this.previewOf(request, requestId);
    return reply === undefined || reply.status === 'visible' ? 200 : 404;
  }

  /** What polls says of a poll (kept a few seconds); undefined when polls did not answer. */
  private async previewOf(request: PollPreviewRequest, requestId: string): Promise<PollPreviewReply | undefined> {
    // A parameter polls' contract refuses (over 64 characters) names no poll.
    if ([...Object.values(request)[0]!].length > 64) return { status: 'missing' };
    const key = JSON.stringify(request);
    const kept = this.replies.get(key);
    if (kept) return kept;
    try {
      const reply = await this.bus.request(subjects.polls.preview, request, { requestId }, this.timeoutMs);
      this.replies.set(key, reply);
      return reply;
    } catch (err) {
      this.log.warn({ err, request }, 'poll preview unavailable: plain shell');
      return undefined;
    }
  }
}
