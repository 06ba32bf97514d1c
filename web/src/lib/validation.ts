import { formatErrors, type SchemaTypes, type ValidationIssue, type ValidationResult } from '@meydan/proto';
import * as compiled from '../generated/validators';
import { formSchemas, type FormSchema } from './form-schemas';

/**
 * Form validation with the proto schemas, giving the same Turkish texts as the server. The schemas are compiled
 * ahead of time (web/scripts/validators-source.ts) because the site's CSP forbids the `eval` ajv would need here.
 */

export type { FormSchema };

interface CompiledValidator {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}

/** `validate()` of @meydan/proto for the form schemas: `{ok, value}` or `{ok: false, errors, message}`. */
export function validateForm<K extends FormSchema>(
  schema: K,
  data: unknown,
): ValidationResult<SchemaTypes[(typeof formSchemas)[K]]> {
  const fn = (compiled as unknown as Record<FormSchema, CompiledValidator>)[schema];
  if (fn(data)) return { ok: true, value: data as SchemaTypes[(typeof formSchemas)[K]] };
  const errors = formatErrors(formSchemas[schema], (fn.errors ?? []) as Parameters<typeof formatErrors>[1]);
  return { ok: false, errors, message: errors[0]?.message ?? '' };
}

/** The first message per field: what a form shows under each input. */
export function fieldErrors(errors: readonly ValidationIssue[]): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const { path, message } of errors) {
    const field = path.split('.')[0] ?? '';
    byField[field] ??= message;
  }
  return byField;
}
