import { HttpError } from '@meydan/kit';
import { wordFilterRefusal, type ErrorBody, type FilteredField } from '@meydan/proto';
import type { AuthContext } from '../context.js';

/** A 400 shaped like the schema validation answers, naming the field the word filter caught. */
class FilteredText extends HttpError {
  constructor(readonly field: FilteredField) {
    super(400, 'validation', wordFilterRefusal(field));
  }

  override toBody(): ErrorBody & { fields: { path: string; message: string }[] } {
    return { ...super.toBody(), fields: [{ path: this.field, message: this.message }] };
  }
}

/**
 * Refuses a display name or bio the administrators' word filter catches: a 400 naming the field, never the word, and
 * nothing stored. Profiles have no held state, so an entry set to hold for review refuses here too.
 */
export async function refuseFiltered(ctx: AuthContext, fields: { displayName?: string | null | undefined; bio?: string | null | undefined }): Promise<void> {
  const hit = await ctx.wordFilter.check(fields);
  if (hit) throw new FilteredText(hit.field);
}
