/**
 * Each member's polls — all of them: share-link, private, Dost Meclisi, ended and closed — by creation time, kept in
 * Redis so that a profile's list reads no MongoDB scan (on FerretDB a find by creator reads every poll). The sorted set
 * (score: creation time; equal times in id order, as MongoDB sorts them) is built from MongoDB when missing, and a poll
 * created or removed adds or takes its id while the set is there. A generation raised by every change keeps a build
 * that read MongoDB before a change from being kept after it (as the kit's CountsCache): the next read builds again.
 * A built set holds an empty member at score -1, so a member with no poll has a set too.
 */
import type { Redis } from 'ioredis';
import { defineScripts, type Logger } from '@meydan/kit';
import type { PollDoc } from '../model/index.js';
import { keys } from '../store/keys.js';
import type { PollChanged } from '../store/poll-changed.js';

/** How long a set lasts after it was built or changed (what a write from outside the service left stale, too). */
export const CREATOR_POLLS_TTL_S = 3600;
/** The empty member every built set holds (no poll id is empty). */
const BUILT = '';

/** A poll as the set holds it. */
export interface CreatorPoll {
  id: string;
  createdAt: Date;
}

interface CreatorPollsScripts {
  keepCreatorPolls(
    set: string,
    generation: string,
    expected: string,
    ttlSeconds: number,
    ...scoresAndIds: (string | number)[]
  ): Promise<number>;
  changeCreatorPolls(
    set: string,
    generation: string,
    ttlSeconds: number,
    change: 'add' | 'remove',
    score: number,
    pollId: string,
  ): Promise<number>;
}

const scripts = {
  keepCreatorPolls: {
    keys: 2,
    lua: `
if (redis.call('GET', KEYS[2]) or '0') ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZADD', KEYS[1], -1, '${BUILT}')
for i = 3, #ARGV, 2 do redis.call('ZADD', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1`,
  },
  changeCreatorPolls: {
    keys: 2,
    lua: `
redis.call('INCR', KEYS[2])
redis.call('EXPIRE', KEYS[2], ARGV[1])
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
if ARGV[2] == 'add' then redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4]) else redis.call('ZREM', KEYS[1], ARGV[4]) end
return 1`,
  },
};

/** Newest first, equal times by id (descending), as MongoDB's sort on (createdAt, _id) descending. */
const newestFirst = (a: CreatorPoll, b: CreatorPoll) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export class CreatorPolls {
  private readonly redis: Redis & CreatorPollsScripts;

  constructor(
    redis: Redis,
    /** Every poll of the creator as MongoDB has it (the record the set is built from). */
    private readonly load: (creatorId: string) => Promise<CreatorPoll[]>,
    private readonly log: Logger,
    /** A removed poll leaves its creator's list. */
    changes?: PollChanged,
  ) {
    changes?.listen((change) =>
      change.kind === 'removed' ? this.removed(change.creatorId, change.pollId) : undefined,
    );
    this.redis = defineScripts<CreatorPollsScripts>(redis, scripts);
  }

  /** The ids of `count` of the creator's polls from the `offset`-th newest on. */
  async newest(creatorId: string, offset: number, count: number): Promise<string[]> {
    const set = keys.creatorPolls(creatorId);
    const page = await this.redis.zrevrange(set, offset, offset + count - 1).catch(() => null);
    if (page?.length) return page.filter((id) => id !== BUILT);
    if (page && (await this.redis.exists(set).catch(() => 0))) return []; // past the end
    return (await this.build(creatorId, page !== null)).slice(offset, offset + count).map((poll) => poll.id);
  }

  /** A poll was created (call after it is stored). */
  async added(creatorId: string, pollId: string, createdAt: Date): Promise<void> {
    await this.change(creatorId, 'add', createdAt.getTime(), pollId);
  }

  /** A poll was removed (call after it is). */
  async removed(creatorId: string, pollId: string): Promise<void> {
    await this.change(creatorId, 'remove', 0, pollId);
  }

  /** The creator's polls from MongoDB, newest first, kept in the set unless a change came meanwhile. */
  private async build(creatorId: string, keep: boolean): Promise<CreatorPoll[]> {
    // Read before MongoDB is; unreadable, nothing is kept.
    const generation = keep
      ? await this.redis.get(keys.creatorPollsGeneration(creatorId)).catch(() => undefined)
      : undefined;
    const polls = (await this.load(creatorId)).sort(newestFirst);
    if (generation !== undefined) {
      const scoresAndIds = polls.flatMap((poll) => [poll.createdAt.getTime(), poll.id]);
      await this.redis
        .keepCreatorPolls(
          keys.creatorPolls(creatorId),
          keys.creatorPollsGeneration(creatorId),
          generation ?? '0',
          CREATOR_POLLS_TTL_S,
          ...scoresAndIds,
        )
        .catch((err: Error) => this.log.warn({ err: err.message, creatorId }, "creator's polls not kept"));
    }
    return polls;
  }

  /** Raises the generation, and adds or takes the poll while the set is there; Redis refusing it is logged. */
  private async change(creatorId: string, change: 'add' | 'remove', score: number, pollId: string): Promise<void> {
    await this.redis
      .changeCreatorPolls(
        keys.creatorPolls(creatorId),
        keys.creatorPollsGeneration(creatorId),
        CREATOR_POLLS_TTL_S,
        change,
        score,
        pollId,
      )
      .catch((err: Error) =>
        this.log.warn(
          { err: err.message, creatorId, pollId },
          "creator's polls not changed: they last until they expire",
        ),
      );
  }
}

/**
 * The newest `limit` of the creator's polls that `shows` lets through (newest first), from the kept list and the
 * cached poll documents: no MongoDB scan.
 */
export async function newestPollsOf(
  ctx: { creatorPolls: CreatorPolls; polls: { docs(ids: readonly string[]): Promise<PollDoc[]> } },
  creatorId: string,
  shows: (poll: PollDoc) => boolean,
  limit: number,
): Promise<PollDoc[]> {
  const found: PollDoc[] = [];
  for (let offset = 0; found.length < limit; offset += limit) {
    const ids = await ctx.creatorPolls.newest(creatorId, offset, limit);
    for (const poll of await ctx.polls.docs(ids)) if (poll.creatorId === creatorId && shows(poll)) found.push(poll);
    if (ids.length < limit) break;
  }
  return found.slice(0, limit);
}
