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

type ProfileTexts = { displayName?: string | null | undefined; bio?: string | null | undefined };

/**
 * A profile change's display name and bio against the word filter: a refusing entry refuses the change (400, nothing
 * stored); the fields only holding entries catch are answered apart, to be kept pending for review while the old
 * ones stay public. A refusing entry wins over a holding one.
 */
export async function heldProfileTexts(
  ctx: Pick<AuthContext, 'wordFilter'>,
  fields: ProfileTexts,
): Promise<ProfileTexts> {
  const hit = await ctx.wordFilter.check(fields);
  if (!hit) return {};
  if (hit.action === 'refuse') throw new FilteredText(hit.field);
  const held: ProfileTexts = {};
  for (const field of ['displayName', 'bio'] as const) {
    if (fields[field] != null && (await ctx.wordFilter.check({ [field]: fields[field] }))?.action === 'hold')
      held[field] = fields[field];
  }
  return held;
}
