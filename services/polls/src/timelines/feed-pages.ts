/**
 * The visitor feeds' pages (which polls, in which order, and how many there are), kept for a moment: every visitor
 * asks for the same few pages, and finding them is MongoDB's heaviest read. Counts, likes and the visitor's own vote
 * are not kept: they are read fresh for each answer. A change this process makes to what a feed would find (a poll
 * created, edited or removed, a trending score rewritten) drops every kept page at once; changes made by other
 * replicas show within TTL_MS.
 */
import { TtlCache } from '@meydan/kit';
import type { PollChanged } from '../store/poll-changed.js';

const TTL_MS = 1000;
const MAX_PAGES = 500;

export class FeedPages<P> {
  private readonly pages = new TtlCache<P>(TTL_MS, MAX_PAGES);
  private generation = 0;

  /** Any change told drops the kept pages (a rescored poll may move, a removed one goes). */
  constructor(changes?: PollChanged) {
    changes?.listen(() => this.changed());
  }

  /** Something a feed would find changed: no kept page is answered again. */
  changed(): void {
    this.generation += 1;
    this.pages.clear();
  }

  /** The kept page for `key`, or the one `find` finds now (kept unless a change happened while it was found). */
  async get(key: string, find: () => Promise<P>): Promise<P> {
    const kept = this.pages.get(key);
    if (kept !== undefined) return kept;
    const generation = this.generation;
    const page = await find();
    if (generation === this.generation) this.pages.set(key, page);
    return page;
  }
}
