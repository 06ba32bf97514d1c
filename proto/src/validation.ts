/**
 * Validation against the proto schemas, the same in services and in the browser.
 *
 * - `createAjv()`: an ajv 8 instance with formats, ajv-errors (Turkish `errorMessage` texts), the custom keyword
 *   `meydanPollOptions` and every proto schema added under its `$id`. Fastify services can use it as their validator
 *   compiler (`app.setValidatorCompiler(({ schema }) => ajv.compile(schema))`).
 * - `validate(id, data)`: `{ ok: true, value }` or `{ ok: false, errors: [{ path, message }], message }`; `message`
 *   is the first Turkish message in the schema's field order, `path` a dotted path ('title', 'answers.0.answer', ''
 *   for the body itself). Defaults of the schema (e.g. poll type 'public') are written into `data`.
 * - Poll helpers: `parsePollOptions`, `normalizePollOptions`, `pollOptionsProblem`, `voteOptionIndex`, `voteOptionIndexes`,
 *   `resolvePollExpiry`, `resolvePollSchedule`, `isShareableRequest`.
 */
import { Ajv } from 'ajv';
import type { ErrorObject, SchemaValidateFunction, ValidateFunction } from 'ajv';
import ajvErrorsModule from 'ajv-errors';
import ajvFormatsModule from 'ajv-formats';
import { errorCatalogue } from './errors.js';
import { limits } from './limits.js';
import { allSchemas, pollMessages } from './schemas/index.js';
import { formatIssues, normalizePollOptions, type ValidationIssue, type ValidationResult } from './issues.js';
import type { AnySchema, PollCreateBody, PollVoteBody, SchemaId, SchemaTypes, ShareVoteBody } from './schemas/index.js';

// ajv-formats and ajv-errors are CommonJS with `exports.default`: Node hands us module.exports, bundlers may hand us
// exports.default; both carry `.default`.
type PluginOf<M> = M extends { default: infer P } ? P : M;
function interop<M>(mod: M): PluginOf<M> {
  const withDefault = mod as { default?: unknown };
  return (withDefault.default ?? mod) as PluginOf<M>;
}
const addFormats = interop(ajvFormatsModule);
const addErrors = interop(ajvErrorsModule);

// ---------------------------------------------------------------------------------------------------------------
// Poll options

const codePoints = (s: string): number => [...s].length;

/**
 * The Turkish problem of submitted options, or null when they are fine: at least 2 and at most 6 non-blank options,
 * each at most 100 characters.
 */
export function pollOptionsProblem(value: unknown): string | null {
  const texts = normalizePollOptions(value);
  if (texts.length < limits.poll.optionsMin) return pollMessages.optionsMin;
  if (texts.length > limits.poll.optionsMax) return pollMessages.optionsMax;
  if (texts.some((t) => codePoints(t) > limits.poll.optionMax)) return pollMessages.optionMax;
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// ajv

const pollOptionsKeyword: SchemaValidateFunction = (enabled: unknown, data: unknown): boolean => {
  pollOptionsKeyword.errors = [];
  if (enabled !== true) return true;
  const problem = pollOptionsProblem(data);
  if (problem === null) return true;
  pollOptionsKeyword.errors = [{ keyword: 'meydanPollOptions', message: problem, params: {} }];
  return false;
};

/** A fresh ajv instance knowing every proto schema (by `$id`), the formats, ajv-errors and `meydanPollOptions`. */
export function createAjv(options: { coerceTypes?: boolean | 'array'; validateSchema?: boolean } = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    removeAdditional: false,
    useDefaults: true,
    coerceTypes: options.coerceTypes ?? false,
    strict: false,
    // The schemas are checked against JSON Schema's meta-schema once, by proto's tests (schemas.test.ts), not by every
    // instance of every process: compiling the meta-schema was about a tenth of a service's start-up CPU.
    validateSchema: options.validateSchema ?? false,
  });
  addFormats(ajv);
  addErrors(ajv);
  ajv.addKeyword({
    keyword: 'meydanPollOptions',
    type: ['string', 'array'],
    schemaType: 'boolean',
    errors: true,
    validate: pollOptionsKeyword,
  });
  for (const schema of allSchemas) ajv.addSchema(schema);
  return ajv;
}

let sharedAjv: Ajv | undefined;
const validators = new Map<string, ValidateFunction>();
let byId: Map<string, AnySchema> | undefined;
/** Every proto schema by `$id`, built on first use (a browser bundle that never looks a schema up leaves them out). */
const schemasById = (): Map<string, AnySchema> =>
  (byId ??= new Map<string, AnySchema>(allSchemas.map((s) => [s.$id, s])));

/** The compiled validator of a proto schema (compiled once, on a shared instance). */
export function getValidator<Id extends SchemaId>(schemaId: Id): ValidateFunction<SchemaTypes[Id]> {
  let fn = validators.get(schemaId);
  if (!fn) {
    if (!schemasById().has(schemaId)) throw new Error(`Unknown schema id: ${schemaId}`);
    sharedAjv ??= createAjv();
    fn = sharedAjv.getSchema(schemaId);
    if (!fn) throw new Error(`Schema could not be compiled: ${schemaId}`);
    validators.set(schemaId, fn);
  }
  return fn as ValidateFunction<SchemaTypes[Id]>;
}

/** Validates data against a proto schema by `$id`. Defaults of the schema are written into data. */
export function validate<Id extends SchemaId>(schemaId: Id, data: unknown): ValidationResult<SchemaTypes[Id]> {
  const fn = getValidator(schemaId);
  if (fn(data)) return { ok: true, value: data };
  const errors = formatErrors(schemaId, fn.errors ?? []);
  return { ok: false, errors, message: errors[0]?.message ?? errorCatalogue.validation.message };
}

/**
 * Turns ajv errors into Turkish issues, ordered by the schema's field order (errors about the body itself first,
 * unknown fields last). Errors of our `errorMessage` texts and of `meydanPollOptions` keep their message.
 */
export function formatErrors(
  schemaOrId: SchemaId | object | undefined,
  errors: readonly ErrorObject[],
): ValidationIssue[] {
  let schema = (typeof schemaOrId === 'string' ? schemasById().get(schemaOrId) : schemaOrId) as
    | { properties?: Record<string, unknown>; $ref?: string }
    | undefined;
  if (schema?.$ref) schema = schemasById().get(schema.$ref) as typeof schema;
  return formatIssues(Object.keys(schema?.properties ?? {}), errors);
}

// ---------------------------------------------------------------------------------------------------------------
// Poll request helpers

/** The 0-based option index of a validated vote body (optionIndex wins over optionId). */
export function voteOptionIndex(body: PollVoteBody): number {
  if (typeof body.optionIndex === 'number') return body.optionIndex;
  return Number(body.optionId);
}

/** The options of a validated vote body's ballot (optionIndexes, else the one of optionIndex/optionId). */
export function voteOptionIndexes(body: PollVoteBody | ShareVoteBody): number[] {
  if (body.optionIndexes) return [...body.optionIndexes];
  return [voteOptionIndex(body as PollVoteBody)];
}

/** Whether a validated create-poll body asks for a shareable poll. */
export function isShareableRequest(body: Pick<PollCreateBody, 'isShareable' | 'shareable'>): boolean {
  return body.isShareable === true || body.shareable === true;
}

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;
/** Clock skew tolerated when checking an explicit expiresAt against the 30-day limit. */
const skewMs = 60_000;

/**
 * The expiry of a validated create-poll body: durationHours (or duration) from the duration choices, 0 = no expiry;
 * else expiresAt (ISO, must lie in the future and at most 30 days after `from`; null = no expiry); else 24 hours.
 * Durations count from `from`: now, or the opening of a scheduled poll (see `resolvePollSchedule`).
 */
export function resolvePollExpiry(
  body: Pick<PollCreateBody, 'durationHours' | 'duration' | 'expiresAt'>,
  now: Date = new Date(),
  from: Date = now,
): { ok: true; expiresAt: Date | null } | { ok: false; message: string } {
  const nowMs = now.getTime();
  const fromMs = from.getTime();
  const hours = body.durationHours ?? body.duration;
  if (hours !== undefined) return { ok: true, expiresAt: hours === 0 ? null : new Date(fromMs + hours * hourMs) };
  if (body.expiresAt === null) return { ok: true, expiresAt: null };
  if (typeof body.expiresAt === 'string') {
    const at = Date.parse(body.expiresAt);
    if (Number.isNaN(at)) return { ok: false, message: pollMessages.expiresAt };
    if (at <= nowMs) return { ok: false, message: pollMessages.expiresPast };
    if (at > fromMs + limits.poll.maxExpiryDays * dayMs + skewMs)
      return { ok: false, message: pollMessages.expiresTooLate };
    return { ok: true, expiresAt: new Date(at) };
  }
  return { ok: true, expiresAt: new Date(fromMs + limits.poll.defaultDurationHours * hourMs) };
}

/**
 * The opening and the expiry of a validated create-poll body. `startsAt` (optional; null: open at once) must lie in the
 * future, at most 30 days ahead, and before the expiry; the expiry is `resolvePollExpiry`'s, its durations counted from
 * the opening. A refusal names the field it is about.
 */
export function resolvePollSchedule(
  body: Pick<PollCreateBody, 'durationHours' | 'duration' | 'expiresAt' | 'startsAt'>,
  now: Date = new Date(),
):
  | { ok: true; startsAt: Date | null; expiresAt: Date | null }
  | { ok: false; field: 'startsAt' | 'expiresAt'; message: string } {
  const nowMs = now.getTime();
  let startsAt: Date | null = null;
  if (body.startsAt !== undefined) {
    const at = Date.parse(body.startsAt);
    if (Number.isNaN(at)) return { ok: false, field: 'startsAt', message: pollMessages.startsAt };
    if (at <= nowMs) return { ok: false, field: 'startsAt', message: pollMessages.startsPast };
    if (at > nowMs + limits.poll.maxExpiryDays * dayMs + skewMs)
      return { ok: false, field: 'startsAt', message: pollMessages.startsTooLate };
    startsAt = new Date(at);
  }
  const expiry = resolvePollExpiry(body, now, startsAt ?? now);
  if (!expiry.ok) return { ok: false, field: 'expiresAt', message: expiry.message };
  if (startsAt && expiry.expiresAt && startsAt.getTime() >= expiry.expiresAt.getTime())
    return { ok: false, field: 'startsAt', message: pollMessages.startsAfterEnd };
  return { ok: true, startsAt, expiresAt: expiry.expiresAt };
}
