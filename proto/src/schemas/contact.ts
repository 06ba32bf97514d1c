/** Contact form contract (POST /api/contact). */
import type { FromSchema } from 'json-schema-to-ts';
import { limits } from '../limits.js';

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
    required: { name: M.nameMin, email: M.email, subject: M.subject, message: M.messageMin, turnstileToken: M.challenge },
  },
} as const;
export type ContactMessageBody = FromSchema<typeof contactMessageSchema>;
