/**
 * The bot challenge (ALTCHA proof of work): `GET /api/auth/challenge` hands one out, the widget solves it in the
 * browser and the form sends the solved payload (base64 JSON) in its `altcha` field. Used by the login after
 * repeated failures and by the contact form.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { limits } from '../../limits.js';

export const challengeMessages = {
  required: 'Lütfen güvenlik doğrulamasını tamamlayın',
  payload: 'Güvenlik doğrulaması geçersiz ya da süresi dolmuş. Lütfen yeniden doğrula.',
} as const;

/** The `altcha` field of a form: the widget's solved payload. */
export const altchaPayloadField = {
  type: 'string',
  minLength: 1,
  maxLength: limits.challenge.payloadMax,
  pattern: '^[A-Za-z0-9+/=_-]+$',
  errorMessage: challengeMessages.payload,
} as const;

/** A challenge as the widget reads it (altcha-lib v2's `Challenge`). */
export const botChallengeSchema = {
  $id: 'meydan/bot-challenge',
  type: 'object',
  additionalProperties: false,
  required: ['parameters', 'signature'],
  properties: {
    parameters: {
      type: 'object',
      additionalProperties: false,
      required: ['algorithm', 'nonce', 'salt', 'cost', 'keyLength', 'keyPrefix'],
      properties: {
        algorithm: { type: 'string' },
        nonce: { type: 'string' },
        salt: { type: 'string' },
        cost: { type: 'integer' },
        keyLength: { type: 'integer' },
        keyPrefix: { type: 'string' },
        keySignature: { type: 'string' },
        memoryCost: { type: 'integer' },
        parallelism: { type: 'integer' },
        expiresAt: { type: 'integer' },
        data: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean', 'null'] } },
      },
    },
    signature: { type: 'string' },
  },
} as const;
export type BotChallenge = FromSchema<typeof botChallengeSchema>;
