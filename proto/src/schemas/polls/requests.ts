/** Poll contracts, request bodies: create, vote, share-link vote, quick question, comment, report. */
import type { FromSchema } from 'json-schema-to-ts';
import { pollCategorySlugs } from '../../categories.js';
import { limits } from '../../limits.js';
import { ignoredIdField, notBlank, pollKinds, pollTypes, resultsVisibilities, shareVoteModes } from '../common.js';

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
  resultsVisibility:
    'Sonuç görünürlüğü oy verince (after-vote), her zaman (always), anket bitince (after-close) ya da yalnızca oluşturana (creator) olmalıdır',
  duration: 'Süre 1, 6, 12, 24, 48 ya da 168 saat olmalıdır (süresiz için 0)',
  expiresAt: 'Bitiş zamanı geçerli bir tarih olmalıdır',
  expiresPast: 'Bitiş zamanı gelecekte olmalıdır',
  expiresTooLate: `Anket süresi en fazla ${limits.poll.maxExpiryDays} gün olabilir`,
  startsAt: 'Başlangıç zamanı geçerli bir tarih olmalıdır',
  startsPast: 'Başlangıç zamanı gelecekte olmalıdır',
  startsAfterEnd: 'Başlangıç zamanı bitiş zamanından önce olmalıdır',
  startsTooLate: `Anket en fazla ${limits.poll.maxExpiryDays} gün sonrası için planlanabilir`,
  kind: 'Anket biçimi olağan (standard), bilgi yarışması (quiz) ya da sıralamalı oy (ranked) olmalıdır',
  correctOptionIndexes: "Doğru şıklar 0'dan başlayan şık sıralarının listesi olmalıdır",
  quizCorrectRequired: 'Bilgi yarışmasında doğru şıkkı işaretlemelisin',
  quizCorrectOutOfRange: 'Doğru şık, anketin şıklarından biri olmalıdır',
  quizCorrectDuplicate: 'Aynı şıkkı iki kez doğru olarak işaretleyemezsin',
  quizAllCorrect: 'Bilgi yarışmasında en az bir şık yanlış olmalıdır: bütün şıkları doğru işaretleyemezsin',
  quizSingleChoice: 'Bilgi yarışması tek seçimli olur: en fazla seçim sayısı 1 olmalıdır',
  quizVoteChange: 'Bilgi yarışmasında oy değiştirilemez: verilen cevap kesindir',
  quizOptionsLocked: 'Bilgi yarışmasının şıkları sonradan değiştirilemez',
  correctOnlyQuiz: 'Doğru şık yalnızca bilgi yarışmasında (kind: quiz) işaretlenir',
  rankedSingleBallot: 'Sıralamalı oyda en fazla seçim sayısı 1 olmalıdır: oy veren şıkları sıralar',
  rankedVoteChange: 'Sıralamalı oyda oy değiştirilemez: verilen sıralama kesindir',
  ranking: "Sıralama 0'dan başlayan şık sıralarının listesi olmalıdır",
  rankingEmpty: 'En az bir şıkkı sıralamalısın',
  rankingInvalid: 'Sıralamada yalnızca anketin şıkları olabilir',
  rankingDuplicate: 'Bir şıkkı sıralamaya iki kez koyamazsın',
  rankingRequired: 'Bu ankette şıkları sıralayarak oy verirsin (ranking)',
  rankingOnlyRanked: 'Sıralama yalnızca sıralamalı oyda (kind: ranked) gönderilir',
  optionImages:
    'Şık görselleri, şıklarla aynı sırada { id, alt } ya da görselsiz şık için null değerlerinden oluşan bir liste olmalıdır',
  optionImageAltRequired: 'Her görsel için bir açıklama yazmalısın: görmeyen okurlar görseli bu metinle tanır',
  optionImageAltMax: `Görselin açıklaması en fazla ${limits.poll.optionImageAltMax} karakter olabilir`,
  optionImagesOverOptions: 'Şıktan fazla görsel gönderilemez',
  optionImageUnknown: 'Görsel bulunamadı: önce görseli yüklemelisin',
  optionImagesOptionsLocked: 'Görselli bir anketin şıkları sonradan değiştirilemez',
  optionRequired: 'Bir seçenek seçmelisin',
  optionInvalid: 'Geçersiz seçenek',
  maxChoices: `En fazla seçim sayısı 1 ile ${limits.poll.optionsMax} arasında bir tam sayı olmalıdır (1: tek seçim)`,
  maxChoicesOverOptions: 'En fazla seçim sayısı şık sayısından büyük olamaz',
  maxChoicesLocked: 'Seçim sayısı sonradan değiştirilemez',
  allowVoteChange: 'Oy değiştirme izni true ya da false olmalıdır',
  optionIndexes: "Seçimler 0'dan başlayan seçenek sıralarının listesi olmalıdır",
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
 * - `resultsVisibility`: who sees the per-option counts and when (`resultsVisibilities`; default after-vote).
 * - `maxChoices`: how many options one ballot may mark ('Birden fazla seçim'), 1 (single choice, the default) up to
 *   the number of options.
 * - `allowVoteChange`: 'Oyunu değiştirebilsin': while the poll is open a voter may move their ballot or take it back
 *   (PUT / DELETE …/vote). Off by default: a vote is final.
 * - `startsAt`: 'Başlangıç zamanı' (ISO date-time, in the future, before the end): the poll is shown as upcoming and
 *   takes no vote until then; a duration then counts from it. Resolve with `resolvePollSchedule`.
 * - `optionImages`: an image per option, in the options' order (blank options left out): `{id, alt}` with the id of
 *   an upload (POST /api/option-images) and the alt text its creator writes (required, not blank), or null for
 *   an option without one; shorter than the options when the last ones have none. Any kind of poll may carry them.
 * - `kind`: `standard` (default) or `quiz` ('Bilgi yarışması'); a quiz names its correct options in
 *   `correctOptionIndexes` (one or more indexes, not every option; a quiz is single choice, right when the one option
 *   chosen is among them, and its votes are final, so `maxChoices` above 1 and `allowVoteChange: true` are refused).
 *   The service checks them (services/polls/src/domain/quiz.ts).
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
      errorMessage: {
        type: M.titleRequired,
        minLength: M.titleRequired,
        pattern: M.titleRequired,
        maxLength: M.titleMax,
      },
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
    resultsVisibility: { type: 'string', enum: resultsVisibilities, errorMessage: M.resultsVisibility },
    maxChoices: {
      type: 'integer',
      minimum: 1,
      maximum: limits.poll.optionsMax,
      description:
        'Birden fazla seçim: bir oyda en çok kaç seçenek işaretlenebilir (1 tek seçim, varsayılan; en çok şık sayısı)',
      errorMessage: M.maxChoices,
    },
    allowVoteChange: {
      type: 'boolean',
      description:
        'Oyunu değiştirebilsin: anket açıkken oy veren oyunu başka seçeneğe taşıyabilir ya da geri çekebilir (varsayılan false: oy kesindir)',
      errorMessage: M.allowVoteChange,
    },
    durationHours: durationField,
    duration: durationField,
    expiresAt: { type: ['string', 'null'], format: 'date-time', errorMessage: M.expiresAt },
    startsAt: {
      type: 'string',
      format: 'date-time',
      description:
        'Başlangıç zamanı: anket bu ana kadar "Yakında" görünür ve oy almaz (gelecekte, bitişten önce; süre bu andan sayılır)',
      errorMessage: M.startsAt,
    },
    kind: {
      type: 'string',
      enum: pollKinds,
      description: 'Anket biçimi: standard (varsayılan) ya da quiz (Bilgi yarışması: doğru şık işaretlenir)',
      errorMessage: M.kind,
    },
    correctOptionIndexes: {
      type: 'array',
      items: { type: 'integer', minimum: 0 },
      description:
        "Bilgi yarışmasının doğru şıkları: 0'dan başlayan sıraları; en az bir şık doğru, en az bir şık yanlış olur (oy veren bunlardan birini seçerse doğru bilir; doğru şıklar oy verene oy verince, herkese anket bitince gösterilir)",
      errorMessage: M.correctOptionIndexes,
    },
    optionImages: {
      type: 'array',
      maxItems: limits.poll.optionsMax,
      items: {
        type: ['object', 'null'],
        additionalProperties: false,
        required: ['id', 'alt'],
        properties: {
          id: { type: 'string', pattern: '^[0-9a-f]{32}$' },
          alt: {
            type: 'string',
            minLength: 1,
            maxLength: limits.poll.optionImageAltMax,
            pattern: notBlank,
            errorMessage: {
              type: M.optionImageAltRequired,
              minLength: M.optionImageAltRequired,
              pattern: M.optionImageAltRequired,
              maxLength: M.optionImageAltMax,
            },
          },
        },
        errorMessage: { required: { alt: M.optionImageAltRequired } },
      },
      description:
        "Şık görselleri, şıklarla aynı sırada (boş şıklar çıkarıldıktan sonra): her biri POST /api/option-images yanıtının id'si ve zorunlu açıklaması (alt), görselsiz şık için null",
      errorMessage: M.optionImages,
    },
    creatorId: ignoredIdField,
  },
  allOf: [
    {
      if: { required: ['isShareable'], properties: { isShareable: { const: true } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, in a schema no one awaits
      then: { properties: { type: { const: 'public' } } },
      errorMessage: M.shareableOnlyPublic,
    },
    {
      if: { required: ['shareable'], properties: { shareable: { const: true } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, in a schema no one awaits
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
  description:
    "Birden fazla seçimli ankette işaretlenen seçeneklerin 0'dan başlayan sıraları (en çok anketin maxChoices kadarı, her biri bir kez)",
  items: { type: 'integer', minimum: 0, errorMessage: M.optionInvalid },
  errorMessage: {
    type: M.optionIndexes,
    minItems: M.optionRequired,
    maxItems: M.optionIndexes,
    uniqueItems: M.optionIndexesDuplicate,
  },
} as const;

/**
 * A ranked poll's ballot ('Sıralamalı oy'): 0-based option indexes, most preferred first, some or all options, each
 * once (within the options, checked by the service).
 */
const rankingField = {
  type: 'array',
  minItems: 1,
  maxItems: limits.poll.optionsMax,
  uniqueItems: true,
  description:
    "Sıralamalı oyda şıkların 0'dan başlayan sıraları, en çok istenenden başlayarak (bazıları ya da hepsi, her biri bir kez)",
  items: { type: 'integer', minimum: 0, errorMessage: M.rankingInvalid },
  errorMessage: {
    type: M.ranking,
    minItems: M.rankingEmpty,
    maxItems: M.ranking,
    uniqueItems: M.rankingDuplicate,
  },
} as const;

/**
 * POST /api/polls/{id}/vote: `{optionIndex}` (0-based), or `{optionId}` as on the API documentation page (an option's
 * id is its index), or `{optionIndexes: [0, 2]}`: one ballot of a multiple-choice poll, or `{ranking: [2, 0, 1]}`: one
 * ballot of a ranked poll (and only there). `userId` is accepted and ignored. Read a plain ballot with
 * `voteOptionIndexes`.
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
    ranking: rankingField,
    userId: ignoredIdField,
  },
  allOf: [
    {
      anyOf: [
        { required: ['optionIndex'] },
        { required: ['optionId'] },
        { required: ['optionIndexes'] },
        { required: ['ranking'] },
      ],
      errorMessage: M.optionRequired,
    },
  ],
  errorMessage: { type: M.bodyObject },
} as const;
export type PollVoteBody = FromSchema<typeof pollVoteSchema>;

/**
 * POST /api/s/{shortUrl}/vote: `{optionIndex}` (0-based), a ballot `{optionIndexes: [0, 2]}` or on a ranked poll
 * `{ranking: [2, 0, 1]}`, no account needed.
 */
export const shareVoteSchema = {
  $id: 'meydan/share-vote',
  type: 'object',
  additionalProperties: false,
  properties: {
    optionIndex: { type: 'integer', minimum: 0, errorMessage: M.optionInvalid },
    optionIndexes: optionIndexesField,
    ranking: rankingField,
  },
  allOf: [
    {
      anyOf: [{ required: ['optionIndex'] }, { required: ['optionIndexes'] }, { required: ['ranking'] }],
      errorMessage: M.optionRequired,
    },
  ],
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
