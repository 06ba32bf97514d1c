import type { Redis } from 'ioredis';
import { keys } from './keys.js';

/** How long a copy of the set is trusted before it is read again (a ban made through another replica shows by then). */
const FRESH_MS = 1000;

/**
 * Members an administrator banned: their polls are hidden from every feed and direct view until reactivation.
 * A Redis set, read into memory at most once a second (the vote and view paths ask on every request, and the set
 * is small); a ban or reactivation this process handles takes effect here at once.
 */
export class BannedCreators {
  private copy: { members: Set<string>; until: number } | null = null;
  private reading: Promise<Set<string>> | null = null;
  /** Bumped by every change made here: a read that began before it is not kept. */
  private generation = 0;

  constructor(
    private readonly redis: Redis,
    private readonly key: string = keys.bannedCreators,
  ) {}

  async add(userId: string): Promise<void> {
    await this.redis.sadd(this.key, userId);
    this.forgetCopy();
  }

  async remove(userId: string): Promise<void> {
    await this.redis.srem(this.key, userId);
    this.forgetCopy();
  }

  async has(userId: string): Promise<boolean> {
    return (await this.members()).has(userId);
  }

  async all(): Promise<string[]> {
    return [...(await this.members())];
  }

  private forgetCopy(): void {
    this.generation += 1;
    this.copy = null;
    this.reading = null;
  }

  private async members(): Promise<Set<string>> {
    if (this.copy && this.copy.until > Date.now()) return this.copy.members;
    // Concurrent requests share one read.
    if (!this.reading) {
      const generation = this.generation;
      const reading = this.redis.smembers(this.key).then((list) => {
        const members = new Set(list);
        if (generation === this.generation) this.copy = { members, until: Date.now() + FRESH_MS };
        return members;
      });
      this.reading = reading;
      const done = () => {
        if (this.reading === reading) this.reading = null;
      };
      void reading.then(done, done);
    }
    return this.reading;
  }
}

/**
 * Polls the word filter holds for review (their `heldAt` in MongoDB is the record; this set, rebuilt from it at start,
 * is what the view paths ask): only their creators see them until a moderator approves them.
 */
export class HeldPolls extends BannedCreators {
  constructor(redis: Redis) {
    super(redis, keys.heldPolls);
  }
}
