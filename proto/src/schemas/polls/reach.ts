/**
 * Reach: what a link preview (the gateway's og: tags) may learn of a poll, and the path parameters of the poll's
 * card image.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { countField, idField, pollKinds, resultsVisibilities } from '../common.js';
import { creatorSummarySchema, optionImagesField, pollRunoffShape, pollSchema } from './entities.js';

const { $id: _pollId, ...pollItem } = pollSchema;
const { $id: _creatorId, ...creatorItem } = creatorSummarySchema;

/** `polls.preview` request: a poll by id (its /anket/{id} page) or by share code (its /s/{code} page). */
export const pollPreviewRequestSchema = {
  $id: 'meydan/nats-poll-preview-request',
  type: 'object',
  additionalProperties: false,
  properties: {
    pollId: { type: 'string', minLength: 1, maxLength: 64 },
    shortUrl: { type: 'string', minLength: 1, maxLength: 64 },
  },
  oneOf: [{ required: ['pollId'] }, { required: ['shortUrl'] }],
} as const;
export type PollPreviewRequest = FromSchema<typeof pollPreviewRequestSchema>;

/**
 * `polls.preview` reply, as a visitor may see the poll. `missing`: no such poll (or a share-link poll asked by id);
 * `members`: a members-only poll (exists, nothing more is said); `circle`: a friends poll; `visible`: the poll's
 * title, description, options and the counts the API shows a visitor (none where its results visibility hides them).
 */
export const pollPreviewReplySchema = {
  $id: 'meydan/nats-poll-preview-reply',
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: {
    status: { type: 'string', enum: ['missing', 'members', 'circle', 'visible'] },
    poll: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'title', 'description', 'shortUrl', 'options', 'totalVotes'],
      properties: {
        id: idField,
        title: { type: 'string' },
        description: { type: ['string', 'null'] },
        shortUrl: { type: ['string', 'null'] },
        options: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['text', 'votes'],
            properties: { text: { type: 'string' }, votes: countField },
          },
        },
        totalVotes: countField,
        /** false: the poll's results visibility hides the counts from a visitor (every option's votes are 0). */
        resultsVisible: { type: 'boolean' },
        resultsVisibility: { type: 'string', enum: resultsVisibilities },
        expiresAt: { type: ['string', 'null'], format: 'date-time' },
        /** 'quiz' on a quiz; its correct options only where a visitor may see it (once it ended). */
        kind: { type: 'string', enum: pollKinds },
        correctOptionIndexes: { type: 'array', items: { type: 'integer', minimum: 0 } },
        /** A ranked poll's instant runoff, only where a visitor sees its counts (with `resultsVisible`). */
        runoff: pollRunoffShape,
        /** Its options' images, as every poll answer has them (the card draws them beside their options). */
        optionImages: optionImagesField,
        /** A scheduled poll's opening, while it is still ahead ('Yakında': no votes, no counts yet). */
        startsAt: { type: 'string', format: 'date-time' },
      },
    },
  },
} as const;
export type PollPreviewReply = FromSchema<typeof pollPreviewReplySchema>;

/** The reach routes' Turkish texts. */
export const reachMessages = {
  oembedJsonOnly: 'Yalnızca JSON biçimi destekleniyor (format=json).',
  oembedUrlInvalid: 'url, bir Meydan anketinin adresi olmalı.',
  embedTitle: (title: string) => `Meydan anketi: ${title}`,
  /** A scheduled poll before its opening, on its link preview card and its oEmbed title. */
  upcoming: (startsAt: string) => `Yakında · oylama ${openingTime(startsAt)} tarihinde açılacak`,
} as const;

const openingFormat = new Intl.DateTimeFormat('tr-TR', {
  timeZone: 'Europe/Istanbul',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** When a scheduled poll opens, as a Turkish reader in Türkiye reads it: '1 Aralık 2026 14:05'. */
export const openingTime = (startsAt: string): string => openingFormat.format(new Date(startsAt));

/** GET /api/oembed: the address of a poll page (/anket/{id}, /s/{code} or their embeds) on this site. */
export const oembedQuerySchema = {
  $id: 'meydan/oembed-query',
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: {
    url: { type: 'string', minLength: 1, maxLength: 2000, errorMessage: reachMessages.oembedUrlInvalid },
    format: { type: 'string', enum: ['json', 'xml'], default: 'json' },
    maxwidth: { type: 'integer', minimum: 1, maximum: 10000 },
    maxheight: { type: 'integer', minimum: 1, maximum: 10000 },
  },
} as const;
export type OembedQuery = FromSchema<typeof oembedQuerySchema>;

/** GET /api/oembed answer (oEmbed 1.0, type rich): an iframe of the poll's embed. */
export const oembedSchema = {
  $id: 'meydan/oembed',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'type', 'provider_name', 'provider_url', 'title', 'html', 'width', 'height'],
  properties: {
    version: { type: 'string', const: '1.0' },
    type: { type: 'string', const: 'rich' },
    provider_name: { type: 'string' },
    provider_url: { type: 'string' },
    title: { type: 'string' },
    html: { type: 'string' },
    width: { type: 'integer' },
    height: { type: 'integer' },
    thumbnail_url: { type: 'string' },
    thumbnail_width: { type: 'integer' },
    thumbnail_height: { type: 'integer' },
  },
} as const;
export type Oembed = FromSchema<typeof oembedSchema>;

export const searchMessages = {
  tooLong: 'Arama en fazla 100 karakter olabilir.',
  noWord: 'Aramak için en az bir harf ya da rakam yaz.',
  tagInvalid: 'Etiket yalnızca harf, rakam ve _ içerebilir (2–50 karakter).',
} as const;

/** What is wrong with a search query, in Turkish (over 100 characters, or no letter or digit), or null. */
export function searchQueryProblem(query: string): string | null {
  const trimmed = query.trim();
  if ([...trimmed].length > 100) return searchMessages.tooLong;
  if (!/[\p{L}\p{N}]/u.test(trimmed)) return searchMessages.noWord;
  return null;
}

/** GET /api/search: polls (title, description, options) or members (username, display name), Turkish-aware. */
export const searchQuerySchema = {
  $id: 'meydan/search-query',
  type: 'object',
  additionalProperties: false,
  required: ['q'],
  properties: {
    q: { type: 'string', maxLength: 1000 },
    type: { type: 'string', enum: ['polls', 'users'], default: 'polls' },
    page: { type: 'integer', minimum: 1, maximum: 100, default: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
  },
} as const;
export type SearchQuery = FromSchema<typeof searchQuerySchema>;

/** GET /api/search answer: one page of what the reader may see, best match first. */
export const searchResultSchema = {
  $id: 'meydan/search-result',
  type: 'object',
  additionalProperties: false,
  required: ['type', 'query', 'page', 'totalCount', 'hasMore', 'polls', 'users'],
  properties: {
    type: { type: 'string', enum: ['polls', 'users'] },
    query: { type: 'string' },
    page: countField,
    totalCount: countField,
    hasMore: { type: 'boolean' },
    polls: { type: 'array', items: pollItem },
    users: { type: 'array', items: creatorItem },
  },
} as const;
export type SearchResult = FromSchema<typeof searchResultSchema>;

/** GET /api/tags/trending: the hashtags of the last 24 hours' public polls, most used first. */
export const trendingTagsSchema = {
  $id: 'meydan/trending-tags',
  type: 'object',
  additionalProperties: false,
  required: ['tags'],
  properties: {
    tags: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['tag', 'count'],
        properties: { tag: { type: 'string' }, count: countField },
      },
    },
  },
} as const;
export type TrendingTags = FromSchema<typeof trendingTagsSchema>;

/** GET /api/tags/{tag}/polls path. */
export const tagParamsSchema = {
  $id: 'meydan/tag-params',
  type: 'object',
  additionalProperties: false,
  required: ['tag'],
  properties: { tag: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;
export type TagParams = FromSchema<typeof tagParamsSchema>;
