/**
 * Live counts on core NATS (`live.polls.counts`, shape in proto's contracts), coalesced per poll: published at once when the poll was quiet,
 * otherwise at most once per interval, and always followed by a trailing publish that reads the counts at that
 * moment, so the last message carries the exact final counts.
 */
import type { Redis } from 'ioredis';
import { live } from '@meydan/proto';
import { Coalescer, type Bus, type Logger } from '@meydan/kit';
import { countsFromHash, voteCountsMap, type PollCounts } from '../domain/counts.js';
import { keys } from '../store/keys.js';

interface Change {
  optionsCount: number;
  /** The counts right after the change, when the caller knows them. */
  counts: PollCounts | undefined;
}

export class LiveCountsPublisher {
  private readonly coalescer: Coalescer<Change>;
  private closed = false;

  constructor(
    private readonly bus: Bus,
    private readonly redis: Redis,
    intervalMs: number,
    private readonly log: Logger,
  ) {
    this.coalescer = new Coalescer<Change>(intervalMs, (pollId, change, trailing) => {
      // A change that waited may have been overtaken by others: its counts are read again.
      if (change.counts && !trailing) this.send(pollId, change.counts);
      else void this.sendCurrent(pollId, change.optionsCount);
    });
  }

  /** Something changed the poll's counts; `counts` are the counts right after the change, when known. */
  touch(pollId: string, optionsCount: number, counts?: PollCounts): void {
    if (this.closed) return;
    this.coalescer.push(pollId, { optionsCount, counts });
  }

  private async sendCurrent(pollId: string, optionsCount: number): Promise<void> {
    try {
      const hash = await this.redis.hgetall(keys.counts(pollId));
      if (this.closed || Object.keys(hash).length === 0) return;
      this.send(pollId, countsFromHash(hash, optionsCount));
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

  close(): void {
    this.closed = true;
    this.coalescer.close();
  }
}
