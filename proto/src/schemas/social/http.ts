/**
 * Social graph contracts: the follow routes' params, query and answers (the rows themselves are `meydan/user-list-item`
 * and the follow state `meydan/follow-state`, in users/entities.ts). Its NATS payloads and events are in nats.ts and
 * events.ts.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { dateTimeField, idField } from '../common.js';
import { creatorSummaryShape } from '../polls/entities.js';

/** Turkish texts of the follow feature; the spec's own toast texts where it gives one. */
export const socialMessages = {
  followed: 'Takip edildi!',
  unfollowed: 'Takip bırakıldı',
  loginRequired: 'Takip etmek için giriş yapmalısın.',
  selfFollow: 'Kendini takip edemezsin.',
  userNotFound: 'Kullanıcı bulunamadı',
  userId: 'Geçersiz kullanıcı kimliği',
  page: 'Sayfa numarası 1 ya da daha büyük bir tam sayı olmalıdır',
  limit: 'Sayfa boyutu 1 ile 100 arasında bir tam sayı olmalıdır',
  requested: 'Takip isteği gönderildi',
  requestCancelled: 'Takip isteği geri çekildi',
  requestAccepted: 'Takip isteği kabul edildi',
  requestDeclined: 'Takip isteği reddedildi',
  requestNotFound: 'Takip isteği bulunamadı',
  requestsLoginRequired: 'Takip isteklerini görmek için giriş yapmalısın.',
  privateProfile: 'Bu profil gizli. Listelerini yalnızca karşılıklı takipleştiği üyeler görebilir.',
  /** displayName of a row whose profile could not be read (auth unreachable, nothing cached). */
  unknownUser: 'Meydan üyesi',
  blocked: 'Üye engellendi. Artık seni takip edemez, anketlerini ve profilini göremez.',
  alreadyBlocked: 'Bu üyeyi zaten engellemiştin.',
  unblocked: 'Engel kaldırıldı',
  notBlocked: 'Bu üye engellediklerin arasında değil.',
  muted: 'Üye sessize alındı. Anketleri ve yorumları akışlarına ve bildirimlerine düşmeyecek.',
  alreadyMuted: 'Bu üyeyi zaten sessize almıştın.',
  unmuted: 'Sessizden çıkarıldı',
  notMuted: 'Bu üye sessize aldıkların arasında değil.',
  selfBlock: 'Kendini engelleyemezsin.',
  selfMute: 'Kendini sessize alamazsın.',
  blockLoginRequired: 'Engellemek ya da sessize almak için giriş yapmalısın.',
  /** A member following someone they blocked: the block goes first. */
  followBlocked: 'Engellediğin bir üyeyi takip edemezsin. Önce engeli kaldır.',
} as const;

const M = socialMessages;

/** Page size of the followers/following lists. */
export const followListPage = { defaultLimit: 20, maxLimit: 100 } as const;

/** `/api/users/{id}/...` path params of the social routes. */
export const socialUserParamsSchema = {
  $id: 'meydan/social-user-params',
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { ...idField, errorMessage: M.userId } },
  errorMessage: { required: { id: M.userId } },
} as const;
export type SocialUserParams = FromSchema<typeof socialUserParamsSchema>;

/** GET /api/users/{id}/followers and /following: `?page=1&limit=20` (1-based page). */
export const followListQuerySchema = {
  $id: 'meydan/follow-list-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1, errorMessage: M.page },
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: followListPage.maxLimit,
      default: followListPage.defaultLimit,
      errorMessage: M.limit,
    },
  },
} as const;
export type FollowListQuery = FromSchema<typeof followListQuerySchema>;

/**
 * The answer of the followers/following lists: an array of `meydan/user-list-item` rows, newest follow first. The
 * total is in the `x-total-count` header. (No `$id`: an array is not registered with the object schemas.)
 */
export const userListResponse = { type: 'array', items: { $ref: 'meydan/user-list-item#' } } as const;

/** `/api/follow-requests/{id}/accept|decline` path params. */
export const followRequestParamsSchema = {
  $id: 'meydan/follow-request-params',
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9a-fA-F]{24}$', errorMessage: M.requestNotFound } },
  errorMessage: { required: { id: M.requestNotFound } },
} as const;
export type FollowRequestParams = FromSchema<typeof followRequestParamsSchema>;

/** A pending follow request to the signed-in member (GET /api/users/me/follow-requests), newest first. */
export const followRequestSchema = {
  $id: 'meydan/follow-request',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'user', 'createdAt'],
  properties: {
    id: idField,
    user: creatorSummaryShape,
    createdAt: dateTimeField,
  },
} as const;
export type FollowRequestItem = FromSchema<typeof followRequestSchema>;

/** The list of pending requests (total in `x-total-count`). */
export const followRequestListResponse = { type: 'array', items: { $ref: 'meydan/follow-request#' } } as const;

/**
 * A member the signed-in member blocked or muted (GET /api/users/me/blocks and /mutes), newest first, with when. The
 * total is in `x-total-count`.
 */
export const hiddenMemberSchema = {
  $id: 'meydan/hidden-member',
  type: 'object',
  additionalProperties: false,
  required: ['user', 'since'],
  properties: { user: creatorSummaryShape, since: dateTimeField },
} as const;
export type HiddenMember = FromSchema<typeof hiddenMemberSchema>;

export const hiddenMemberListResponse = { type: 'array', items: { $ref: 'meydan/hidden-member#' } } as const;

/**
 * The answer to a block, unblock, mute or unmute: whether the member is now blocked (or muted) and a Turkish message.
 * Doing it twice changes nothing and answers 200 with the same state (`changed: false`).
 */
export const hideStateSchema = {
  $id: 'meydan/hide-state',
  type: 'object',
  additionalProperties: false,
  required: ['blocked', 'muted', 'changed', 'message'],
  properties: {
    blocked: { type: 'boolean' },
    muted: { type: 'boolean' },
    changed: { type: 'boolean' },
    message: { type: 'string' },
  },
} as const;
export type HideState = FromSchema<typeof hideStateSchema>;
