/**
 * Validation against the proto schemas, the same in services and in the browser.
 *
 * - `createAjv()`: an ajv 8 instance with formats, ajv-errors (Turkish `errorMessage` texts), the custom keyword
 *   `meydanPollOptions` and every proto schema added under its `$id`. Fastify services can use it as their validator
 *   compiler (`app.setValidatorCompiler(({ schema }) => ajv.compile(schema))`).
 * - `validate(id, data)`: `{ ok: true, value }` or `{ ok: false, errors: [{ path, message }], message }`; `message`
 *   is the first Turkish message in the schema's field order, `path` a dotted path ('title', 'answers.0.answer', ''
 *   for the body itself). Defaults of the schema (e.g. poll type 'public') are written into `data`.
 * - Poll helpers: `parsePollOptions`, `normalizePollOptions`, `pollOptionsProblem`, `voteOptionIndex`,
 *   `resolvePollExpiry`, `isShareableRequest`.
 */
import { Ajv } from 'ajv';
import type { ErrorObject, SchemaValidateFunction, ValidateFunction } from 'ajv';
import ajvErrorsModule from 'ajv-errors';
import ajvFormatsModule from 'ajv-formats';
import { errorCatalogue } from './errors.js';
import { limits } from './limits.js';
import { allSchemas, pollMessages } from './schemas/index.js';
import type { AnySchema, PollCreateBody, PollVoteBody, SchemaId, SchemaTypes } from './schemas/index.js';

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

/**
 * The spec's option parsing rule: options arrive as an array of texts or as a JSON-encoded string of one; if parsing
 * fails they become empty. Array entries may also be option objects ({text}); anything else makes the parse fail.
 * Texts are returned as they are (see `normalizePollOptions` for trimmed, non-blank texts).
 */
export function parsePollOptions(value: unknown): string[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(list)) return [];
  const texts: string[] = [];
  for (const item of list) {
    if (typeof item === 'string') texts.push(item);
    else if (item && typeof item === 'object' && typeof (item as { text?: unknown }).text === 'string') {
      texts.push((item as { text: string }).text);
    } else return [];
  }
  return texts;
}

/** The texts of submitted options (array or JSON string), trimmed, blank ones dropped: what a poll stores. */
export function normalizePollOptions(value: unknown): string[] {
  const texts = Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : parsePollOptions(value);
  return texts.map((t) => t.trim()).filter((t) => t.length > 0);
}

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
export function createAjv(options: { coerceTypes?: boolean | 'array' } = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    removeAdditional: false,
    useDefaults: true,
    coerceTypes: options.coerceTypes ?? false,
    strict: false,
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
const schemasById = (): Map<string, AnySchema> => (byId ??= new Map<string, AnySchema>(allSchemas.map((s) => [s.$id, s])));

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

export interface ValidationIssue {
  /** Dotted path of the field: 'title', 'options', 'answers.0.answer'; '' for the body itself. */
  path: string;
  /** A Turkish sentence a user understands. */
  message: string;
}

export type ValidationResult<T = unknown> =
  | { ok: true; value: T }
  | { ok: false; errors: ValidationIssue[]; message: string };

/** Validates data against a proto schema by `$id`. Defaults of the schema are written into data. */
export function validate<Id extends SchemaId>(schemaId: Id, data: unknown): ValidationResult<SchemaTypes[Id]> {
  const fn = getValidator(schemaId);
  if (fn(data)) return { ok: true, value: data };
  const errors = formatErrors(schemaId, fn.errors ?? []);
  return { ok: false, errors, message: errors[0]?.message ?? errorCatalogue.validation.message };
}

// ---------------------------------------------------------------------------------------------------------------
// Error formatting

const unescapePointer = (s: string): string => s.replace(/~1/g, '/').replace(/~0/g, '~');
const escapePointer = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** JSON pointer of the field an ajv error is about (the missing or unknown property for those keywords). */
function errorPointer(err: ErrorObject): string {
  const params = err.params as Record<string, unknown>;
  if (err.keyword === 'errorMessage') {
    const inner = (params.errors as ErrorObject[] | undefined)?.[0];
    if (inner) {
      const innerPointer = errorPointer(inner);
      if (innerPointer.startsWith(err.instancePath)) return innerPointer;
    }
    return err.instancePath;
  }
  if ((err.keyword === 'required' || err.keyword === 'dependencies') && typeof params.missingProperty === 'string') {
    return `${err.instancePath}/${escapePointer(params.missingProperty)}`;
  }
  if (err.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    return `${err.instancePath}/${escapePointer(params.additionalProperty)}`;
  }
  return err.instancePath;
}

const pointerSegments = (pointer: string): string[] => pointer.split('/').slice(1).map(unescapePointer);

/** The Turkish text of an ajv error that carries no `errorMessage` of ours. */
function turkishMessage(err: ErrorObject, segments: string[]): string {
  const params = err.params as Record<string, unknown>;
  const name = [...segments].reverse().find((s) => !/^\d+$/.test(s));
  const field = name === undefined ? 'Gönderilen veri' : `"${name}" alanı`;
  const limit = params.limit;
  switch (err.keyword) {
    case 'required':
      return `${field} gerekli`;
    case 'additionalProperties':
      return `Bilinmeyen alan: "${String(params.additionalProperty)}"`;
    case 'type':
      if (segments.length === 0 && params.type === 'object') return 'Gönderilen veri bir JSON nesnesi olmalıdır';
      return `${field} için geçersiz türde bir değer gönderildi`;
    case 'format':
      if (params.format === 'email') return 'Geçerli bir e-posta adresi giriniz';
      if (params.format === 'date-time' || params.format === 'date') return `${field} geçerli bir tarih olmalıdır`;
      return `${field} geçerli bir biçimde değil`;
    case 'enum':
    case 'const':
      return `${field} için geçersiz bir değer gönderildi`;
    case 'minLength':
      return `${field} en az ${String(limit)} karakter olmalıdır`;
    case 'maxLength':
      return `${field} en fazla ${String(limit)} karakter olabilir`;
    case 'minimum':
      return `${field} en az ${String(limit)} olmalıdır`;
    case 'maximum':
      return `${field} en fazla ${String(limit)} olabilir`;
    case 'minItems':
      return `${field} en az ${String(limit)} öğe içermelidir`;
    case 'maxItems':
      return `${field} en fazla ${String(limit)} öğe içerebilir`;
    case 'pattern':
      return `${field} geçerli bir biçimde değil`;
    case 'propertyNames':
      return `${field} içinde geçersiz bir anahtar var`;
    default:
      return `${field} geçersiz`;
  }
}

/**
 * Turns ajv errors into Turkish issues, ordered by the schema's field order (errors about the body itself first,
 * unknown fields last). Errors of our `errorMessage` texts and of `meydanPollOptions` keep their message.
 */
export function formatErrors(schemaOrId: SchemaId | object | undefined, errors: readonly ErrorObject[]): ValidationIssue[] {
  let schema = (typeof schemaOrId === 'string' ? schemasById().get(schemaOrId) : schemaOrId) as
    | { properties?: Record<string, unknown>; $ref?: string }
    | undefined;
  if (schema?.$ref) schema = schemasById().get(schema.$ref) as typeof schema;
  return formatIssues(Object.keys(schema?.properties ?? {}), errors);
}

/**
 * ajv's errors as Turkish issues, ordered by the schema's top-level fields (`fieldOrder`); what `formatErrors` does
 * once it has the schema, for callers (the browser's forms) that carry the field order themselves.
 */
export function formatIssues(fieldOrder: readonly string[], errors: readonly ErrorObject[]): ValidationIssue[] {
  const order = fieldOrder;
  const rank = (segments: string[]): number => {
    const top = segments[0];
    if (top === undefined) return -1;
    const i = order.indexOf(top);
    return i === -1 ? order.length : i;
  };
  const seen = new Set<string>();
  const issues: { issue: ValidationIssue; rank: number }[] = [];
  for (const err of errors) {
    // "must match then schema" always comes with the error that explains it.
    if (err.keyword === 'if') continue;
    const segments = pointerSegments(errorPointer(err));
    const message =
      err.keyword === 'errorMessage' || err.keyword === 'meydanPollOptions'
        ? (err.message ?? turkishMessage(err, segments))
        : turkishMessage(err, segments);
    const path = segments.join('.');
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ issue: { path, message }, rank: rank(segments) });
  }
  return issues.sort((a, b) => a.rank - b.rank).map((x) => x.issue);
}

// ---------------------------------------------------------------------------------------------------------------
// Poll request helpers

/** The 0-based option index of a validated vote body (optionIndex wins over optionId). */
export function voteOptionIndex(body: PollVoteBody): number {
  if (typeof body.optionIndex === 'number') return body.optionIndex;
  return Number(body.optionId);
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
 * else expiresAt (ISO, must lie in the future and at most 30 days ahead; null = no expiry); else 24 hours.
 */
export function resolvePollExpiry(
  body: Pick<PollCreateBody, 'durationHours' | 'duration' | 'expiresAt'>,
  now: Date = new Date(),
): { ok: true; expiresAt: Date | null } | { ok: false; message: string } {
  const nowMs = now.getTime();
  const hours = body.durationHours ?? body.duration;
  if (hours !== undefined) return { ok: true, expiresAt: hours === 0 ? null : new Date(nowMs + hours * hourMs) };
  if (body.expiresAt === null) return { ok: true, expiresAt: null };
  if (typeof body.expiresAt === 'string') {
    const at = Date.parse(body.expiresAt);
    if (Number.isNaN(at)) return { ok: false, message: pollMessages.expiresAt };
    if (at <= nowMs) return { ok: false, message: pollMessages.expiresPast };
    if (at > nowMs + limits.poll.maxExpiryDays * dayMs + skewMs) return { ok: false, message: pollMessages.expiresTooLate };
    return { ok: true, expiresAt: new Date(at) };
  }
  return { ok: true, expiresAt: new Date(nowMs + limits.poll.defaultDurationHours * hourMs) };
}
