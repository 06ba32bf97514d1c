/** Answers every service shares: the health answer and a plain message answer. */
import type { FromSchema } from 'json-schema-to-ts';

/**
 * `<service>.health` over NATS and GET /health over HTTP: ready is true when every used dependency answers.
 * checks holds one boolean per dependency the service uses (absent = not used).
 */
export const healthSchema = {
  $id: 'meydan/health',
  type: 'object',
  additionalProperties: false,
  required: ['service', 'ready', 'checks'],
  properties: {
    service: { type: 'string', minLength: 1 },
    ready: { type: 'boolean' },
    checks: {
      type: 'object',
      additionalProperties: false,
      properties: {
        nats: { type: 'boolean' },
        mongo: { type: 'boolean' },
        redis: { type: 'boolean' },
      },
    },
    version: { type: 'string' },
  },
} as const;
export type Health = FromSchema<typeof healthSchema>;

/** A plain answer with a Turkish message (registration, contact, delete, ban/activate, bulk e-mail ...). */
export const messageSchema = {
  $id: 'meydan/message',
  type: 'object',
  additionalProperties: false,
  required: ['message'],
  properties: {
    message: { type: 'string' },
  },
} as const;
export type MessageResponse = FromSchema<typeof messageSchema>;
