/** Polls stored before they had search fields (model/index.ts `searchTerms`, `hashtags`) are given them at start. */
import { fillMissingField } from '@meydan/kit';
import { pollSearchFields } from '../domain/search-terms.js';
import type { Models } from '../model/index.js';

/** Gives every poll without search fields its fields, `batchSize` at a time; how many it gave them to. */
export function backfillSearchFields(ctx: { models: Models }, batchSize?: number): Promise<number> {
  const read = { title: 1, description: 1, options: 1 } as const;
  return fillMissingField(
    ctx.models.Poll,
    'searchTerms',
    read,
    (poll) => pollSearchFields(poll as { title: string; description: string | null; options: string[] }),
    batchSize,
  );
}
