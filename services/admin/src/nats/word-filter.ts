import { subjects } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { wordFilterForServices } from '../usecases/word-filter.js';

/** Polls and auth ask for the word filter's entries over `admin.word-filter` (and apply them within seconds). */
export function bindWordFilter(ctx: AdminContext): void {
  ctx.bus.respond(subjects.admin.wordFilter, () => wordFilterForServices(ctx));
}
