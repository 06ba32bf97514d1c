/**
 * The members who voted on a poll, a page at a time in voter order: notifications walks them when the poll ends
 * (`polls.poll.voters`). The walk's first page lists every member voter once in a Redis sorted set (one score, so
 * voter order) — from the poll's voters hash, which holds every counted vote before MongoDB stores it, or from MongoDB
 * in one query when that hash has gone — and every page is then a range of that list; the last page drops it.
 * MongoDB could answer each page from the (pollId, voter) index, but a wire server that pushes no such filter down
 * (FerretDB) reads the whole votes collection for every page: a viral poll's hundred-odd pages kept a core busy for
 * minutes.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Models } from '../model/index.js';
import { keys } from '../store/keys.js';

/** Members' voter strings are `u:<userId>`: every one sorts between these two. */
const MEMBER_VOTERS = { from: 'u:', until: 'u;' } as const;
/** How long a walk's list lasts if its last page is never asked for (a walk takes seconds to minutes). */
const LIST_TTL_S = 3600;
/** Voters written to the list per command. */
const WRITE_BATCH = 1000;
/** An empty string: in every list, before every voter, so a poll no member voted on has a list too. */
const HEAD = '';

type PollVoters = { redis: Redis; models: Models };

/** One page of the poll's member voters after the voter `after`; `next` is the page's last voter when there may be more. */
export async function memberVoters(ctx: PollVoters, pollId: string, after: string | null, limit: number) {
  const listed = keys.memberVoters(pollId);
  // Strictly after `after` (or after the head: the first page).
  const from = `(${after && after > MEMBER_VOTERS.from ? after : HEAD}`;
  let page = await readList(ctx.redis, listed, from, limit);
  if (page === null) {
    await listVoters(ctx, pollId);
    // Gone again at once only if another walk of the poll ended meanwhile: this ask fails (the walker asks again),
    // rather than end this walk early.
    page = await readList(ctx.redis, listed, from, limit);
    if (page === null) throw new Error(`the member voters of poll ${pollId} were listed but the list is gone`);
  }
  const next = page.length === limit ? page[page.length - 1]! : null;
  if (next === null) await ctx.redis.del(listed);
  return { userIds: page.map((voter) => voter.slice(MEMBER_VOTERS.from.length)), next };
}

/** The page, or null when the poll has no list. */
async function readList(redis: Redis, listed: string, from: string, limit: number): Promise<string[] | null> {
  const [exists, voters] = (await inOneStep(
    redis.multi().exists(listed).zrangebylex(listed, from, '+', 'LIMIT', 0, limit),
  )) as [number, string[]];
  return exists ? voters : null;
}

/** Runs a MULTI and gives its replies, throwing the first command's error (exec reports them, it does not throw). */
async function inOneStep(multi: ReturnType<Redis['multi']>): Promise<unknown[]> {
  const replies = (await multi.exec()) ?? [];
  const failed = replies.find(([err]) => err);
  if (failed) throw failed[0];
  return replies.map(([, reply]) => reply);
}

/** Writes the list whole under another name, then renames it: a page never reads a list half written. */
async function listVoters(ctx: PollVoters, pollId: string): Promise<void> {
  const voters = await membersWhoVoted(ctx, pollId);
  const building = keys.memberVotersBuild(pollId, randomUUID());
  await ctx.redis.zadd(building, 0, HEAD);
  for (let i = 0; i < voters.length; i += WRITE_BATCH) {
    await ctx.redis.zadd(building, ...voters.slice(i, i + WRITE_BATCH).flatMap((voter) => [0, voter]));
  }
  await inOneStep(ctx.redis.multi().expire(building, LIST_TTL_S).rename(building, keys.memberVoters(pollId)));
}

async function membersWhoVoted(ctx: PollVoters, pollId: string): Promise<string[]> {
  const voters = keys.voters(pollId);
  if ((await ctx.redis.exists(voters)) === 1) {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, flat] = await ctx.redis.hscan(
        voters,
        cursor,
        'MATCH',
        `${MEMBER_VOTERS.from}*`,
        'COUNT',
        WRITE_BATCH,
      );
      for (let i = 0; i < flat.length; i += 2) found.push(flat[i]!);
      cursor = next;
    } while (cursor !== '0');
    return found;
  }
  const votes = await ctx.models.Vote.find(
    { pollId, voter: { $gt: MEMBER_VOTERS.from, $lt: MEMBER_VOTERS.until } },
    { voter: 1, _id: 0 },
  ).lean();
  return votes.map((v) => v.voter);
}
