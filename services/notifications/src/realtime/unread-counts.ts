import type { Socket } from 'socket.io';
import { TtlCache, type Logger } from '@meydan/kit';
import { serverEvents } from './events.js';

/** How long a member's unread count, once read, answers their sockets' greetings and `auth` messages. */
const UNREAD_COUNT_CACHE_MS = 2000;

/**
 * A member's unread count, read from MongoDB at most once per UNREAD_COUNT_CACHE_MS on this instance however many
 * sockets greet or send `auth`, and replaced by every count this instance announces.
 */
export class UnreadCounts {
  private readonly counts = new TtlCache<Promise<number>>(UNREAD_COUNT_CACHE_MS, 10_000);

  constructor(
    private readonly read: (userId: string) => Promise<number>,
    private readonly log: Logger,
  ) {}

  of(userId: string): Promise<number> {
    const cached = this.counts.get(userId);
    if (cached) return cached;
    // A promise of its own: the store's answer may be a query, which runs again at every await.
    const count = Promise.resolve(this.read(userId));
    this.counts.set(userId, count);
    count.catch(() => {
      if (this.counts.get(userId) === count) this.counts.delete(userId);
    });
    return count;
  }

  /** Reads the count anew (it changed); it answers the next greetings too. */
  refresh(userId: string): Promise<number> {
    this.counts.delete(userId);
    return this.of(userId);
  }

  /** The count changed and no socket here needs it now: the next greeting reads it anew. */
  forget(userId: string): void {
    this.counts.delete(userId);
  }

  /** A count this instance announces answers the next greetings too. */
  announced(userId: string, count: number): void {
    this.counts.set(userId, Promise.resolve(count));
  }

  async send(socket: Socket, userId: string): Promise<void> {
    try {
      socket.emit(serverEvents.notificationCount, { count: await this.of(userId) });
    } catch (err) {
      this.log.warn({ err }, 'unread count unavailable for a socket');
    }
  }
}
