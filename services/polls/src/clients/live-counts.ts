/**
 * Live counts on core NATS (`live.polls.counts`, shape in proto's contracts), coalesced per poll: published at once when the poll was quiet,
 * otherwise at most once per interval, and always followed by a trailing publish that reads the counts at that
 * moment, so the last message carries the exact final counts. Each message says who among the poll's followers may
 * get the counts right now (results-visibility.ts, `liveCountsAudience`): everyone; only its voters and/or its creator
 * (`countsTo`: the others get the total alone); or nobody (`countsHidden`: the counts never leave this service).
 * A vote accepted is told on `live.polls.voted`, so the voter's sockets join the poll's voters at once: the votes of
 * VOTED_BATCH_MS go in one message (a viral poll's thousand votes a second would otherwise cost a message, two contract
 * checks and an adapter broadcast each), sent before any counts that follow them.
 */
import type { Redis } from 'ioredis';
import { LIVE_VOTED_BATCH_MAX, live, type LiveVotedEntry } from '@meydan/proto';
import { Coalescer, type Bus, type Logger } from '@meydan/kit';
import { countsFromHash, voteCountsMap, type PollCounts } from '../domain/counts.js';
import { countsVisibleTo, liveCountsAudience, type ResultsFacts } from '../domain/results-visibility.js';
import { userIdOfVoter } from '../domain/voters.js';

/** What the publisher needs to know of a poll to decide to whom its counts may go. */
export type LiveFactsOf = (pollId: string) => Promise<Omit<ResultsFacts, 'creatorId'> | null>;

interface Change {
  optionsCount: number;
  /** The counts right after the change, when the caller knows them. */
  counts: PollCounts | undefined;
}

/** How long a vote told live waits for others to go with it (and the most that go in one message: proto's). */
export const VOTED_BATCH_MS = 20;

export class LiveCountsPublisher {
  private readonly coalescer: Coalescer<Change>;
  private closed = false;
  private voters: LiveVotedEntry[] = [];
  private votersTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly redis: Redis,
    intervalMs: number,
    private readonly log: Logger,
    private readonly factsOf: LiveFactsOf,
    /** The Redis key of a poll's counts hash (store/keys.ts), read again when a change's counts are not known. */
    private readonly countsKey: (pollId: string) => string,
  ) {
    this.coalescer = new Coalescer<Change>(intervalMs, (pollId, change, trailing) => {
      // A change that waited may have been overtaken by others: its counts are read again.
      if (change.counts && !trailing) void this.send(pollId, change.counts);
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
      const hash = await this.redis.hgetall(this.countsKey(pollId));
      if (this.closed || Object.keys(hash).length === 0) return;
      await this.send(pollId, countsFromHash(hash, optionsCount));
    } catch (err) {
      this.log.warn({ err, pollId }, 'live counts not published');
    }
  }

  private async send(pollId: string, counts: PollCounts): Promise<void> {
    try {
      const now = new Date();
      const facts = await this.factsOf(pollId);
      // Unknown facts (the poll is gone, or they cannot be read): nothing goes out rather than counts that may be hidden.
      if (!facts || this.bus.nc.isClosed()) return;
      const audience = liveCountsAudience(facts, now);
      const hidden = audience !== 'everyone' && audience.length === 0;
      // The votes these counts include are told first: their voters' sockets are in the voters' room when the counts come.
      this.flushVoters();
      this.bus.publishLive(live.pollCounts, {
        pollId,
        voteCounts: hidden ? {} : voteCountsMap(counts.votes),
        totalVotes: counts.total,
        at: now.toISOString(),
        ...(hidden ? { countsHidden: true as const } : audience === 'everyone' ? {} : { countsTo: audience }),
      });
    } catch (err) {
      this.log.warn({ err, pollId }, 'live counts not published');
    }
  }

  /**
   * A vote was accepted: the voter's sockets following the poll join its voters, and get `counts` (the counts right
   * after the vote) at once where the poll shows them to its voters now. Sent before the vote's counts go out.
   */
  voted(poll: ResultsFacts & { id: string }, voter: string, counts: PollCounts): void {
    if (this.closed || this.bus.nc.isClosed()) return;
    const now = new Date();
    // Counts that go to every follower (an always poll, not Dost Meclisi) need no voters' room, now or at its end.
    if (liveCountsAudience(poll, now) === 'everyone') return;
    const shown = countsVisibleTo(poll, userIdOfVoter(voter), true, now);
    this.tellVoter({
      pollId: poll.id,
      voter,
      ...(shown ? { voteCounts: voteCountsMap(counts.votes) } : {}),
      totalVotes: counts.total,
      at: now.toISOString(),
    });
  }

  /** A vote was taken back: the voter's sockets leave the poll's voters (no longer counted among them). */
  tookBack(poll: ResultsFacts & { id: string }, voter: string, counts: PollCounts): void {
    if (this.closed || this.bus.nc.isClosed()) return;
    if (liveCountsAudience(poll, new Date()) === 'everyone') return;
    this.tellVoter({ pollId: poll.id, voter, takenBack: true, totalVotes: counts.total, at: new Date().toISOString() });
  }

  /** Queues a voter's move for the next `live.polls.voted` (within VOTED_BATCH_MS, or at once when the batch is full). */
  private tellVoter(entry: LiveVotedEntry): void {
    this.voters.push(entry);
    if (this.voters.length >= LIVE_VOTED_BATCH_MAX) this.flushVoters();
    else this.votersTimer ??= setTimeout(() => this.flushVoters(), VOTED_BATCH_MS).unref();
  }

  /** Sends the queued voters' moves in one message (order kept: NATS delivers one connection's messages in order). */
  private flushVoters(): void {
    clearTimeout(this.votersTimer);
    this.votersTimer = undefined;
    if (!this.voters.length) return;
    const votes = this.voters;
    this.voters = [];
    try {
      if (!this.bus.nc.isClosed()) this.bus.publishLive(live.pollVoted, { votes });
    } catch (err) {
      this.log.warn({ err, votes: votes.length }, 'votes not told live');
    }
  }

  close(): void {
    this.flushVoters();
    this.closed = true;
    this.coalescer.close();
  }
}
