/**
 * Live counts on core NATS (`live.polls.counts`, shape in proto's contracts), coalesced per poll: published at once when the poll was quiet,
 * otherwise at most once per interval, and always followed by a trailing publish that reads the counts at that
 * moment, so the last message carries the exact final counts.
 */
import type { Redis } from 'ioredis';
import { live } from '@meydan/proto';
import type { Bus, Logger } from '@meydan/kit';
import { countsFromHash, voteCountsMap, type PollCounts } from '../domain/counts.js';
import { keys } from '../store/keys.js';

interface PollState {
  last: number;
  optionsCount: number;
  timer: NodeJS.Timeout | undefined;
}

export class LiveCounts {
  private readonly polls = new Map<string, PollState>();
  private closed = false;

  constructor(
    private readonly bus: Bus,
    private readonly redis: Redis,
    private readonly intervalMs: number,
    private readonly log: Logger,
  ) {}

  /** Something changed the poll's counts; `counts` are the counts right after the change, when known. */
  touch(pollId: string, optionsCount: number, counts?: PollCounts): void {
    if (this.closed) return;
    const now = Date.now();
    let state = this.polls.get(pollId);
    if (!state) {
      if (this.polls.size > 50_000) this.prune(now);
      state = { last: 0, optionsCount, timer: undefined };
      this.polls.set(pollId, state);
    }
    state.optionsCount = optionsCount;
    if (state.timer) return;
    const wait = state.last + this.intervalMs - now;
    if (wait <= 0 && counts) {
      state.last = now;
      this.send(pollId, counts);
      return;
    }
    state.timer = setTimeout(() => void this.trailing(pollId), Math.max(wait, 0));
  }

  private async trailing(pollId: string): Promise<void> {
    const state = this.polls.get(pollId);
    if (!state || this.closed) return;
    state.timer = undefined;
    state.last = Date.now();
    try {
      const hash = await this.redis.hgetall(keys.counts(pollId));
      if (Object.keys(hash).length === 0) return;
      this.send(pollId, countsFromHash(hash, state.optionsCount));
    } catch (err) {
      this.log.warn({ err, pollId }, 'live counts not published');
    }
  }

  private send(pollId: string, counts: PollCounts): void {
    if (this.bus.nc.isClosed()) return;
    this.bus.publishLive(live.pollCounts, {
      pollId,
      voteCounts: voteCountsMap(counts.votes),
      totalVotes: counts.total,
      at: new Date().toISOString(),
    });
  }

  private prune(now: number): void {
    for (const [id, s] of this.polls) if (!s.timer && now - s.last > this.intervalMs) this.polls.delete(id);
  }

  close(): void {
    this.closed = true;
    for (const s of this.polls.values()) if (s.timer) clearTimeout(s.timer);
    this.polls.clear();
  }
}
