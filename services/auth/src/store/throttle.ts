import type { Redis } from 'ioredis';

/** A fixed-window counter in Redis: `hit` counts one more (`undo` takes it back), `count` reads, `reset` clears. */
export class Counter {
  constructor(
    private readonly redis: Redis,
    private readonly name: string,
    private readonly windowSeconds: number,
  ) {}

  private key(id: string) {
    return `throttle:${this.name}:${id}`;
  }

  async hit(id: string): Promise<number> {
    const [[, count]] = (await this.redis
      .multi()
      .incr(this.key(id))
      .expire(this.key(id), this.windowSeconds, 'NX')
      .exec()) as [[null, number], [null, number]];
    return count;
  }

  /** Takes back one `hit`. */
  async undo(id: string): Promise<void> {
    await this.redis.decr(this.key(id));
  }

  async count(id: string): Promise<number> {
    return Number((await this.redis.get(this.key(id))) ?? 0);
  }

  async ttl(id: string): Promise<number> {
    return Math.max(1, await this.redis.ttl(this.key(id)));
  }

  async reset(id: string): Promise<void> {
    await this.redis.del(this.key(id));
  }
}
