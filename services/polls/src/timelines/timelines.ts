/**
 * The member feeds' timelines in Redis, so that a member's feed page reads no MongoDB (DeathStarBench's home
 * timelines): sorted sets of the polls a feed may show, MongoDB's rank rows the record they are rebuilt from.
 *
 * - `new:all` / `hot:all` (and per category `new:c:<slug>` / `hot:c:<slug>`): the public and private polls, by
 *   creation time and by trending score; every member sees them all.
 * - `fc:<creatorId>`: one creator's Dost Meclisi polls by creation time, and `fhot` their trending scores: a member's
 *   feed reads those of its circle (itself and its mutual followers, as social tells them now), so a follow or an
 *   unfollow changes the feed at once with no timeline to rewrite.
 * - `facts`: poll id → `type|category|creatorId|expiresAtMs` (which sets hold it), `ends`: expiring polls by their end.
 *
 * Share-link polls, deleted and closed polls are in none of them; expired ones are dropped by the read that first
 * finds them expired; a banned creator's polls are left out when the timelines are rebuilt (a ban or a reactivation
 * rebuilds them). Every key shares the `{feed:<database>}` hash tag (timelineKeys), so each step is one script on one node of a cluster.
 * Missing timelines (a cold start, a flushed Redis) are rebuilt by one instance under the kit's lock while the others
 * wait for it.
 */
import type { Redis } from 'ioredis';
import { defineScripts, tryLock, waitUnlocked, type Logger } from '@meydan/kit';
import type { Cursor } from '../domain/cursor.js';
import { timelinePage, type Ranked, type TimelinePage } from '../domain/timeline-pages.js';
import type { Models } from '../model/index.js';
import { keys } from '../store/keys.js';
import type { PollChanged } from '../store/poll-changed.js';

/**
 * The timelines' keys of one database's polls (a deployment has one; tests give every service its own, on one Redis).
 * Every key shares the hash tag, so a script's keys are in one slot.
 */
export function timelineKeys(database: string) {
  const tag = `feed:{feed:${database}}:`;
  return {
    facts: `${tag}facts`,
    built: `${tag}built`,
    ends: `${tag}ends`,
    fhot: `${tag}fhot`,
    open: (order: Order, category: string | undefined) => `${tag}${order}:${category ? `c:${category}` : 'all'}`,
    creator: (creatorId: string) => `${tag}fc:${creatorId}`,
    lock: `lock:feed-rebuild:${database}`,
  };
}

type Order = 'new' | 'hot';

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

// The scripts name only KEYS[1] (`facts`); the other keys are built from it, and share its hash tag (so its slot).
const COMMON = `
local base = string.sub(KEYS[1], 1, #KEYS[1] - 5)
local function facts_of(id)
  local f = redis.call('HGET', base .. 'facts', id)
  if not f then return nil end
  local t, c, creator, ends = string.match(f, '^([^|]*)|([^|]*)|([^|]*)|([^|]*)$')
  return { type = t, cat = c, creator = creator, ends = tonumber(ends) }
end
local function drop(id)
  local f = facts_of(id)
  if f then
    if f.type == 'friends' then
      redis.call('ZREM', base .. 'fc:' .. f.creator, id)
      redis.call('ZREM', base .. 'fhot', id)
    else
      redis.call('ZREM', base .. 'new:all', id)
      redis.call('ZREM', base .. 'hot:all', id)
      redis.call('ZREM', base .. 'new:c:' .. f.cat, id)
      redis.call('ZREM', base .. 'hot:c:' .. f.cat, id)
    end
    redis.call('HDEL', base .. 'facts', id)
  end
  redis.call('ZREM', base .. 'ends', id)
end
`;

/** ARGV: id, type, category, creatorId, expiresAtMs (0: none), createdAtMs, hot. */
const ADD = `${COMMON}
local id, t, cat, creator, ends = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
drop(id)
if t == 'friends' then
  redis.call('ZADD', base .. 'fc:' .. creator, ARGV[6], id)
  redis.call('ZADD', base .. 'fhot', ARGV[7], id)
else
  redis.call('ZADD', base .. 'new:all', ARGV[6], id)
  redis.call('ZADD', base .. 'hot:all', ARGV[7], id)
  redis.call('ZADD', base .. 'new:c:' .. cat, ARGV[6], id)
  redis.call('ZADD', base .. 'hot:c:' .. cat, ARGV[7], id)
end
redis.call('HSET', base .. 'facts', id, t .. '|' .. cat .. '|' .. creator .. '|' .. ends)
if ends ~= '0' then redis.call('ZADD', base .. 'ends', ends, id) end
return 1
`;

/** ARGV: ids. */
const DROP = `${COMMON}
for _, id in ipairs(ARGV) do drop(id) end
return 1
`;

/** ARGV: id, hot. Only a poll the timelines hold is rescored. */
const RESCORE = `${COMMON}
local f = facts_of(ARGV[1])
if not f then return 0 end
if f.type == 'friends' then
  redis.call('ZADD', base .. 'fhot', 'XX', ARGV[2], ARGV[1])
else
  redis.call('ZADD', base .. 'hot:all', 'XX', ARGV[2], ARGV[1])
  redis.call('ZADD', base .. 'hot:c:' .. f.cat, 'XX', ARGV[2], ARGV[1])
end
return 1
`;

/** Empties every timeline (before a rebuild fills them again). */
const CLEAR = `${COMMON}
redis.call('DEL', base .. 'built')
for _, id in ipairs(redis.call('HKEYS', base .. 'facts')) do drop(id) end
redis.call('DEL', base .. 'facts', base .. 'ends', base .. 'new:all', base .. 'hot:all', base .. 'fhot')
return 1
`;

/**
 * KEYS: facts, built, ends, the shared timeline, fhot, then `fc:<creatorId>` of each of the circle.
 * ARGV: now (ms), order (new|hot), mode (page: the first n; cursor: the first n after (k, id); none), n, k, id, category.
 * Drops polls found expired, then answers {1, shared total, shared [id, score...], circle [id, score, creatorId...]},
 * or {0} when the timelines are not built.
 */
const READ = `${COMMON}
if redis.call('EXISTS', KEYS[2]) == 0 then return {0} end
local now = tonumber(ARGV[1])
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now, 'LIMIT', 0, 200)) do drop(id) end

local total, shared = 0, {}
local n = tonumber(ARGV[4])
if ARGV[3] == 'page' then
  total = redis.call('ZCARD', KEYS[4])
  if n > 0 then shared = redis.call('ZREVRANGE', KEYS[4], 0, n - 1, 'WITHSCORES') end
elseif ARGV[3] == 'cursor' then
  total = redis.call('ZCARD', KEYS[4])
  local k, after = tonumber(ARGV[5]), ARGV[6]
  local offset = 0
  while #shared < 2 * n do
    local batch = redis.call('ZREVRANGEBYSCORE', KEYS[4], ARGV[5], '-inf', 'WITHSCORES', 'LIMIT', offset, 64)
    if #batch == 0 then break end
    for i = 1, #batch, 2 do
      if #shared < 2 * n and (tonumber(batch[i + 1]) < k or batch[i] < after) then
        shared[#shared + 1] = batch[i]
        shared[#shared + 1] = batch[i + 1]
      end
    end
    offset = offset + #batch / 2
  end
end

local circle, category, byHot = {}, ARGV[7], ARGV[2] == 'hot'
for i = 6, #KEYS do
  local rows = redis.call('ZRANGE', KEYS[i], 0, -1, 'WITHSCORES')
  for j = 1, #rows, 2 do
    local f = facts_of(rows[j])
    if f and (category == '' or f.cat == category) and (f.ends == 0 or f.ends > now) then
      local score = rows[j + 1]
      if byHot then score = redis.call('ZSCORE', KEYS[5], rows[j]) end
      if score then
        circle[#circle + 1] = rows[j]
        circle[#circle + 1] = score
        circle[#circle + 1] = f.creator
      end
    end
  end
end
return {1, total, shared, circle}
`;

interface TimelineCommands {
  pollsTimelineAdd(
    factsKey: string,
    id: string,
    type: string,
    category: string,
    creatorId: string,
    endsMs: string,
    createdMs: string,
    hot: string,
  ): Promise<number>;
  pollsTimelineDrop(factsKey: string, ...ids: string[]): Promise<number>;
  pollsTimelineRescore(factsKey: string, id: string, hot: string): Promise<number>;
  pollsTimelineClear(factsKey: string): Promise<number>;
  pollsTimelineRead(numberOfKeys: number, ...args: string[]): Promise<[0] | [1, number, string[], string[]]>;
}

/** Which member feed, for whom, which page. */
export interface TimelineQuery {
  feed: 'trending' | 'new' | 'friends';
  category?: string | undefined;
  /** The member and their mutual followers: whose Dost Meclisi polls the feed may show. */
  circle: readonly string[];
  /** Creators whose polls are hidden (banned): left out of the circle's polls. */
  hiddenCreators: readonly string[];
  limit: number;
  at: { page?: number | undefined; cursor: Cursor | null };
  now: Date;
}

const REBUILD_LOCK_MS = 30_000;
/** Polls created this long before a rebuild's read began are caught up after it (their own add may have come between). */
const CATCH_UP_MS = 2_000;

export class Timelines {
  private readonly redis: Redis & TimelineCommands;
  private readonly key: ReturnType<typeof timelineKeys>;

  constructor(
    redis: Redis,
    private readonly models: Models,
    private readonly log: Logger,
    /** Rescored polls are moved, removed ones dropped. */
    changes?: PollChanged,
  ) {
    changes?.listen((change) =>
      change.kind === 'removed' ? this.drop(change.pollId) : this.rescore(change.pollId, change.hot),
    );
    this.redis = defineScripts<TimelineCommands>(redis, {
      pollsTimelineAdd: { keys: 1, lua: ADD },
      pollsTimelineDrop: { keys: 1, lua: DROP },
      pollsTimelineRescore: { keys: 1, lua: RESCORE },
      pollsTimelineClear: { keys: 1, lua: CLEAR },
      pollsTimelineRead: { lua: READ },
    });
    this.key = timelineKeys(models.Poll.db.name);
  }

  /** Puts a poll in the timelines of its feeds (again, with its current end); a share-link poll goes nowhere. */
  async add(poll: TimelinePoll): Promise<void> {
    if (poll.isShareable) return;
    await this.redis.pollsTimelineAdd(
      this.key.facts,
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
    if (pollIds.length) await this.redis.pollsTimelineDrop(this.key.facts, ...pollIds);
  }

  /** A poll's trending score changed. */
  async rescore(pollId: string, hot: number): Promise<void> {
    await this.redis.pollsTimelineRescore(this.key.facts, pollId, String(hot));
  }

  /** Every timeline is rebuilt from MongoDB before the next read (a creator was banned or reactivated). */
  async invalidate(): Promise<void> {
    await this.redis.del(this.key.built);
  }

  /**
   * A page of a member feed: poll ids in feed order with the database path's totalCount and currentPage or
   * nextCursor. Rebuilds missing timelines first; null when they could not be had (the caller reads MongoDB).
   */
  async page(query: TimelineQuery): Promise<TimelinePage | null> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const read = await this.read(query);
      if (read) return read;
      await this.rebuild();
    }
    return null;
  }

  private async read(q: TimelineQuery): Promise<TimelinePage | null> {
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
    const circleKeys = [...new Set(q.circle)].map((id) => this.key.creator(id));
    const readKeys = [
      this.key.facts,
      this.key.built,
      this.key.ends,
      this.key.open(order, q.category),
      this.key.fhot,
      ...circleKeys,
    ];
    const reply = await this.redis.pollsTimelineRead(
      readKeys.length,
      ...readKeys,
      String(q.now.getTime()),
      order,
      mode,
      String(n),
      cursor ? String(cursor.k) : '',
      cursor?.id ?? '',
      q.category ?? '',
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

  /** Fills the timelines from MongoDB's rank rows, once: whoever holds the lock builds, the others wait for it. */
  async rebuild(): Promise<void> {
    const release = await tryLock(this.redis, this.key.lock, REBUILD_LOCK_MS);
    if (!release) {
      await waitUnlocked(this.redis, this.key.lock, REBUILD_LOCK_MS);
      return;
    }
    try {
      if ((await this.redis.exists(this.key.built)) === 1) return;
      const started = Date.now();
      const now = new Date(started);
      // Read fresh, not through the per-process copy: a ban handled a moment ago elsewhere must be left out.
      const banned = new Set(await this.redis.smembers(keys.bannedCreators));
      // Never a poll held for review (its rank row is marked while an edit waits: store/held.ts), as the feed filter.
      const live = { isShareable: false, heldAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] };
      const rows = (await this.models.PollRank.find(live).lean()) as TimelinePoll[];
      await this.redis.pollsTimelineClear(this.key.facts);
      const kept = rows.filter((r) => !banned.has(r.creatorId));
      for (let i = 0; i < kept.length; i += 500) await Promise.all(kept.slice(i, i + 500).map((r) => this.add(r)));
      await this.redis.set(this.key.built, String(started));
      // Polls created while MongoDB was read may have been added before the clear: they are added again.
      const recent = (await this.models.PollRank.find({
        ...live,
        createdAt: { $gte: new Date(started - CATCH_UP_MS) },
      }).lean()) as TimelinePoll[];
      await Promise.all(recent.filter((r) => !banned.has(r.creatorId)).map((r) => this.add(r)));
      this.log.info({ polls: kept.length, ms: Date.now() - started }, 'feed timelines rebuilt from MongoDB');
    } finally {
      await release();
    }
  }
}
