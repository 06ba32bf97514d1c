/**
 * Account and profile contracts: registration, login, the session user, the profile view, user lists, the profile
 * patches (questionnaire data as JSON; settings fields as multipart text fields) and questionnaire answers.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { limits } from '../limits.js';
import { altchaPayloadField } from './challenge.js';
import { avatarUrlField, nullableCountField, dateTimeField, displayNameField, idField, notBlank, userRoles } from './common.js';

/** Turkish texts of the account forms; the spec's own strings where it gives one. */
export const userMessages = {
  usernameRequired: 'Kullanıcı adı gerekli',
  usernameMin: `Kullanıcı adı en az ${limits.user.usernameMin} karakter olmalıdır`,
  usernameMax: `Kullanıcı adı en fazla ${limits.user.usernameMax} karakter olabilir`,
  usernamePattern: 'Kullanıcı adı yalnızca harf, rakam, alt çizgi (_) ve nokta (.) içerebilir',
  emailRequired: 'E-posta adresi gerekli',
  emailInvalid: 'Geçerli bir e-posta adresi giriniz',
  displayNameRequired: 'Görünen ad gerekli',
  displayNameMax: `Görünen ad en fazla ${limits.user.displayNameMax} karakter olabilir`,
  passwordRequired: 'Şifre gerekli',
  passwordMin: 'Şifre en az 6 karakter olmalıdır!',
  passwordMax: `Şifre en fazla ${limits.user.passwordMax} karakter olabilir`,
  bioMax: `Biyografi en fazla ${limits.user.bioMax} karakter olabilir`,
  bioType: 'Biyografi metin olmalıdır',
  profilePublic: 'Profil görünürlüğü true ya da false olmalıdır',
  birthDate: 'Lütfen doğum tarihinizi giriniz',
  birthTime: 'Lütfen doğum saatinizi giriniz',
  birthPlace: 'Lütfen doğum yerinizi seçiniz (ülke ve şehir)',
  gender: 'Cinsiyet kadın ya da erkek olmalıdır',
  zodiacSign: 'Lütfen burcunuzu seçin.',
  analysisNeedsAnswers: 'Kişilik analizi için önce profil testini tamamla.',
  analysisMissing: 'Henüz bir kişilik analizin yok. Analizi başlatabilirsin.',
  answersRequired: 'Cevaplar gönderilmedi',
  answersMax: `En fazla ${limits.profile.questionCount} cevap gönderilebilir`,
  answerQuestionId: 'Her cevabın bir soru kimliği olmalıdır',
  answerValue: 'Her sorunun bir cevabı olmalıdır',
  answerCategory: 'Her cevabın bir kategorisi olmalıdır',
  bodyObject: 'Gönderilen veri bir JSON nesnesi olmalıdır',
  forgotAnswer: `Bu adrese kayıtlı bir hesap varsa şifre sıfırlama bağlantısı gönderdik. Bağlantı ${limits.auth.passwordResetHours} saat geçerlidir.`,
  resetDone: 'Şifren değiştirildi. Tüm cihazlardaki oturumların kapatıldı ve API anahtarların iptal edildi; yeni şifrenle giriş yapabilirsin.',
  resetLinkUsed: 'Bu şifre sıfırlama bağlantısı daha önce kullanılmış. Gerekirse yeni bir bağlantı iste.',
  resetLinkExpired: `Bu şifre sıfırlama bağlantısının süresi dolmuş (bağlantılar ${limits.auth.passwordResetHours} saat geçerlidir). Yeni bir bağlantı iste.`,
  resetLinkInvalid: 'Bu şifre sıfırlama bağlantısı geçersiz. Bağlantıyı e-postadan eksiksiz kopyaladığından emin ol ya da yeni bir bağlantı iste.',
} as const;

const M = userMessages;

const emailMax = limits.user.emailMax;

// ---------------------------------------------------------------------------------------------------------------
// Requests

/** POST /api/register. The confirm-password check ('Şifreler eşleşmiyor!') is the form's own. */
export const registerSchema = {
  $id: 'meydan/register',
  type: 'object',
  additionalProperties: false,
  required: ['username', 'email', 'displayName', 'password'],
  properties: {
    username: {
      type: 'string',
      minLength: limits.user.usernameMin,
      maxLength: limits.user.usernameMax,
      pattern: limits.user.usernamePattern,
      errorMessage: {
        type: M.usernameRequired,
        minLength: M.usernameMin,
        maxLength: M.usernameMax,
        pattern: M.usernamePattern,
      },
    },
    email: {
      type: 'string',
      maxLength: emailMax,
      format: 'email',
      errorMessage: { type: M.emailRequired, maxLength: M.emailInvalid, format: M.emailInvalid },
    },
    displayName: {
      type: 'string',
      pattern: notBlank,
      maxLength: limits.user.displayNameMax,
      errorMessage: { type: M.displayNameRequired, pattern: M.displayNameRequired, maxLength: M.displayNameMax },
    },
    password: {
      type: 'string',
      minLength: limits.user.passwordMin,
      maxLength: limits.user.passwordMax,
      errorMessage: { type: M.passwordRequired, minLength: M.passwordMin, maxLength: M.passwordMax },
    },
  },
  errorMessage: {
    type: M.bodyObject,
    required: {
      username: M.usernameRequired,
      email: M.emailRequired,
      displayName: M.displayNameRequired,
      password: M.passwordRequired,
    },
  },
} as const;
export type RegisterBody = FromSchema<typeof registerSchema>;

/** POST /api/login: e-mail and password required (no format check: a wrong address simply does not sign in). */
export const loginSchema = {
  $id: 'meydan/login',
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password'],
  properties: {
    email: {
      type: 'string',
      pattern: notBlank,
      maxLength: emailMax,
      errorMessage: { type: M.emailRequired, pattern: M.emailRequired, maxLength: M.emailInvalid },
    },
    password: {
      type: 'string',
      minLength: 1,
      maxLength: limits.user.passwordMax,
      errorMessage: { type: M.passwordRequired, minLength: M.passwordRequired, maxLength: M.passwordMax },
    },
    /** The solved bot challenge, needed once the account had repeated failed logins. */
    altcha: altchaPayloadField,
  },
  errorMessage: { type: M.bodyObject, required: { email: M.emailRequired, password: M.passwordRequired } },
} as const;
export type LoginBody = FromSchema<typeof loginSchema>;

/** POST /api/auth/forgot-password: always answered 202 with the same text, whether the address is known or not. */
export const forgotPasswordSchema = {
  $id: 'meydan/forgot-password',
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: {
    email: {
      type: 'string',
      maxLength: emailMax,
      format: 'email',
      errorMessage: { type: M.emailRequired, maxLength: M.emailInvalid, format: M.emailInvalid },
    },
  },
  errorMessage: { type: M.bodyObject, required: { email: M.emailRequired } },
} as const;
export type ForgotPasswordBody = FromSchema<typeof forgotPasswordSchema>;

/** POST /api/auth/reset-password: the token from the mailed link and the new password (registration's rules). */
export const resetPasswordSchema = {
  $id: 'meydan/reset-password',
  type: 'object',
  additionalProperties: false,
  required: ['token', 'password'],
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 200, errorMessage: M.resetLinkInvalid },
    password: {
      type: 'string',
      minLength: limits.user.passwordMin,
      maxLength: limits.user.passwordMax,
      errorMessage: { type: M.passwordRequired, minLength: M.passwordMin, maxLength: M.passwordMax },
    },
  },
  errorMessage: { type: M.bodyObject, required: { token: M.resetLinkInvalid, password: M.passwordRequired } },
} as const;
export type ResetPasswordBody = FromSchema<typeof resetPasswordSchema>;

/**
 * PATCH /api/users/{id}/profile as JSON: the questionnaire's basic information. Every field optional; birthPlace is
 * "country, city, district" joined with commas.
 */
export const profilePatchSchema = {
  $id: 'meydan/profile-patch',
  type: 'object',
  additionalProperties: false,
  properties: {
    birthDate: { type: 'string', format: 'date', errorMessage: M.birthDate },
    birthTime: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?$', errorMessage: M.birthTime },
    birthPlace: {
      type: 'string',
      pattern: notBlank,
      maxLength: limits.profile.birthPlaceMax,
      errorMessage: M.birthPlace,
    },
    gender: { type: 'string', enum: limits.profile.genders, errorMessage: M.gender },
    zodiacSign: { type: 'string', pattern: notBlank, maxLength: 30, errorMessage: M.zodiacSign },
  },
  errorMessage: { type: M.bodyObject },
} as const;
export type ProfilePatchBody = FromSchema<typeof profilePatchSchema>;

/**
 * PATCH /api/users/{id}/profile settings fields: displayName, bio, isProfilePublic. Sent as multipart text fields
 * (isProfilePublic then is 'true' or 'false', the optional avatar file travels beside them) or as JSON.
 */
export const profileSettingsSchema = {
  $id: 'meydan/profile-settings',
  type: 'object',
  additionalProperties: false,
  properties: {
    displayName: {
      type: 'string',
      pattern: notBlank,
      maxLength: limits.user.displayNameMax,
      errorMessage: { type: M.displayNameRequired, pattern: M.displayNameRequired, maxLength: M.displayNameMax },
    },
    bio: {
      type: ['string', 'null'],
      maxLength: limits.user.bioMax,
      errorMessage: { type: M.bioType, maxLength: M.bioMax },
    },
    isProfilePublic: { enum: [true, false, 'true', 'false'], errorMessage: M.profilePublic },
  },
  errorMessage: { type: M.bodyObject },
} as const;
export type ProfileSettingsBody = FromSchema<typeof profileSettingsSchema>;

/** POST /api/users/{id}/profile-answers: answers of the questionnaire; questions do not have to be answered. */
export const profileAnswersSchema = {
  $id: 'meydan/profile-answers',
  type: 'object',
  additionalProperties: false,
  required: ['answers'],
  properties: {
    answers: {
      type: 'array',
      maxItems: limits.profile.questionCount,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['questionId', 'answer', 'category'],
        properties: {
          questionId: { type: ['string', 'integer'], minLength: 1, maxLength: 64, errorMessage: M.answerQuestionId },
          answer: { type: ['string', 'integer'], minLength: 1, maxLength: 500, errorMessage: M.answerValue },
          category: { type: 'string', minLength: 1, maxLength: 64, errorMessage: M.answerCategory },
        },
        errorMessage: {
          required: { questionId: M.answerQuestionId, answer: M.answerValue, category: M.answerCategory },
        },
      },
      errorMessage: { type: M.answersRequired, maxItems: M.answersMax },
    },
  },
  errorMessage: { type: M.bodyObject, required: { answers: M.answersRequired } },
} as const;
export type ProfileAnswersBody = FromSchema<typeof profileAnswersSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Entities and answers

/** The signed-in user (GET /api/auth/session, POST /api/login). displayName falls back to username when null. */
export const userSchema = {
  $id: 'meydan/user',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'username', 'email', 'displayName', 'avatarUrl', 'role'],
  properties: {
    id: idField,
    username: { type: 'string' },
    email: { type: 'string' },
    displayName: displayNameField,
    avatarUrl: avatarUrlField,
    role: { type: 'string', enum: userRoles },
  },
} as const;
export type User = FromSchema<typeof userSchema>;

/**
 * GET /api/users/{id}: the profile view. email and the questionnaire data only for the user themself;
 * isFollowing only for a signed-in viewer looking at someone else.
 */
export const userProfileSchema = {
  $id: 'meydan/user-profile',
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'username',
    'displayName',
    'bio',
    'avatarUrl',
    'isProfilePublic',
    'aiAnalysisCompleted',
    'profileQuestionsCompleted',
    'followersCount',
    'followingCount',
    'pollsCount',
    'votesCount',
  ],
  properties: {
    id: idField,
    username: { type: 'string' },
    displayName: displayNameField,
    bio: { type: ['string', 'null'] },
    avatarUrl: avatarUrlField,
    isProfilePublic: { type: 'boolean' },
    aiAnalysisCompleted: { type: 'boolean' },
    profileQuestionsCompleted: { type: 'boolean' },
    followersCount: nullableCountField,
    followingCount: nullableCountField,
    pollsCount: nullableCountField,
    votesCount: nullableCountField,
    email: { type: 'string' },
    role: { type: 'string', enum: userRoles },
    createdAt: dateTimeField,
    isFollowing: { type: 'boolean' },
    birthDate: { type: ['string', 'null'] },
    birthTime: { type: ['string', 'null'] },
    birthPlace: { type: ['string', 'null'] },
    gender: { type: ['string', 'null'] },
    zodiacSign: { type: ['string', 'null'] },
  },
} as const;
export type UserProfile = FromSchema<typeof userProfileSchema>;

/** A row of the followers/following lists. isFollowing: whether the viewer follows this user. */
export const userListItemSchema = {
  $id: 'meydan/user-list-item',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'username', 'displayName', 'avatarUrl', 'isFollowing'],
  properties: {
    id: idField,
    username: { type: 'string' },
    displayName: displayNameField,
    avatarUrl: avatarUrlField,
    isFollowing: { type: 'boolean' },
  },
} as const;
export type UserListItem = FromSchema<typeof userListItemSchema>;

/** Follow state: GET /api/users/{id}/is-following and POST /api/users/{id}/follow (which adds message and counts). */
export const followStateSchema = {
  $id: 'meydan/follow-state',
  type: 'object',
  additionalProperties: false,
  required: ['following'],
  properties: {
    following: { type: 'boolean' },
    message: { type: 'string' },
    followersCount: nullableCountField,
    followingCount: nullableCountField,
  },
} as const;
export type FollowState = FromSchema<typeof followStateSchema>;

/**
 * POST/GET /api/users/{id}/analysis: the member's personality analysis, computed on the server (no external AI) from
 * the questionnaire answers and the member's own votes by topic. Trait scores 0–100; topic weights 0–1 (highest
 * first), which the for-you feed ranks polls by.
 */
export const personalityAnalysisSchema = {
  $id: 'meydan/personality-analysis',
  type: 'object',
  additionalProperties: false,
  required: ['traits', 'topics', 'summary', 'basedOn', 'computedAt'],
  properties: {
    traits: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'label', 'score', 'description'],
        properties: {
          key: { type: 'string' },
          label: { type: 'string' },
          score: { type: 'integer', minimum: 0, maximum: 100 },
          description: { type: 'string' },
        },
      },
    },
    topics: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['category', 'weight'],
        properties: { category: { type: 'string' }, weight: { type: 'number', minimum: 0, maximum: 1 } },
      },
    },
    summary: { type: 'string' },
    basedOn: {
      type: 'object',
      additionalProperties: false,
      required: ['answers', 'votes'],
      properties: { answers: { type: 'integer', minimum: 0 }, votes: { type: 'integer', minimum: 0 } },
    },
    computedAt: dateTimeField,
  },
} as const;
export type PersonalityAnalysis = FromSchema<typeof personalityAnalysisSchema>;
