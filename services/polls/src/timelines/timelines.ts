/**
 * The feeds' timelines in Redis, so that a feed page reads no MongoDB (DeathStarBench's home timelines): sorted sets
 * of the polls a feed may show, MongoDB's rank rows the record they are rebuilt from.
 *
 * - `new:all` / `hot:all` (and per category `new:c:<slug>` / `hot:c:<slug>`): the public and private polls, by
 *   creation time and by trending score; every member sees them all. `pub:new:all`, `pub:hot:all` and their
 *   `pub:…:c:<slug>`: the public ones alone, a visitor's feeds.
 * - `fc:<creatorId>`: one creator's Dost Meclisi polls by creation time, and `fhot` their trending scores: a member's
 *   feed reads those of its circle (itself and its mutual followers, as social tells them now), so a follow or an
 *   unfollow changes the feed at once with no timeline to rewrite.
 * - `facts`: poll id → `type|category|creatorId|expiresAtMs` (which sets hold it), `ends`: expiring polls by their end.
 *
 * Share-link polls, deleted and closed polls are in none of them; expired ones are dropped by the read that first
 * finds them expired; a banned creator's polls are left out when the timelines are rebuilt (a ban or a reactivation
 * rebuilds them).
 *
 * The timelines are kept in FEED_SHARDS complete copies (shards), each under a hash tag of its own spread over a
 * cluster's slots (shards.ts): every step that names several keys is one script on one shard, so one node. A reader
 * reads one shard (a member always the same one), so reads are spread over the masters; every change is written to
 * every shard (a bounded fan-out: a poll's score is rewritten at most once a second). Each shard is rebuilt alone when
 * it is missing (a cold start, a flushed or replaced master), by one instance under the kit's lock while the others
 * wait for it; a shard that does not answer (its master is gone) is left alone for a moment and its readers get null
 * (the caller reads MongoDB), while the other shards go on. A change it missed has it rebuilt once it answers again.
 */
import type { Redis } from 'ioredis';
import { defineScripts, tryLock, waitUnlocked, within, type Logger } from '@meydan/kit';
import type { Cursor } from '../domain/cursor.js';
import { timelinePage, type Ranked, type TimelinePage } from '../domain/timeline-pages.js';
import type { Models } from '../model/index.js';
import { keys } from '../store/keys.js';
import type { PollChanged } from '../store/poll-changed.js';
import { shardOfReader, shardTags } from './shards.js';
import { ADD, CLEAR, DROP, READ, RESCORE, type TimelineCommands } from './timeline-scripts.js';

/**
 * The keys of one shard of one database's timelines (a deployment has one database; tests give every service its
 * own, on one Redis), `tag` the shard's hash tag (shards.ts). Every key shares it, so a script's keys are in one slot.
 */
export function timelineKeys(tag: string) {
  const base = `feed:{${tag}}:`;
  return {
    facts: `${base}facts`,
    built: `${base}built`,
    // In the shard's slot too: a master's loss stops only the rebuilds of its own shards.
    lock: `lock:feed-rebuild:{${tag}}`,
  };
}

/** The shared timeline a feed reads, after its shard's `feed:{<tag>}:`. */
function timelineName(order: Order, category: string | undefined, audience: Audience): string {
  return `${audience === 'visitors' ? 'pub:' : ''}${order}:${category ? `c:${category}` : 'all'}`;
}

type Order = 'new' | 'hot';
/** Who reads: members see public and private polls (and their circle's Dost Meclisi ones), visitors public ones. */
type Audience = 'members' | 'visitors';

/** What a timeline needs of a poll: its rank row's fields. */
export interface TimelinePoll {
  _id: unknown;
  type: string;
  category: string;
  creatorId: string;
  isShareable: boolean;
  expiresAt?: Date | null | undefined;
  createdAt: Date;
  hot: number;
}

/** Which feed, for whom, which page. */
export interface TimelineQuery {
  feed: 'trending' | 'new' | 'friends';
  category?: string | undefined;
  /** Whose page it is (a member's or a visitor's id; the shard it is read from), null: any shard. */
  reader: string | null;
  /** Members see public and private polls, visitors public ones (and never a friends feed). */
  audience: Audience;
  /** The member and their mutual followers: whose Dost Meclisi polls the feed may show (none for a visitor). */
  circle: readonly string[];
  /** Creators whose polls are hidden (banned): left out of the circle's polls. */
  hiddenCreators: readonly string[];
  limit: number;
  at: { page?: number | undefined; cursor: Cursor | null };
  now: Date;
}

/** How the Timelines reach their shards. */
export interface ShardOptions {
  /** How many copies of the timelines are kept (FEED_SHARDS). */
  shards: number;
  /** How long a shard's step may take before its shard is taken for gone (FEED_SHARD_TIMEOUT_MS). */
  timeoutMs: number;
}

/** One copy of the timelines, and what this process knows of its health. */
interface Shard {
  index: number;
  key: ReturnType<typeof timelineKeys>;
  /** Until when (ms) its steps are not tried: it failed or did not answer a moment ago. */
  resting: number;
  /** It missed a change (a write that failed): its built marker goes before it is read again, so it is rebuilt. */
  stale: boolean;
}

const REBUILD_LOCK_MS = 30_000;
/** Polls created this long before a rebuild's read began are caught up after it (their own add may have come between). */
const CATCH_UP_MS = 2_000;
/** How long a shard that failed is left alone before it is tried again (its readers read MongoDB meanwhile). */
const REST_MS = 1_000;

export class Timelines {
  private readonly redis: Redis & TimelineCommands;
  private readonly shards: Shard[];
  private readonly timeoutMs: number;

  constructor(
    redis: Redis,
    private readonly models: Models,
    private readonly log: Logger,
    /** Rescored polls are moved, removed ones dropped. */
    changes?: PollChanged,
    options: ShardOptions = { shards: 1, timeoutMs: 2_000 },
  ) {
    changes?.listen((change) =>
      change.kind === 'removed' ? this.drop(change.pollId) : this.rescore(change.pollId, change.hot),
    );
    this.redis = defineScripts<TimelineCommands>(redis, {
      pollsTimelineAdd: { keys: 1, lua: ADD },
      pollsTimelineDrop: { keys: 1, lua: DROP },
      pollsTimelineRescore: { keys: 1, lua: RESCORE },
      pollsTimelineClear: { keys: 1, lua: CLEAR },
      pollsTimelineRead: { keys: 1, lua: READ },
    });
    this.shards = shardTags(models.Poll.db.name, options.shards).map((tag, index) => ({
      index,
      key: timelineKeys(tag),
      resting: 0,
      stale: false,
    }));
    this.timeoutMs = options.timeoutMs;
  }

  /** The shard a reader's pages come from (a visitor without an id: any). */
  shardOf(reader: string | null): number {
    return reader === null ? Math.floor(Math.random() * this.shards.length) : shardOfReader(reader, this.shards.length);
  }

  /** The hash tags of the shards, in shard order (for tests and operators: which node holds which shard). */
  get tags(): string[] {
    return this.shards.map((s) => s.key.facts.slice('feed:{'.length, -'}:facts'.length));
  }

  /** Puts a poll in the timelines of its feeds (again, with its current end); a share-link poll goes nowhere. */
  async add(poll: TimelinePoll): Promise<void> {
    if (poll.isShareable) return;
    await this.everyShard('add', (shard) => this.addTo(shard, poll));
  }

  private addTo(shard: Shard, poll: TimelinePoll): Promise<number> {
    return this.redis.pollsTimelineAdd(
      shard.key.facts,
      String(poll._id),
      poll.type,
      poll.category,
      poll.creatorId,
      String(poll.expiresAt ? new Date(poll.expiresAt).getTime() : 0),
      String(new Date(poll.createdAt).getTime()),
      String(poll.hot),
    );
  }

  /** Takes polls out of every timeline (deleted, closed). */
  async drop(...pollIds: string[]): Promise<void> {
    if (pollIds.length)
      await this.everyShard('drop', (shard) => this.redis.pollsTimelineDrop(shard.key.facts, ...pollIds));
  }

  /** A poll's trending score changed. */
  async rescore(pollId: string, hot: number): Promise<void> {
    await this.everyShard('rescore', (shard) => this.redis.pollsTimelineRescore(shard.key.facts, pollId, String(hot)));
  }

  /** Every timeline is rebuilt from MongoDB before the next read (a creator was banned or reactivated). */
  async invalidate(): Promise<void> {
    await this.everyShard('invalidate', (shard) => this.redis.del(shard.key.built));
  }

  /**
   * A change, written to every shard at once. A shard that fails or does not answer in time is marked stale (rebuilt
   * before it is read again) and left alone for a moment: the change is kept by the others, and its caller goes on.
   */
  private async everyShard(step: string, write: (shard: Shard) => Promise<unknown>): Promise<void> {
    await Promise.all(
      this.shards.map(async (shard) => {
        if (shard.resting > Date.now()) {
          shard.stale = true;
          return;
        }
        try {
          await this.withinTime(this.unstale(shard).then(() => write(shard)));
        } catch (err) {
          shard.stale = true;
          this.rest(shard, err, step);
        }
      }),
    );
  }

  /** A stale shard loses its built marker (its next read rebuilds it); throws when that could not be done. */
  private async unstale(shard: Shard): Promise<void> {
    if (!shard.stale) return;
    // Cleared first: a write that fails meanwhile marks it again.
    shard.stale = false;
    try {
      await this.redis.del(shard.key.built);
    } catch (err) {
      shard.stale = true;
      throw err;
    }
  }

  private rest(shard: Shard, err: unknown, step: string): void {
    shard.resting = Date.now() + REST_MS;
    this.log.warn(
      { err: (err as Error).message, shard: shard.index, step },
      'feed timeline shard failed: its readers read MongoDB for a moment',
    );
  }

  private withinTime<T>(promise: Promise<T>): Promise<T> {
    return within(promise, this.timeoutMs, `no answer from the feed timeline shard in ${this.timeoutMs} ms`);
  }

  /**
   * A page of a feed from the reader's shard: poll ids in feed order with the database path's totalCount and
   * currentPage or nextCursor. Rebuilds the shard first when it is missing; null when it could not be had (its
   * master is gone: the caller reads MongoDB).
   */
  async page(query: TimelineQuery): Promise<TimelinePage | null> {
    const shard = this.shards[this.shardOf(query.reader)]!;
    if (shard.resting > Date.now()) return null;
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const read = await this.withinTime(this.unstale(shard).then(() => this.read(shard, query)));
        if (read) return read;
        await this.rebuild(shard.index);
      }
    } catch (err) {
      this.rest(shard, err, 'read');
    }
    return null;
  }

  private async read(shard: Shard, q: TimelineQuery): Promise<TimelinePage | null> {
    const key = shard.key;
    const order: Order = q.feed === 'trending' ? 'hot' : 'new';
    const { page, cursor } = q.at;
    const [mode, n] =
      q.feed === 'friends'
        ? ['none', 0]
        : page !== undefined
          ? ['page', page * q.limit]
          : cursor
            ? ['cursor', q.limit + 1]
            : ['page', q.limit + 1];
    const reply = await this.redis.pollsTimelineRead(
      key.facts,
      String(q.now.getTime()),
      order,
      mode,
      String(n),
      cursor ? String(cursor.k) : '',
      cursor?.id ?? '',
      q.category ?? '',
      timelineName(order, q.category, q.audience),
      ...new Set(q.circle),
    );
    if (reply[0] === 0) return null;
    const [, total, sharedFlat, circleFlat] = reply;
    const shared: Ranked[] = [];
    for (let i = 0; i < sharedFlat.length; i += 2)
      shared.push({ id: sharedFlat[i]!, score: Number(sharedFlat[i + 1]) });
    const hidden = new Set(q.hiddenCreators);
    const circle: Ranked[] = [];
    for (let i = 0; i < circleFlat.length; i += 3) {
      if (!hidden.has(circleFlat[i + 2]!)) circle.push({ id: circleFlat[i]!, score: Number(circleFlat[i + 1]) });
    }
    return timelinePage(shared, Number(total), circle, q.limit, q.at);
  }

  /**
   * Fills one shard from MongoDB's rank rows, once: whoever holds its lock builds, the others wait for it. The other
   * shards are left alone (a master's loss rebuilds only the shards it held).
   */
  async rebuild(index: number): Promise<void> {
    const shard = this.shards[index]!;
    const key = shard.key;
    const release = await tryLock(this.redis, key.lock, REBUILD_LOCK_MS);
    if (!release) {
      await waitUnlocked(this.redis, key.lock, REBUILD_LOCK_MS);
      return;
    }
    try {
      if ((await this.redis.exists(key.built)) === 1) return;
      const started = Date.now();
      const now = new Date(started);
      // Read fresh, not through the per-process copy: a ban handled a moment ago elsewhere must be left out.
      const banned = new Set(await this.redis.smembers(keys.bannedCreators));
      // Never a poll held for review (its rank row is marked while an edit waits: store/held.ts), as the feed filter.
      const live = { isShareable: false, heldAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] };
      const rows = (await this.models.PollRank.find(live).lean()) as TimelinePoll[];
      await this.redis.pollsTimelineClear(key.facts);
      const kept = rows.filter((r) => !banned.has(r.creatorId));
      for (let i = 0; i < kept.length; i += 500)
        await Promise.all(kept.slice(i, i + 500).map((r) => this.addTo(shard, r)));
      await this.redis.set(key.built, String(started));
      // Polls created while MongoDB was read may have been added before the clear: they are added again.
      const recent = (await this.models.PollRank.find({
        ...live,
        createdAt: { $gte: new Date(started - CATCH_UP_MS) },
      }).lean()) as TimelinePoll[];
      await Promise.all(recent.filter((r) => !banned.has(r.creatorId)).map((r) => this.addTo(shard, r)));
      this.log.info(
        { shard: index, polls: kept.length, ms: Date.now() - started },
        'feed timeline shard rebuilt from MongoDB',
      );
    } finally {
      await release();
    }
  }
}
