/**
 * A route's request and reply types come from the schema object it registers. `{ $ref: 'meydan/poll-vote' }` is the
 * type proto derives from the schema with that `$id` (`SchemaTypes`, built from the schema objects themselves, so
 * there is no second list to keep); an inline schema is its `FromSchema` type, its own `$ref`s into proto's schemas
 * resolved; anything else is `unknown`. The `$ref` strings stay what Fastify registers, so the OpenAPI documents and
 * the validators are what they were.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyTypeProvider } from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { AnySchema, SchemaTypes } from '@meydan/proto';

/** `meydan/poll#` and `meydan/poll` name the same schema. */
type SchemaIdOf<Ref extends string> = Ref extends `${infer Id}#` ? Id : Ref;

/** What an answer's `format: 'binary'` string is sent as: a file's bytes (an .xlsx export), or a stream of them (an avatar). */
type Bytes = [{ pattern: { type: 'string'; format: 'binary' }; output: Buffer | Readable }];

/**
 * The data a route schema describes, as validated (defaults filled in) or, with `Binary`, as answered: a
 * `format: 'binary'` string then is the bytes sent.
 */
export type TypeOfSchema<S, Binary extends Bytes | false = false> = S extends {
  readonly $ref: infer Ref extends string;
}
  ? SchemaIdOf<Ref> extends keyof SchemaTypes
    ? SchemaTypes[SchemaIdOf<Ref>]
    : unknown
  : S extends JSONSchema
    ? FromSchema<S, { references: AnySchema[]; deserialize: Binary }>
    : unknown;

/** The kit's Fastify type provider: request parts and replies typed by the schemas each route registers. */
export interface ProtoTypeProvider extends FastifyTypeProvider {
  validator: TypeOfSchema<this['schema']>;
  serializer: TypeOfSchema<this['schema'], Bytes>;
}

/** A service's app, as `createServiceApp` makes it and as its route plugins take it. */
export type ServiceApp = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ProtoTypeProvider>;
