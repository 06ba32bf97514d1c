/** The word filter's entries: kept here, edited by the staff, asked for by polls and auth over `admin.word-filter`. */
import { isDuplicateKey, isObjectId } from '@meydan/kit';
import type { WordFilterCreate } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { addWordFilterEntry, removeWordFilterEntry, wordFilterEntries } from '../store/moderation.js';
import { wordFilterEntryView } from '../views/panel.js';
import { audit, type Staff } from './staff.js';

type Filter = Pick<AdminContext, 'models'>;

export const listWordFilter = async (ctx: Filter) => ({
  items: (await wordFilterEntries(ctx.models)).map(wordFilterEntryView),
});

/** Adds a word or pattern; null when it is there already. */
export async function addWordFilterWord(ctx: Filter, { pattern, action }: WordFilterCreate, by: Staff) {
  const entry = await addWordFilterEntry(ctx.models, pattern, action).catch((err: unknown) => {
    if (isDuplicateKey(err)) return null;
    throw err;
  });
  if (!entry) return null;
  await audit(ctx, by, 'word-filter.add', 'word-filter', String(entry._id), entry.action);
  return wordFilterEntryView(entry);
}

/** Removes an entry; false when there is no such entry (or the id is none). */
export async function removeWordFilterWord(ctx: Filter, id: string, by: Staff): Promise<boolean> {
  if (!isObjectId(id) || !(await removeWordFilterEntry(ctx.models, id))) return false;
  await audit(ctx, by, 'word-filter.remove', 'word-filter', id);
  return true;
}

/** The entries as polls and auth apply them. */
export const wordFilterForServices = async (ctx: Filter) => ({
  entries: (await wordFilterEntries(ctx.models)).map((e) => ({ pattern: e.pattern, action: e.action })),
});
