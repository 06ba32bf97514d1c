/**
 * ajv's errors as Turkish issues and the poll options parsing rule: what the browser's forms need, with no schema
 * and no ajv runtime behind it (the SPA bundles this file; the schemas and the validator stay in validation.ts).
 */
import type { ErrorObject } from 'ajv';

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

export interface ValidationIssue {
  /** Dotted path of the field: 'title', 'options', 'answers.0.answer'; '' for the body itself. */
  path: string;
  /** A Turkish sentence a user understands. */
  message: string;
}

export type ValidationResult<T = unknown> =
  | { ok: true; value: T }
  | { ok: false; errors: ValidationIssue[]; message: string };

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
