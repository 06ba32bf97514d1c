/**
 * User contracts, requests: registration, sign-in, password, profile and settings edits, the personality answers,
 * API tokens. The answers are in entities.ts.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { limits } from '../../limits.js';
import { idField, notBlank } from '../common.js';
import { altchaPayloadField } from './challenge.js';

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
  resetDone:
    'Şifren değiştirildi. Tüm cihazlardaki oturumların kapatıldı ve API anahtarların iptal edildi; yeni şifrenle giriş yapabilirsin.',
  resetLinkUsed: 'Bu şifre sıfırlama bağlantısı daha önce kullanılmış. Gerekirse yeni bir bağlantı iste.',
  resetLinkExpired: `Bu şifre sıfırlama bağlantısının süresi dolmuş (bağlantılar ${limits.auth.passwordResetHours} saat geçerlidir). Yeni bir bağlantı iste.`,
  tokenNameRequired: 'Anahtar için bir ad yaz (en fazla 60 karakter).',
  everywhere: 'everywhere true ya da false olmalıdır',
  resetLinkInvalid:
    'Bu şifre sıfırlama bağlantısı geçersiz. Bağlantıyı e-postadan eksiksiz kopyaladığından emin ol ya da yeni bir bağlantı iste.',
  settingBoolean: 'Ayar değeri true ya da false olmalıdır',
  settingsEmpty: 'Değiştirilecek bir ayar gönderilmedi',
  settingUnknown: 'Bilinmeyen bir ayar gönderildi',
  settingsSaved: 'Ayarların kaydedildi',
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

const settingField = { type: 'boolean', errorMessage: M.settingBoolean } as const;

/**
 * PATCH /api/users/me/settings: the profile's Settings tab. isProfilePublic hides poll and follower lists from all
 * but the owner and mutual followers; followRequestsEnabled makes a new follow wait for approval; notify* switch the
 * in-app notifications of votes, likes and comments on the member's polls, and notifyPollResults the one a voter gets
 * when a poll they voted on ends.
 */
export const userSettingsPatchSchema = {
  $id: 'meydan/user-settings-patch',
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    isProfilePublic: settingField,
    followRequestsEnabled: settingField,
    notifyVotes: settingField,
    notifyLikes: settingField,
    notifyComments: settingField,
    notifyPollResults: settingField,
  },
  errorMessage: { type: M.bodyObject, minProperties: M.settingsEmpty, additionalProperties: M.settingUnknown },
} as const;
export type UserSettingsPatchBody = FromSchema<typeof userSettingsPatchSchema>;

/** The member's settings: GET/PATCH /api/users/me/settings, and the `auth.users.settings` reply over NATS. */
export const userSettingsSchema = {
  $id: 'meydan/user-settings',
  type: 'object',
  additionalProperties: false,
  required: [
    'isProfilePublic',
    'followRequestsEnabled',
    'notifyVotes',
    'notifyLikes',
    'notifyComments',
    'notifyPollResults',
  ],
  properties: {
    isProfilePublic: { type: 'boolean' },
    followRequestsEnabled: { type: 'boolean' },
    notifyVotes: { type: 'boolean' },
    notifyLikes: { type: 'boolean' },
    notifyComments: { type: 'boolean' },
    notifyPollResults: { type: 'boolean' },
  },
} as const;
export type UserSettings = FromSchema<typeof userSettingsSchema>;

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

/** POST /api/logout: nothing (this device), or `{everywhere: true}` (every session and API token of the account). */
export const logoutSchema = {
  $id: 'meydan/logout',
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    everywhere: { type: 'boolean', errorMessage: M.everywhere },
  },
  errorMessage: { type: M.bodyObject },
} as const;
export type LogoutBody = FromSchema<typeof logoutSchema>;

/** POST /api/auth/password: the current password and the new one (registration's rules). */
export const passwordChangeSchema = {
  $id: 'meydan/password-change',
  type: 'object',
  additionalProperties: false,
  required: ['currentPassword', 'newPassword'],
  properties: {
    currentPassword: { type: 'string', minLength: 1, maxLength: limits.user.passwordMax },
    newPassword: { type: 'string', minLength: limits.user.passwordMin, maxLength: limits.user.passwordMax },
    /** The solved bot challenge, needed once the current password was typed wrong repeatedly. */
    altcha: altchaPayloadField,
  },
  errorMessage: {
    type: M.bodyObject,
    required: { currentPassword: 'Mevcut şifreni yaz.', newPassword: 'Yeni şifreni yaz.' },
    properties: { newPassword: M.passwordMin },
  },
} as const;
export type PasswordChangeBody = FromSchema<typeof passwordChangeSchema>;

/** POST /api/tokens: a name for a new personal API token. */
export const apiTokenCreateSchema = {
  $id: 'meydan/api-token-create',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1, maxLength: 60, pattern: notBlank } },
  errorMessage: {
    type: M.bodyObject,
    required: { name: M.tokenNameRequired },
    properties: { name: M.tokenNameRequired },
  },
} as const;
export type ApiTokenCreateBody = FromSchema<typeof apiTokenCreateSchema>;

/** DELETE /api/tokens/{id}. */
export const apiTokenIdParamsSchema = {
  $id: 'meydan/api-token-id-params',
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: idField },
} as const;
export type ApiTokenIdParams = FromSchema<typeof apiTokenIdParamsSchema>;
