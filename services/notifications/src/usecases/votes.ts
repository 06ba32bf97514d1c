import { events, type VoteCastEvent } from '@meydan/proto';
import type { BatchItem, Logger } from '@meydan/kit';
import type { NotificationsContext } from '../context.js';
import { markVotesSeen, unmarkVotesSeen, voteSeenKey } from '../store/seen-marks.js';
import { dateOf } from './dates.js';

/**
 * A batch of votes: each creator's settings read once, every vote's "seen" key set (a vote already seen was counted
 * before; see store/seen-marks.ts), then one addition per creator and poll with the number of new votes. A write
 * that fails un-marks its votes, so the batch's redelivery counts them.
 */
export async function notifyVotes(
  ctx: NotificationsContext,
  batch: BatchItem<VoteCastEvent>[],
  log: Logger,
): Promise<void> {
  const { redis } = ctx;
  const byCreator = new Map<string, BatchItem<VoteCastEvent>[]>();
  for (const item of batch) {
    const e = item.payload;
    if (e.userId && e.userId === e.creatorId) continue;
    const items = byCreator.get(e.creatorId) ?? [];
    items.push(item);
    byCreator.set(e.creatorId, items);
  }
  const wanted = await Promise.all(
    [...byCreator].map(async ([creatorId, items]) => {
      const first = items[0]!;
      const deliveries = Math.max(...items.map((i) => i.deliveries));
      const c = {
        requestId: first.requestId,
        log: log.child({ reqId: first.requestId }),
        subject: events.polls.voteCast,
        deliveries,
      };
      return (await ctx.preferences.allows(creatorId, 'notifyVotes', c)) ? items : [];
    }),
  );
  const seenKeys = new Map<string, VoteCastEvent>();
  for (const { payload: e } of wanted.flat()) seenKeys.set(voteSeenKey(e.pollId, e.voter), e);
  if (seenKeys.size === 0) return;

  const newlySeen = (await markVotesSeen(redis, [...seenKeys.keys()])).map((key) => [key, seenKeys.get(key)!] as const);
  const groups = new Map<string, { creatorId: string; pollId: string; at: Date; count: number; keys: string[] }>();
  for (const [key, e] of newlySeen) {
    const id = `${e.creatorId}:${e.pollId}`;
    const at = dateOf(e.at);
    const group = groups.get(id) ?? { creatorId: e.creatorId, pollId: e.pollId, at, count: 0, keys: [] };
    group.count += 1;
    group.keys.push(key);
    if (at > group.at) group.at = at;
    groups.set(id, group);
  }

  const written = await Promise.allSettled(
    [...groups.values()].map((g) => ctx.store.addVote(g.creatorId, g.pollId, g.at, g.count)),
  );
  const unwritten = [...groups.values()].filter((_, i) => written[i]!.status === 'rejected');
  if (unwritten.length === 0) return;
  await unmarkVotesSeen(
    redis,
    unwritten.flatMap((g) => g.keys),
  );
  throw (written.find((w) => w.status === 'rejected') as PromiseRejectedResult).reason;
}
