import { formatIssues, type SchemaTypes, type ValidationIssue, type ValidationResult } from '@meydan/proto';
import type { formSchemas, FormSchema } from './form-schemas';

/**
 * Form validation with the proto schemas, giving the same Turkish texts as the server. The schemas are compiled
 * ahead of time (web/scripts/validators-source.ts) because the site's CSP forbids the `eval` ajv would need here.
 */

export type { FormSchema };

/**
 * A form's validator compiled ahead of time, with its fields in schema order: import it by name from
 * `generated/validators`, so a screen ships only the forms it uses.
 */
export interface CompiledForm {
  validate: { (data: unknown): boolean; errors?: unknown[] | null };
  fields: readonly string[];
}

/** `validate()` of @meydan/proto for a form schema: `{ok, value}` or `{ok: false, errors, message}`. */
export function validateForm<K extends FormSchema>(
  form: CompiledForm,
  _schema: K,
  data: unknown,
): ValidationResult<SchemaTypes[(typeof formSchemas)[K]]> {
  if (form.validate(data)) return { ok: true, value: data as SchemaTypes[(typeof formSchemas)[K]] };
  const errors = formatIssues(form.fields, (form.validate.errors ?? []) as Parameters<typeof formatIssues>[1]);
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
