/**
 * A poll's edited texts in MongoDB: which fields an edit changes, storing it, and putting it back when its event could
 * not be published. The edit is allowed only while the poll has no vote, claimed first in Redis (counting/edit-claims.ts).
 */
import { pollSearchFields } from '../domain/search-terms.js';
import type { Models, PollDoc } from '../model/index.js';

/** What an edit may change: the texts, and a scheduled poll's options before it opens. */
export type PollTextChanges = { title?: string; description?: string | null; options?: string[] };

/** The poll's new texts: only the fields that change (none: the edit changes nothing). */
export function textChanges(doc: Pick<PollDoc, 'title' | 'description' | 'options'>, set: PollTextChanges) {
  const changes: PollTextChanges = {};
  if (set.title !== undefined && set.title !== doc.title) changes.title = set.title;
  if (set.description !== undefined && set.description !== (doc.description ?? null))
    changes.description = set.description;
  if (set.options !== undefined && set.options.join('\u0000') !== doc.options.join('\u0000'))
    changes.options = set.options;
  return changes;
}

/**
 * Stores the edit (with `editedAt`, and the poll's search fields made anew); with `hold`, the poll is stored as held
 * for review for this edit (`heldAt`, `heldForEdit`: usecases/held.ts). Returns the poll as it now is (null when it is
 * gone) and the edit's time.
 */
export async function writeEdit(
  ctx: { models: Models },
  before: PollDoc,
  changes: PollTextChanges,
  hold: boolean,
): Promise<{ after: PollDoc | null; editedAt: Date }> {
  const editedAt = new Date();
  const held = hold ? { heldAt: editedAt, heldForEdit: true } : {};
  const after = (await ctx.models.Poll.findOneAndUpdate(
    { _id: before._id },
    { $set: { ...changes, ...pollSearchFields({ ...before, ...changes }), editedAt, ...held } },
    { returnDocument: 'after' },
  ).lean()) as PollDoc | null;
  return { after, editedAt };
}

/** Puts the texts (and the hold) back as they were before an edit whose event could not be published. */
export async function undoEdit(ctx: { models: Models }, before: PollDoc): Promise<void> {
  const restore = {
    title: before.title,
    description: before.description ?? null,
    options: before.options,
    editedAt: before.editedAt ?? null,
    heldAt: before.heldAt ?? null,
    heldForEdit: before.heldForEdit ?? false,
    ...pollSearchFields(before),
  };
  await ctx.models.Poll.updateOne({ _id: before._id }, { $set: restore }).catch(() => undefined);
}
