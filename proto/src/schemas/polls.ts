/**
 * Poll contracts: request bodies (create, vote, share-link vote, quick question, comment, report) and the poll
 * entity the feed, the friends' circle, the profile lists and the public share page read.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { pollCategorySlugs } from '../categories.js';
import { limits } from '../limits.js';
import {
  avatarUrlField,
  countField,
  dateTimeField,
  displayNameField,
  idField,
  ignoredIdField,
  notBlank,
  pollTypes,
  shareVoteModes,
  voteCountsField,
} from './common.js';

/** Turkish texts of the poll forms; the spec's own strings where it gives one. */
export const pollMessages = {
  titleRequired: 'Bi soru sormadan olmaz',
  titleMax: `Başlık en fazla ${limits.poll.titleMax} karakter olabilir`,
  categoryRequired: 'Kategori seçimi gerekli',
  categoryUnknown: 'Geçerli bir kategori seçmelisin',
  optionsMin: 'En az 2 tane şık olması lazım',
  optionsMax: `En fazla ${limits.poll.optionsMax} şık olabilir`,
  optionMax: `Her şık en fazla ${limits.poll.optionMax} karakter olabilir`,
  optionText: 'Şıklar metin olmalıdır',
  descriptionMax: `Açıklama en fazla ${limits.poll.descriptionMax} karakter olabilir`,
  descriptionType: 'Açıklama metin olmalıdır',
  type: 'Anket türü herkese açık (public), özel (private) ya da Dost Meclisi (friends) olmalıdır',
  shareableBoolean: 'Paylaşılabilirlik true ya da false olmalıdır',
  shareableOnlyPublic: 'Paylaşılabilir anket yalnızca herkese açık olabilir',
  shareVoteMode: 'Oy kuralı tarayıcı başına (browser), IP başına (ip) ya da yalnızca üyeler (members) olmalıdır',
  shareVoteModeOnlyShareable: 'Oy kuralı yalnızca paylaşılabilir linkli anketlerde seçilebilir',
  duration: 'Süre 1, 6, 12, 24, 48 ya da 168 saat olmalıdır (süresiz için 0)',
  expiresAt: 'Bitiş zamanı geçerli bir tarih olmalıdır',
  expiresPast: 'Bitiş zamanı gelecekte olmalıdır',
  expiresTooLate: `Anket süresi en fazla ${limits.poll.maxExpiryDays} gün olabilir`,
  optionRequired: 'Bir seçenek seçmelisin',
  optionInvalid: 'Geçersiz seçenek',
  maxChoices: `En fazla seçim sayısı 1 ile ${limits.poll.optionsMax} arasında bir tam sayı olmalıdır (1: tek seçim)`,
  maxChoicesOverOptions: 'En fazla seçim sayısı şık sayısından büyük olamaz',
  maxChoicesLocked: 'Seçim sayısı sonradan değiştirilemez',
  optionIndexes: 'Seçimler 0\'dan başlayan seçenek sıralarının listesi olmalıdır',
  optionIndexesDuplicate: 'Aynı seçeneği iki kez işaretleyemezsin',
  singleChoiceOnly: 'Bu ankette yalnızca bir seçenek işaretleyebilirsin',
  quickRequired: 'Soruyu ve iki seçeneği de yazman lazım.',
  quickQuestionMax: `Soru en fazla ${limits.quick.questionMax} karakter olabilir`,
  quickOptionMax: `Seçenekler en fazla ${limits.quick.optionMax} karakter olabilir`,
  quickOptionsCount: 'Hızlı soruda tam iki seçenek olur',
  commentRequired: 'Yorum boş olamaz',
  commentMax: `Yorum en fazla ${limits.comment.max} karakter olabilir`,
  reportReasonRequired: 'Şikayet nedeni gerekli',
  reportReasonMax: `Şikayet nedeni en fazla ${limits.report.reasonMax} karakter olabilir`,
  reportDescriptionMax: `Açıklama en fazla ${limits.report.descriptionMax} karakter olabilir`,
  bodyObject: 'Gönderilen veri bir JSON nesnesi olmalıdır',
} as const;

const M = pollMessages;

const durationField = {
  type: 'integer',
  enum: limits.poll.durationsHours,
  errorMessage: M.duration,
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Requests

/**
 * POST /api/polls and POST /api/polls/shareable.
 * - options: an array of texts, or a JSON-encoded string of one (the earlier client's normal polls). Blank entries
 *   are ignored; 2 to 6 remain, each at most 100 characters (custom keyword `meydanPollOptions`, see validation.ts;
 *   read them with `normalizePollOptions`).
 * - Expiry: `durationHours` (or `duration`, as on the API documentation page) from the duration choices, 0 = none;
 *   or `expiresAt` (ISO date-time, or null = none). Neither: 24 hours. Resolve with `resolvePollExpiry`.
 * - `isShareable`/`shareable`: only with type public. `creatorId` is accepted and ignored.
 * - `shareVoteMode`: only for a share-link poll, who may vote through its link (`shareVoteModes`; default browser).
 * - `maxChoices`: how many options one ballot may mark ('Birden fazla seçim'), 1 (single choice, the default) up to
 *   the number of options.
 */
export const pollCreateSchema = {
  $id: 'meydan/poll-create',
  type: 'object',
  additionalProperties: false,
  required: ['title', 'category', 'options'],
  properties: {
    title: {
      type: 'string',
      minLength: 1,
      maxLength: limits.poll.titleMax,
      pattern: notBlank,
      errorMessage: { type: M.titleRequired, minLength: M.titleRequired, pattern: M.titleRequired, maxLength: M.titleMax },
    },
    description: {
      type: ['string', 'null'],
      maxLength: limits.poll.descriptionMax,
      errorMessage: { type: M.descriptionType, maxLength: M.descriptionMax },
    },
    category: {
      type: 'string',
      minLength: 1,
      enum: pollCategorySlugs,
      errorMessage: { type: M.categoryRequired, minLength: M.categoryRequired, enum: M.categoryUnknown },
    },
    type: { type: 'string', enum: pollTypes, default: 'public', errorMessage: M.type },
    options: {
      type: ['string', 'array'],
      items: { type: 'string', errorMessage: M.optionText },
      meydanPollOptions: true,
      errorMessage: { type: M.optionsMin },
    },
    isShareable: { type: 'boolean', errorMessage: M.shareableBoolean },
    shareable: { type: 'boolean', errorMessage: M.shareableBoolean },
    shareVoteMode: { type: 'string', enum: shareVoteModes, errorMessage: M.shareVoteMode },
    maxChoices: {
      type: 'integer',
      minimum: 1,
      maximum: limits.poll.optionsMax,
      description: 'Birden fazla seçim: bir oyda en çok kaç seçenek işaretlenebilir (1 tek seçim, varsayılan; en çok şık sayısı)',
      errorMessage: M.maxChoices,
    },
    durationHours: durationField,
    duration: durationField,
    expiresAt: { type: ['string', 'null'], format: 'date-time', errorMessage: M.expiresAt },
    creatorId: ignoredIdField,
  },
  allOf: [
    {
      if: { required: ['isShareable'], properties: { isShareable: { const: true } } },
      then: { properties: { type: { const: 'public' } } },
      errorMessage: M.shareableOnlyPublic,
    },
    {
      if: { required: ['shareable'], properties: { shareable: { const: true } } },
      then: { properties: { type: { const: 'public' } } },
      errorMessage: M.shareableOnlyPublic,
    },
  ],
  errorMessage: {
    type: M.bodyObject,
    required: { title: M.titleRequired, category: M.categoryRequired, options: M.optionsMin },
  },
} as const;
/** The validated body (defaults applied: type is always there). */
export type PollCreateBody = FromSchema<typeof pollCreateSchema>;
/** What a client sends (type may be left out: it defaults to public). */
export type PollCreateInput = FromSchema<typeof pollCreateSchema, { keepDefaultedPropertiesOptional: true }>;

/** A ballot of a multiple-choice poll: distinct 0-based option indexes (at most the poll's maxChoices, checked by the service). */
const optionIndexesField = {
  type: 'array',
  minItems: 1,
  maxItems: limits.poll.optionsMax,
  uniqueItems: true,
  description: 'Birden fazla seçimli ankette işaretlenen seçeneklerin 0\'dan başlayan sıraları (en çok anketin maxChoices kadarı, her biri bir kez)',
  items: { type: 'integer', minimum: 0, errorMessage: M.optionInvalid },
  errorMessage: { type: M.optionIndexes, minItems: M.optionRequired, maxItems: M.optionIndexes, uniqueItems: M.optionIndexesDuplicate },
} as const;

/**
 * POST /api/polls/{id}/vote: `{optionIndex}` (0-based), or `{optionId}` as on the API documentation page (an option's
 * id is its index), or `{optionIndexes: [0, 2]}`: one ballot of a multiple-choice poll. `userId` is accepted and
 * ignored. Read the ballot with `voteOptionIndexes`.
 */
export const pollVoteSchema = {
  $id: 'meydan/poll-vote',
  type: 'object',
  additionalProperties: false,
  properties: {
    optionIndex: { type: 'integer', minimum: 0, errorMessage: M.optionInvalid },
    optionId: {
      type: ['integer', 'string'],
      minimum: 0,
      pattern: '^(0|[1-9][0-9]*)$',
      errorMessage: M.optionInvalid,
    },
    optionIndexes: optionIndexesField,
    userId: ignoredIdField,
  },
  allOf: [{ anyOf: [{ required: ['optionIndex'] }, { required: ['optionId'] }, { required: ['optionIndexes'] }], errorMessage: M.optionRequired }],
  errorMessage: { type: M.bodyObject },
} as const;
export type PollVoteBody = FromSchema<typeof pollVoteSchema>;

/** POST /api/s/{shortUrl}/vote: `{optionIndex}` (0-based) or a ballot `{optionIndexes: [0, 2]}`, no account needed. */
export const shareVoteSchema = {
  $id: 'meydan/share-vote',
  type: 'object',
  additionalProperties: false,
  properties: {
    optionIndex: { type: 'integer', minimum: 0, errorMessage: M.optionInvalid },
    optionIndexes: optionIndexesField,
  },
  allOf: [{ anyOf: [{ required: ['optionIndex'] }, { required: ['optionIndexes'] }], errorMessage: M.optionRequired }],
  errorMessage: { type: M.bodyObject },
} as const;
export type ShareVoteBody = FromSchema<typeof shareVoteSchema>;

/** A quick two-option question ('Hızlı Karar (VS)'); it is posted as a public genel poll lasting 24 hours. */
export const quickQuestionSchema = {
  $id: 'meydan/quick-question',
  type: 'object',
  additionalProperties: false,
  required: ['question', 'options'],
  properties: {
    question: {
      type: 'string',
      pattern: notBlank,
      maxLength: limits.quick.questionMax,
      errorMessage: { type: M.quickRequired, pattern: M.quickRequired, maxLength: M.quickQuestionMax },
    },
    options: {
      type: 'array',
      minItems: limits.quick.optionsCount,
      maxItems: limits.quick.optionsCount,
      items: {
        type: 'string',
        pattern: notBlank,
        maxLength: limits.quick.optionMax,
        errorMessage: { type: M.quickRequired, pattern: M.quickRequired, maxLength: M.quickOptionMax },
      },
      errorMessage: { type: M.quickRequired, minItems: M.quickRequired, maxItems: M.quickOptionsCount },
    },
  },
  errorMessage: { type: M.bodyObject, required: { question: M.quickRequired, options: M.quickRequired } },
} as const;
export type QuickQuestionBody = FromSchema<typeof quickQuestionSchema>;

/** POST /api/polls/{id}/comments. */
export const commentCreateSchema = {
  $id: 'meydan/comment-create',
  type: 'object',
  additionalProperties: false,
  required: ['text'],
  properties: {
    text: {
      type: 'string',
      pattern: notBlank,
      maxLength: limits.comment.max,
      errorMessage: { type: M.commentRequired, pattern: M.commentRequired, maxLength: M.commentMax },
    },
  },
  errorMessage: { type: M.bodyObject, required: { text: M.commentRequired } },
} as const;
export type CommentCreateBody = FromSchema<typeof commentCreateSchema>;

/** POST /api/polls/{id}/report ('Şikayet Et'). */
export const reportCreateSchema = {
  $id: 'meydan/report-create',
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  properties: {
    reason: {
      type: 'string',
      pattern: notBlank,
      maxLength: limits.report.reasonMax,
      errorMessage: { type: M.reportReasonRequired, pattern: M.reportReasonRequired, maxLength: M.reportReasonMax },
    },
    description: {
      type: ['string', 'null'],
      maxLength: limits.report.descriptionMax,
      errorMessage: { type: M.descriptionType, maxLength: M.reportDescriptionMax },
    },
  },
  errorMessage: { type: M.bodyObject, required: { reason: M.reportReasonRequired } },
} as const;
export type ReportCreateBody = FromSchema<typeof reportCreateSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Entities and answers

/** Creator of a poll as cards show it. */
export const creatorSummaryShape = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'username', 'displayName', 'avatarUrl'],
  properties: {
    id: idField,
    username: { type: 'string' },
    displayName: displayNameField,
    avatarUrl: avatarUrlField,
  },
} as const;

export const creatorSummarySchema = { $id: 'meydan/creator-summary', ...creatorSummaryShape } as const;
export type CreatorSummary = FromSchema<typeof creatorSummarySchema>;

/** A friend on the friends' circle card (a mutual follower of the creator) and whether they voted. */
const friendSummaryShape = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'username', 'displayName', 'avatarUrl', 'hasVoted'],
  properties: {
    id: idField,
    username: { type: 'string' },
    displayName: displayNameField,
    avatarUrl: avatarUrlField,
    hasVoted: { type: 'boolean' },
  },
} as const;

export const friendSummarySchema = { $id: 'meydan/friend-summary', ...friendSummaryShape } as const;
export type FriendSummary = FromSchema<typeof friendSummarySchema>;

/** The options of one ballot, by 0-based index, ascending. */
const choicesField = { type: 'array', items: { type: 'integer', minimum: 0 } } as const;

/** An option on a card: its id is its 0-based index. */
const pollOptionShape = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'text', 'votes'],
  properties: {
    id: { type: 'integer', minimum: 0 },
    text: { type: 'string' },
    votes: countField,
  },
} as const;

export const pollOptionSchema = { $id: 'meydan/poll-option', ...pollOptionShape } as const;
export type PollOption = FromSchema<typeof pollOptionSchema>;

/**
 * A poll as every list and detail answer returns it (feed, friends' circle, profile lists, share page).
 * - options: [{id, text, votes}] with id = index; totalVotes = votesCount = votersCount = the ballots (on a
 *   single-choice poll the sum of the option votes; on a multiple-choice poll the option votes may sum to more, and an
 *   option's percentage is its share of the ballots); publicVotesCount = the ballots cast through the share link
 *   without an account.
 * - maxChoices: how many options one ballot may mark (1 = single choice).
 * - hasVoted/userChoice/isLiked are the viewer's (false/null for visitors); userChoices all the options of the
 *   viewer's ballot (empty when they did not vote), userChoice its first.
 * - friends: only on friends polls, for the creator's mutual followers.
 * - shortUrl: only on shareable polls (null otherwise); the link is {origin}/s/{shortUrl}.
 * - shareVoteMode: only on shareable polls, who may vote through the link (see `shareVoteModes`).
 * - closedAt: when the creator closed it early (POST /api/polls/{id}/close; expiresAt is then that moment too).
 * - On a Dost Meclisi poll the option votes are 0 for a viewer who has not voted (totalVotes stays): with the friends'
 *   hasVoted flags, counts watched before voting would tell which friend chose what.
 */
const pollShape = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'title',
    'description',
    'category',
    'type',
    'options',
    'expiresAt',
    'creatorId',
    'creator',
    'isShareable',
    'shortUrl',
    'createdAt',
    'totalVotes',
    'votesCount',
    'publicVotesCount',
    'likesCount',
    'commentsCount',
    'shareCount',
    'isLiked',
    'hasVoted',
    'userChoice',
  ],
  properties: {
    id: idField,
    title: { type: 'string' },
    description: { type: ['string', 'null'] },
    category: { type: 'string' },
    type: { type: 'string', enum: pollTypes },
    options: { type: 'array', items: pollOptionShape },
    expiresAt: { type: ['string', 'null'], format: 'date-time' },
    creatorId: idField,
    creator: creatorSummaryShape,
    isShareable: { type: 'boolean' },
    shortUrl: { type: ['string', 'null'] },
    shareVoteMode: { type: 'string', enum: shareVoteModes },
    closedAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: dateTimeField,
    updatedAt: dateTimeField,
    totalVotes: countField,
    votesCount: countField,
    votersCount: countField,
    publicVotesCount: countField,
    likesCount: countField,
    commentsCount: countField,
    shareCount: countField,
    isLiked: { type: 'boolean' },
    hasVoted: { type: 'boolean' },
    userChoice: { type: ['integer', 'null'], minimum: 0 },
    userChoices: choicesField,
    maxChoices: { type: 'integer', minimum: 1 },
    friends: { type: 'array', items: friendSummaryShape },
  },
} as const;

export const pollSchema = { $id: 'meydan/poll', ...pollShape } as const;
export type Poll = FromSchema<typeof pollSchema>;

/** GET /api/s/{shortUrl}: the poll, its creator, votes per option index and the visitor's own vote. */
export const shareLinkPollSchema = {
  $id: 'meydan/share-link-poll',
  type: 'object',
  additionalProperties: false,
  required: ['poll', 'creator', 'voteCounts', 'hasVoted', 'userChoice'],
  properties: {
    poll: pollShape,
    creator: creatorSummaryShape,
    voteCounts: voteCountsField,
    hasVoted: { type: 'boolean' },
    userChoice: { type: ['integer', 'null'], minimum: 0 },
    userChoices: choicesField,
  },
} as const;
export type ShareLinkPoll = FromSchema<typeof shareLinkPollSchema>;

/** POST /api/polls/shareable answer: the link and the poll (with shortUrl). */
export const shareablePollCreatedSchema = {
  $id: 'meydan/shareable-poll-created',
  type: 'object',
  additionalProperties: false,
  required: ['shareUrl', 'poll'],
  properties: {
    shareUrl: { type: 'string' },
    poll: pollShape,
  },
} as const;
export type ShareablePollCreated = FromSchema<typeof shareablePollCreatedSchema>;

/**
 * Answer of a vote (feed and share link): the new counts per option index, the voter's choice and a Turkish message
 * for the 'Oyunuz kaydedildi! 🎉' toast, with an optional feedback sentence.
 */
export const voteResultSchema = {
  $id: 'meydan/vote-result',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'voteCounts', 'totalVotes', 'hasVoted', 'userChoice', 'message'],
  properties: {
    pollId: idField,
    voteCounts: voteCountsField,
    totalVotes: countField,
    votersCount: countField,
    hasVoted: { type: 'boolean', const: true },
    userChoice: { type: 'integer', minimum: 0 },
    userChoices: choicesField,
    message: { type: 'string' },
    feedback: { type: ['string', 'null'] },
  },
} as const;
export type VoteResult = FromSchema<typeof voteResultSchema>;

/** Realtime `poll_update` data: live counts of one poll (coalesced per poll: limits.notifications.pollUpdateCoalesceMs). */
export const pollUpdateSchema = {
  $id: 'meydan/poll-update',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'voteCounts', 'totalVotes'],
  properties: {
    pollId: idField,
    voteCounts: voteCountsField,
    totalVotes: countField,
    likesCount: countField,
    commentsCount: countField,
  },
} as const;
export type PollUpdate = FromSchema<typeof pollUpdateSchema>;

/** A comment on a poll. */
export const commentSchema = {
  $id: 'meydan/comment',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'pollId', 'text', 'createdAt', 'author'],
  properties: {
    id: idField,
    pollId: idField,
    text: { type: 'string' },
    createdAt: dateTimeField,
    author: creatorSummaryShape,
  },
} as const;
export type PollComment = FromSchema<typeof commentSchema>;

/**
 * One entry of GET /api/users/{id}/votes. selectedOption is the chosen option's text (a multiple-choice ballot's
 * texts joined with ', '); selectedOptions, only on such a ballot, every chosen text.
 */
export const userVoteSchema = {
  $id: 'meydan/user-vote',
  type: 'object',
  additionalProperties: false,
  required: ['voteId', 'pollId', 'pollTitle', 'pollCategory', 'selectedOption', 'votedAt'],
  properties: {
    voteId: idField,
    pollId: idField,
    pollTitle: { type: 'string' },
    pollCategory: { type: 'string' },
    selectedOption: { type: 'string' },
    selectedOptions: { type: 'array', items: { type: 'string' } },
    votedAt: dateTimeField,
  },
} as const;
export type UserVote = FromSchema<typeof userVoteSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Polls service routes: edit, lists, social actions, analysis

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
  pollNotFound: 'Anket bulunamadı',
  alreadyVoted: 'Bu ankete zaten oy verdin',
  pollExpired: 'Bu anketin süresi doldu, artık oy verilemez.',
  voteRecorded: 'Oyun kaydedildi, teşekkürler!',
  visitorUnknown: 'Oyunu kaydedebilmemiz için tarayıcının çerezlere izin vermesi gerekiyor. Bağlantıyı yeniden açıp tekrar dene.',
  tooManyShareVotes: 'Bu bağlantıdan çok fazla oy verildi. Lütfen bir dakika sonra tekrar dene.',
  shareVoteMembersOnly: 'Bu ankete yalnızca üyeler oy verebilir. Oy vermek için giriş yap ya da kayıt ol.',
  shareVoteIpUsed: 'Bu ankete bu ağdan (IP adresinden) zaten oy verildi. Bu ankette her IP adresi bir kez oy verebilir.',
  shareVoteIpFull: 'Bu ağdan (IP adresinden) bu ankete verilebilecek ziyaretçi oyu sınırına ulaşıldı. Giriş yaparak üye olarak oy verebilirsin.',
  editOnlyCreator: 'Bu anketi yalnızca sahibi düzenleyebilir.',
  editWindowOver: 'Anket yalnızca oluşturulduktan sonraki 1 dakika içinde düzenlenebilir.',
  deleteOnlyCreator: 'Bu anketi yalnızca sahibi silebilir.',
  closeOnlyCreator: 'Bu anketi yalnızca sahibi sonlandırabilir.',
  alreadyEnded: 'Bu anket zaten sona erdi.',
  pollClosed: 'Bu anket sahibi tarafından sonlandırıldı, artık oy verilemez.',
  resultsOnlyCreator: 'Bu anketin sonuçlarını yalnızca sahibi indirebilir.',
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
  unknownCreator: 'Bilinmeyen kullanıcı',
  cursorInvalid: 'Sayfa imleci geçersiz',
  pageInvalid: 'Sayfa numarası 1 ya da daha büyük bir tam sayı olmalıdır',
  limitInvalid: `Sayfa boyutu 1 ile ${limits.feed.pageSizeMax} arasında olmalıdır`,
  feedInvalid: 'Akış trending, new, friends ya da for-you olmalıdır',
  signInForYou: 'Sana özel anketleri görmek için giriş yapmalısın.',
  editNothing: 'Değiştirilecek bir alan göndermelisin (başlık ya da açıklama)',
  editLocked: 'Şıklar ve süre sonradan değiştirilemez',
} as const;

const S = pollServiceMessages;

/** Entities embedded in lists without their `$id` (ajv refuses one `$id` twice). */
const { $id: _commentId, ...commentShape } = commentSchema;
const { $id: _userVoteId, ...userVoteShape } = userVoteSchema;

/** PATCH /api/polls/{id}: title and/or description, within one minute of creation; options and duration never. */
export const pollEditSchema = {
  $id: 'meydan/poll-edit',
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    title: pollCreateSchema.properties.title,
    description: pollCreateSchema.properties.description,
    options: { not: {}, errorMessage: S.editLocked },
    durationHours: { not: {}, errorMessage: S.editLocked },
    duration: { not: {}, errorMessage: S.editLocked },
    expiresAt: { not: {}, errorMessage: S.editLocked },
    maxChoices: { not: {}, errorMessage: M.maxChoicesLocked },
  },
  errorMessage: { type: M.bodyObject, minProperties: S.editNothing },
} as const;
export type PollEditBody = FromSchema<typeof pollEditSchema>;

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
