/**
 * Texts held for review (issue 40, the word filter's `hold`): a poll or comment whose text matches only holding
 * entries is kept but shown to nobody but its author; a display name or bio is kept pending while the old one stays
 * public. Moderators see them in the moderation queue and approve (published) or remove them. The queue asks polls
 * (`polls.held.list`) and auth (`auth.held.list`) for what they hold and tells them the decision (`*.held.decide`).
 */
import type { FromSchema } from 'json-schema-to-ts';
import { countField, dateTimeField, idField } from '../common.js';

/** What can be held: a poll (title, options, description), a comment, or a member's display name and bio. */
export const heldKinds = ['poll', 'comment', 'profile'] as const;
export type HeldKind = (typeof heldKinds)[number];

/** What a moderator does with a held item. */
export const heldDecisions = ['approve', 'remove'] as const;
export type HeldDecision = (typeof heldDecisions)[number];

/** Texts of the hold: the author's notices and the moderators' answers. */
export const heldTexts = {
  /** On a held poll or comment, to its author. */
  notice: 'İncelemede: bir moderatör onaylayınca herkes görecek.',
  /** In settings, on a display name or bio waiting for review. */
  profileNotice: 'İncelemede: bir moderatör onaylayınca profilinde görünecek. O zamana kadar eski hâli görünür.',
  /** A held poll or comment others try to vote, like or comment on. */
  notYet: 'Bu içerik incelemede; onaylanınca herkes görebilecek.',
  approved: 'Onaylandı: artık herkes görüyor',
  removed: 'Kaldırıldı',
  notFound: 'İncelemede bekleyen böyle bir içerik yok',
  kind: "Tür 'poll', 'comment' ya da 'profile' olmalıdır",
} as const;

const heldFields = {
  kind: { type: 'string', enum: heldKinds },
  /** The poll's, comment's or member's id. */
  id: idField,
  authorId: idField,
  /** The held text: a poll's title, a comment's text, a display name and bio. */
  preview: { type: 'string' },
  /** The app's path to it (a poll's page, the comment's poll, the member's profile), or null. */
  link: { type: ['string', 'null'] },
  createdAt: dateTimeField,
} as const;

/** One held item as polls and auth answer it (`polls.held.list`, `auth.held.list`). */
const heldEntry = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'id', 'authorId', 'preview', 'link', 'createdAt'],
  properties: heldFields,
} as const;

/** `polls.held.list` / `auth.held.list` reply: the oldest held items (at most 100). */
export const heldListReplySchema = {
  $id: 'meydan/nats-held-list-reply',
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: { items: { type: 'array', items: heldEntry } },
} as const;
export type HeldListReply = FromSchema<typeof heldListReplySchema>;

/** `polls.held.decide` / `auth.held.decide`: a moderator's decision on one held item. */
export const heldDecideRequestSchema = {
  $id: 'meydan/nats-held-decide-request',
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'id', 'decision', 'by'],
  properties: {
    kind: { type: 'string', enum: heldKinds },
    id: idField,
    decision: { type: 'string', enum: heldDecisions },
    by: idField,
  },
} as const;
export type HeldDecideRequest = FromSchema<typeof heldDecideRequestSchema>;

/** `*.held.decide` reply: whether the item was held (false: already decided, or never held). */
export const heldDecideReplySchema = {
  $id: 'meydan/nats-held-decide-reply',
  type: 'object',
  additionalProperties: false,
  required: ['found'],
  properties: { found: { type: 'boolean' } },
} as const;
export type HeldDecideReply = FromSchema<typeof heldDecideReplySchema>;

/** One held item in the moderation queue, with how long it has waited. */
export const heldQueueItemShape = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'id', 'authorId', 'preview', 'link', 'createdAt', 'waitingSeconds'],
  properties: { ...heldFields, waitingSeconds: countField },
} as const;

/** `{kind, id}` of POST /api/admin/held/{kind}/{id}/approve and /remove. */
export const heldParamsSchema = {
  $id: 'meydan/admin-held-params',
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'id'],
  properties: {
    kind: { type: 'string', enum: heldKinds, errorMessage: heldTexts.kind },
    id: { type: 'string', minLength: 1, maxLength: 64 },
  },
} as const;
export type HeldParams = FromSchema<typeof heldParamsSchema>;
