/**
 * Every JSON Schema of the contracts, one folder per domain: users (the auth service's), polls, social,
 * notifications, contact and admin, each holding its HTTP bodies and answers, its NATS payloads and events and the
 * socket messages it pushes; system.ts holds what every service shares, common.ts the fragments without an `$id`.
 *
 * The registry and the type of each `$id` are derived from the domains' exports: a schema is an exported object with
 * an `$id`, and the data it describes is its `FromSchema` type. Adding a schema is writing it in its domain's folder.
 */
import type { FromSchema } from 'json-schema-to-ts';
import * as admin from './admin/index.js';
import * as contact from './contact/index.js';
import * as notifications from './notifications/index.js';
import * as polls from './polls/index.js';
import * as social from './social/index.js';
import * as system from './system.js';
import * as users from './users/index.js';

export * from './common.js';
export * from './system.js';
export * from './users/index.js';
export * from './polls/index.js';
export * from './social/index.js';
export * from './notifications/index.js';
export * from './contact/index.js';
export * from './admin/index.js';

const domains = { system, users, polls, social, notifications, contact, admin };
type Domain = (typeof domains)[keyof typeof domains];

/** The exports of one module that are schemas (an `$id` under `meydan/`). */
type SchemasOf<M> = M extends unknown ? Extract<M[keyof M], { readonly $id: `meydan/${string}` }> : never;

export type AnySchema = SchemasOf<Domain>;
export type SchemaId = AnySchema['$id'];

/** The type of the data each schema describes, by `$id`. */
export type SchemaTypes = { [S in AnySchema as S['$id']]: FromSchema<S> };

function schemasOf(modules: Record<string, Record<string, unknown>>): readonly AnySchema[] {
  const isSchema = (value: unknown): value is AnySchema =>
    typeof value === 'object' && value !== null && typeof (value as { $id?: unknown }).$id === 'string';
  return Object.values(modules).flatMap((module) => Object.values(module).filter(isSchema));
}

/** Every schema, registered by `createAjv()` and the services under its `$id`. */
export const allSchemas: readonly AnySchema[] = /*#__PURE__*/ schemasOf(domains);
