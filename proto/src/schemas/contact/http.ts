/** Contact form contract (POST /api/contact). */
import type { FromSchema } from 'json-schema-to-ts';
import { limits } from '../../limits.js';

/** Turkish texts of the contact form; the spec's own strings. */
export const contactMessages = {
  nameMin: 'İsim en az 2 karakter olmalıdır',
  nameMax: `İsim en fazla ${limits.contact.nameMax} karakter olabilir`,
  email: 'Geçerli bir e-posta adresi giriniz',
  subject: 'Konu seçiniz',
  messageMin: 'Mesaj en az 10 karakter olmalıdır',
  messageMax: `Mesaj en fazla ${limits.contact.messageMax} karakter olabilir`,
  challenge: 'Lütfen güvenlik doğrulamasını tamamlayın',
  bodyObject: 'Gönderilen veri bir JSON nesnesi olmalıdır',
} as const;

const M = contactMessages;

/**
 * {name, email, subject, message, turnstileToken}. name needs 2 and message 10 characters once trimmed; subject is
 * one of genel, teknik, hesap, ozellik, kvkk, sikayet; the bot-challenge token must be present.
 */
export const contactMessageSchema = {
  $id: 'meydan/contact-message',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'email', 'subject', 'message', 'turnstileToken'],
  properties: {
    name: {
      type: 'string',
      minLength: limits.contact.nameMin,
      maxLength: limits.contact.nameMax,
      // at least 2 characters once trimmed
      pattern: '^\\s*\\S[\\s\\S]*\\S\\s*$',
      errorMessage: { type: M.nameMin, minLength: M.nameMin, pattern: M.nameMin, maxLength: M.nameMax },
    },
    email: {
      type: 'string',
      maxLength: limits.user.emailMax,
      format: 'email',
      errorMessage: { type: M.email, maxLength: M.email, format: M.email },
    },
    subject: { type: 'string', enum: limits.contact.subjects, errorMessage: M.subject },
    message: {
      type: 'string',
      minLength: limits.contact.messageMin,
      maxLength: limits.contact.messageMax,
      // at least 10 characters once trimmed
      pattern: '^\\s*\\S[\\s\\S]{8,}\\S\\s*$',
      errorMessage: { type: M.messageMin, minLength: M.messageMin, pattern: M.messageMin, maxLength: M.messageMax },
    },
    turnstileToken: {
      type: 'string',
      minLength: 1,
      maxLength: limits.contact.turnstileTokenMax,
      errorMessage: M.challenge,
    },
  },
  errorMessage: {
    type: M.bodyObject,
    required: {
      name: M.nameMin,
      email: M.email,
      subject: M.subject,
      message: M.messageMin,
      turnstileToken: M.challenge,
    },
  },
} as const;
export type ContactMessageBody = FromSchema<typeof contactMessageSchema>;

/** The subjects of the contact form with their Turkish labels (the form's options and the support mail). */
export const contactSubjectLabels = {
  genel: 'Genel Soru',
  teknik: 'Teknik Destek',
  hesap: 'Hesap Sorunu',
  ozellik: 'Özellik Önerisi',
  kvkk: 'KVKK Talebi',
  sikayet: 'Şikayet',
} as const satisfies Record<(typeof limits.contact.subjects)[number], string>;

/** The stages a support ticket goes through, in order, with their Turkish labels (the support page's). */
export const contactStages = ['yeni', 'inceleniyor', 'cozum-asamasinda', 'cozuldu'] as const;
export const contactStageLabels = {
  yeni: 'Yeni',
  inceleniyor: 'İnceleniyor',
  'cozum-asamasinda': 'Çözüm Aşamasında',
  cozuldu: 'Çözüldü',
} as const satisfies Record<(typeof contactStages)[number], string>;

/** `POST /api/contact` answers 201 with the ticket number the sender quotes and the ticket's first stage. */
export const contactReceiptSchema = {
  $id: 'meydan/contact-receipt',
  type: 'object',
  additionalProperties: false,
  required: ['message', 'ticketNumber', 'status'],
  properties: {
    message: { type: 'string' },
    ticketNumber: { type: 'string', pattern: '^MYD-\\d{4}-\\d{6,}$' },
    status: { type: 'string', enum: contactStages },
  },
} as const;
export type ContactReceipt = FromSchema<typeof contactReceiptSchema>;

/** Turkish texts of the newsletter (subscribe answer, confirmation and unsubscribe pages). */
export const newsletterMessages = {
  email: 'Geçerli bir e-posta adresi giriniz',
  subscribed: 'Teşekkürler! Aboneliğini onaylaman için e-posta adresine bir bağlantı gönderdik.',
} as const;

/** `POST /api/newsletter/subscribe {email}`: the 'Abone Ol' boxes. */
export const newsletterSubscribeSchema = {
  $id: 'meydan/newsletter-subscribe',
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: {
    email: {
      type: 'string',
      maxLength: limits.user.emailMax,
      format: 'email',
      errorMessage: {
        type: newsletterMessages.email,
        maxLength: newsletterMessages.email,
        format: newsletterMessages.email,
      },
    },
  },
  errorMessage: { type: M.bodyObject, required: { email: newsletterMessages.email } },
} as const;
export type NewsletterSubscribeBody = FromSchema<typeof newsletterSubscribeSchema>;
