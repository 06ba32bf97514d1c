/** Poll contracts of the polls service's own routes: edit, lists, social actions, analysis. */
import type { FromSchema } from 'json-schema-to-ts';
import { pollCategorySlugs } from '../../categories.js';
import { limits } from '../../limits.js';
import { countField, idField } from '../common.js';
import { choicesField, commentSchema, creatorSummaryShape, pollShape, userVoteSchema } from './entities.js';
import { pollCreateSchema, pollMessages } from './requests.js';

/** Turkish texts of the polls service's own answers (not form validation). */
export const pollServiceMessages = {
  signInToCreate: 'Soru fırlatmak için giriş yapman lazım.',
  signInToAsk: 'Soru sormak için giriş yapmalısın.',
  signInToVote: 'Oy vermek için giriş yapmalısın.',
  signInToLike: 'Beğenmek için giriş yapmalısın.',
  signInToComment: 'Yorum yapmak için giriş yapmalısın.',
  signInToReport: 'Şikayet etmek için giriş yapmalısın.',
  signInForFriends: 'Dost Meclisi anketlerini görmek için giriş yapmalı ya da kayıt olmalısın.',
  signInForAnalysis: 'Grup Analizi için giriş yapmalısın.',
  signInForOwnPolls: 'Kendi anketlerini görmek için giriş yapmalısın.',
  signInToUpload: 'Görsel yüklemek için giriş yapmalısın.',
  optionImageType: 'Bu dosya bir görsel değil ya da desteklenmiyor. Lütfen JPG, PNG ya da WebP bir görsel seç.',
  optionImageTooLarge: `Görsel dosyası çok büyük: en fazla ${limits.poll.optionImageMaxBytes / 1024 / 1024} MB olabilir.`,
  optionImagePixels: `Görselin boyutları çok büyük: en fazla ${limits.poll.optionImageMaxPixels / 1_000_000} megapiksel olabilir.`,
  optionImageNotFound: 'Görsel bulunamadı',
  pollNotFound: 'Anket bulunamadı',
  alreadyVoted: 'Bu ankete zaten oy verdin',
  voteChangeNotAllowed: 'Bu ankette oy değiştirilemez: anketin sahibi oyların kesin olmasını seçti.',
  voteNotCast: 'Bu ankete henüz oy vermedin; değiştirilecek ya da geri çekilecek bir oyun yok.',
  voteSameChoice: 'Zaten bu seçeneğe oy verdin; oyunu değiştirmek için başka bir seçenek seçmelisin.',
  voteChanged: 'Oyun değiştirildi.',
  voteTakenBack: 'Oyun geri çekildi.',
  tooManyVoteChanges: 'Oyunu kısa sürede çok sık değiştirdin. Lütfen biraz bekleyip tekrar dene.',
  pollExpired: 'Bu anketin süresi doldu, artık oy verilemez.',
  voteRecorded: 'Oyun kaydedildi, teşekkürler!',
  visitorUnknown:
    'Oyunu kaydedebilmemiz için tarayıcının çerezlere izin vermesi gerekiyor. Bağlantıyı yeniden açıp tekrar dene.',
  tooManyShareVotes: 'Bu bağlantıdan çok fazla oy verildi. Lütfen bir dakika sonra tekrar dene.',
  shareVoteMembersOnly: 'Bu ankete yalnızca üyeler oy verebilir. Oy vermek için giriş yap ya da kayıt ol.',
  shareVoteIpUsed:
    'Bu ankete bu ağdan (IP adresinden) zaten oy verildi. Bu ankette her IP adresi bir kez oy verebilir.',
  shareVoteIpFull:
    'Bu ağdan (IP adresinden) bu ankete verilebilecek ziyaretçi oyu sınırına ulaşıldı. Giriş yaparak üye olarak oy verebilirsin.',
  editOnlyCreator: 'Bu anketi yalnızca sahibi düzenleyebilir.',
  editWindowOver: 'Anket yalnızca oluşturulduktan sonraki 1 dakika içinde düzenlenebilir.',
  editAfterVotes: 'Bu ankete oy verilmeye başlandı: başlığı, açıklaması ve şıkları artık değiştirilemez.',
  editInProgress: 'Anket şu anda düzenleniyor. Birazdan tekrar dene.',
  pollBeingEdited: 'Anketin sahibi soruyu şu anda düzenliyor. Soruyu yeniden okuyup birazdan tekrar oy ver.',
  deleteOnlyCreator: 'Bu anketi yalnızca sahibi silebilir.',
  closeOnlyCreator: 'Bu anketi yalnızca sahibi sonlandırabilir.',
  alreadyEnded: 'Bu anket zaten sona erdi.',
  pollClosed: 'Bu anket sahibi tarafından sonlandırıldı, artık oy verilemez.',
  pollNotOpen: 'Bu anket henüz oylamaya açılmadı.',
  signInToRemind: 'Anket açılınca haber almak için giriş yapmalısın.',
  reminderAfterOpening: 'Bu anket zaten oylamaya açıldı.',
  resultsOnlyCreator: 'Bu anketin sonuçlarını yalnızca sahibi indirebilir.',
  resultsAfterClose: 'Bu anketin sonuçları anket bitince açılacak; sonuç dosyası da o zaman indirilebilir.',
  pollDeleted: 'Anket başarıyla silindi',
  commentNotFound: 'Yorum bulunamadı',
  commentOnlyOwn: 'Yalnızca kendi yorumunu silebilirsin.',
  commentDeleted: 'Yorum silindi',
  reportReceived: 'Şikayetin alındı. İnceleyip gerekeni yapacağız, teşekkürler!',
  alreadyReported: 'Bu anketi zaten şikayet ettin. Şikayetin inceleniyor.',
  tooManyComments: `Bir dakikada en fazla ${limits.comment.perMinute} yorum yazabilirsin. Lütfen biraz bekleyip tekrar dene.`,
  votesOnlyOwner: 'Oylarını yalnızca kendin görebilirsin.',
  analysisFriendsOnly: 'Grup Analizi yalnızca Dost Meclisi anketlerinde var.',
  analysisVoteFirst: 'Grup Analizini görmek için önce oy vermelisin.',
  analysisNeedsVotes: 'Grup Analizi için ankette en az 2 oy olmalı.',
  analysisResultsHidden: 'Bu anketin sonuçları henüz açılmadı; Grup Analizi sonuçlar açılınca görülebilir.',
  unknownCreator: 'Bilinmeyen kullanıcı',
  cursorInvalid: 'Sayfa imleci geçersiz',
  pageInvalid: 'Sayfa numarası 1 ya da daha büyük bir tam sayı olmalıdır',
  limitInvalid: `Sayfa boyutu 1 ile ${limits.feed.pageSizeMax} arasında olmalıdır`,
  feedInvalid: 'Akış trending, new, friends ya da for-you olmalıdır',
  signInForYou: 'Sana özel anketleri görmek için giriş yapmalısın.',
  editNothing: 'Değiştirilecek bir alan göndermelisin (başlık, açıklama ya da oylamaya açılmamış ankette şıklar)',
  editLocked: 'Şıklar ve süre sonradan değiştirilemez',
  optionsLocked: 'Şıklar yalnızca anket oylamaya açılmadan önce değiştirilebilir.',
} as const;

const S = pollServiceMessages;
const M = pollMessages;

/** Entities embedded in lists without their `$id` (ajv refuses one `$id` twice). */
const { $id: _commentId, ...commentShape } = commentSchema;
const { $id: _userVoteId, ...userVoteShape } = userVoteSchema;

/**
 * PATCH /api/polls/{id}: title and/or description, within one minute of creation (or until a scheduled poll opens) and
 * only before the first vote (409 after it); options only before a scheduled poll opens (as the create body has them;
 * 400 `optionsLocked` after); duration and opening never.
 */
export const pollEditSchema = {
  $id: 'meydan/poll-edit',
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    title: pollCreateSchema.properties.title,
    description: pollCreateSchema.properties.description,
    options: pollCreateSchema.properties.options,
    durationHours: { not: {}, errorMessage: S.editLocked },
    duration: { not: {}, errorMessage: S.editLocked },
    expiresAt: { not: {}, errorMessage: S.editLocked },
    startsAt: { not: {}, errorMessage: S.editLocked },
    maxChoices: { not: {}, errorMessage: M.maxChoicesLocked },
  },
  errorMessage: { type: M.bodyObject, minProperties: S.editNothing },
} as const;
export type PollEditBody = FromSchema<typeof pollEditSchema>;

/**
 * POST / DELETE /api/polls/{id}/opening-reminder ('Açılınca haber ver'): whether the member is told when the scheduled
 * poll opens. Asking twice, or cancelling what was not asked, changes nothing.
 */
export const openingReminderSchema = {
  $id: 'meydan/opening-reminder',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'reminded'],
  properties: {
    pollId: idField,
    reminded: { type: 'boolean' },
  },
} as const;
export type OpeningReminder = FromSchema<typeof openingReminderSchema>;

/** Path parameter of every /api/polls/{id}/… route. An id that names no poll is a 404, not a 400. */
export const pollIdParamsSchema = {
  $id: 'meydan/poll-id-params',
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
export type PollIdParams = FromSchema<typeof pollIdParamsSchema>;

/** Path parameter of /api/s/{shortUrl}. */
export const shareCodeParamsSchema = {
  $id: 'meydan/share-code-params',
  type: 'object',
  additionalProperties: false,
  required: ['shortUrl'],
  properties: { shortUrl: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
export type ShareCodeParams = FromSchema<typeof shareCodeParamsSchema>;

const pageSizeField = {
  type: 'integer',
  minimum: 1,
  maximum: limits.feed.pageSizeMax,
  errorMessage: S.limitInvalid,
} as const;

/**
 * GET /api/polls query: `feed` trending (default; engagement decayed by age) | new | friends (Dost Meclisi, members) |
 * for-you (members: visible polls ranked by the member's topic affinities, one page, nextCursor null);
 * `category` one of the poll category slugs; pagination either by `cursor` (infinite scroll: pass the previous
 * answer's nextCursor) or by `page` (1-based, the documented API shape), with `limit` (default 20, at most 100).
 */
export const pollListQuerySchema = {
  $id: 'meydan/poll-list-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    feed: { type: 'string', enum: ['trending', 'new', 'friends', 'for-you'], errorMessage: S.feedInvalid },
    category: { type: 'string', enum: pollCategorySlugs, errorMessage: M.categoryUnknown },
    cursor: { type: 'string', minLength: 1, maxLength: 200, errorMessage: S.cursorInvalid },
    page: { type: 'integer', minimum: 1, maximum: 100_000, errorMessage: S.pageInvalid },
    limit: pageSizeField,
  },
} as const;
export type PollListQuery = FromSchema<typeof pollListQuerySchema>;

/**
 * GET /api/polls answer. With `page`: {polls, totalCount, currentPage} (the documented shape). Otherwise:
 * {polls, totalCount, nextCursor}, nextCursor null on the last page. totalCount counts every poll of the feed.
 */
export const pollListSchema = {
  $id: 'meydan/poll-list',
  type: 'object',
  additionalProperties: false,
  required: ['polls', 'totalCount'],
  properties: {
    polls: { type: 'array', items: pollShape },
    totalCount: countField,
    currentPage: { type: 'integer', minimum: 1 },
    nextCursor: { type: ['string', 'null'] },
  },
} as const;
export type PollList = FromSchema<typeof pollListSchema>;

/** GET /api/polls/{id}/comments query: newest first, `cursor` from the previous answer, `limit` (default 20). */
export const commentListQuerySchema = {
  $id: 'meydan/comment-list-query',
  type: 'object',
  additionalProperties: false,
  properties: {
    cursor: { type: 'string', minLength: 1, maxLength: 200, errorMessage: S.cursorInvalid },
    limit: pageSizeField,
  },
} as const;
export type CommentListQuery = FromSchema<typeof commentListQuerySchema>;

/** GET /api/polls/{id}/comments answer. */
export const commentListSchema = {
  $id: 'meydan/comment-list',
  type: 'object',
  additionalProperties: false,
  required: ['comments', 'totalCount', 'nextCursor'],
  properties: {
    comments: { type: 'array', items: commentShape },
    totalCount: countField,
    nextCursor: { type: ['string', 'null'] },
  },
} as const;
export type CommentList = FromSchema<typeof commentListSchema>;

/** Path parameters of DELETE /api/polls/{id}/comments/{commentId}. */
export const commentIdParamsSchema = {
  $id: 'meydan/comment-id-params',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'commentId'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64 },
    commentId: { type: 'string', minLength: 1, maxLength: 64 },
  },
} as const;
export type CommentIdParams = FromSchema<typeof commentIdParamsSchema>;

/** POST /api/polls/{id}/like answer: the like toggled. */
export const likeStateSchema = {
  $id: 'meydan/like-state',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'liked', 'likesCount'],
  properties: { pollId: idField, liked: { type: 'boolean' }, likesCount: countField },
} as const;
export type LikeState = FromSchema<typeof likeStateSchema>;

/** POST /api/polls/{id}/share answer: the share counter after this share. */
export const shareStateSchema = {
  $id: 'meydan/share-state',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'shareCount'],
  properties: { pollId: idField, shareCount: countField },
} as const;
export type ShareState = FromSchema<typeof shareStateSchema>;

/** POST /api/polls/{id}/report answer. */
export const reportCreatedSchema = {
  $id: 'meydan/report-created',
  type: 'object',
  additionalProperties: false,
  required: ['reportId', 'message'],
  properties: { reportId: idField, message: { type: 'string' } },
} as const;
export type ReportCreated = FromSchema<typeof reportCreatedSchema>;

const analysisOptionShape = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'text', 'votes', 'percent'],
  properties: {
    id: { type: 'integer', minimum: 0 },
    text: { type: 'string' },
    votes: countField,
    /** Whole-number percentage of the group's votes. */
    percent: { type: 'integer', minimum: 0, maximum: 100 },
    /** Who chose it: only in the friends split. */
    voters: { type: 'array', items: creatorSummaryShape },
  },
} as const;

/**
 * GET /api/polls/{id}/analysis ('Grup Analizi'): for a friends poll with more than one vote, to a viewer who voted.
 * `overall` is every vote's split; `friends` the split among the viewer's mutual friends, with who chose what.
 */
export const pollAnalysisSchema = {
  $id: 'meydan/poll-analysis',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'totalVotes', 'userChoice', 'overall', 'friends'],
  properties: {
    pollId: idField,
    totalVotes: countField,
    userChoice: { type: 'integer', minimum: 0 },
    userChoices: choicesField,
    overall: { type: 'array', items: analysisOptionShape },
    friends: {
      type: 'object',
      additionalProperties: false,
      required: ['total', 'voted', 'options'],
      properties: {
        /** The viewer's mutual friends. */
        total: countField,
        /** How many of them voted. */
        voted: countField,
        options: { type: 'array', items: analysisOptionShape },
      },
    },
  },
} as const;
export type PollAnalysis = FromSchema<typeof pollAnalysisSchema>;

/** GET /api/users/{id}/polls answer: the user's polls, normal and share-link ones (isShareable, shortUrl). */
export const userPollListSchema = {
  $id: 'meydan/user-poll-list',
  type: 'array',
  items: pollShape,
} as const;
export type UserPollList = FromSchema<typeof userPollListSchema>;

/** GET /api/users/{id}/votes answer (only for the owner). */
export const userVoteListSchema = {
  $id: 'meydan/user-vote-list',
  type: 'array',
  items: userVoteShape,
} as const;
export type UserVoteList = FromSchema<typeof userVoteListSchema>;

/** Path parameter of /api/users/{id}/polls and /api/users/{id}/votes. */
export const userIdParamsSchema = {
  $id: 'meydan/user-id-params',
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;
export type UserIdParams = FromSchema<typeof userIdParamsSchema>;
