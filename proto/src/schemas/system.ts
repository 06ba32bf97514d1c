/**
 * Answers every service shares (the health answer, a plain message answer, the OpenAPI document) and the NATS
 * requests that carry nothing or one member.
 */
import type { FromSchema } from 'json-schema-to-ts';
import { idField } from './common.js';

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

/**
 * The body of a route that takes none (likes, shares, follows, marking read): nothing, or an empty JSON object.
 * Declared so every state-changing route says what it accepts.
 */
export const noBodySchema = {
  $id: 'meydan/no-body',
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {},
  errorMessage: { additionalProperties: 'Bu istek gövde almaz' },
} as const;
export type NoBody = FromSchema<typeof noBodySchema>;

/**
 * `<service>.openapi` over NATS: a service's OpenAPI 3.1 document of its public routes, as @fastify/swagger makes it.
 * Paths and components are checked only to be objects: their inside is the OpenAPI specification's business.
 */
export const openApiDocumentSchema = {
  $id: 'meydan/openapi-document',
  type: 'object',
  additionalProperties: false,
  required: ['openapi', 'info', 'paths'],
  properties: {
    openapi: { type: 'string', pattern: '^3\\.' },
    info: {
      type: 'object',
      required: ['title', 'version'],
      properties: { title: { type: 'string' }, version: { type: 'string' } },
    },
    jsonSchemaDialect: { type: 'string' },
    servers: { type: 'array', items: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } } },
    paths: { type: 'object', additionalProperties: { type: 'object' } },
    components: { type: 'object', additionalProperties: { type: 'object' } },
    security: { type: 'array', items: { type: 'object' } },
    tags: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
    externalDocs: { type: 'object' },
    webhooks: { type: 'object' },
  },
} as const;
export type OpenApiDocument = FromSchema<typeof openApiDocumentSchema>;

/** Any request that carries nothing (`<service>.health`, `auth.users.emails`): null or {}. */
export const emptyRequestSchema = {
  $id: 'meydan/nats-empty-request',
  anyOf: [{ type: 'null' }, { type: 'object', additionalProperties: false, properties: {} }],
} as const;
export type EmptyRequest = FromSchema<typeof emptyRequestSchema>;

/** `polls.users.counts` request (and any `{userId}` request). */
export const userIdRequestSchema = {
  $id: 'meydan/nats-user-id-request',
  type: 'object',
  additionalProperties: false,
  required: ['userId'],
  properties: { userId: idField },
} as const;
export type UserIdRequest = FromSchema<typeof userIdRequestSchema>;
