import type { Subscription } from 'nats';
import type { Redis } from 'ioredis';
import { limits, live, type LiveCountsGroup, type PollUpdate } from '@meydan/proto';
import { Coalescer, type Bus, type Logger } from '@meydan/kit';
import type { Realtime } from '../store/realtime.js';

interface Pending {
  data: PollUpdate;
  /** Only these groups of the poll's followers get the counts; the others the total alone (undefined: everyone). */
  countsTo: readonly LiveCountsGroup[] | undefined;
  atMs: number;
}

/**
 * Emits only counts newer than the last ones any instance emitted for the poll (a later `at`, when polls read them; as
 * late, more votes): each live message reaches one instance of the queue group, so without this a slower instance
 * could push older counts after newer ones. Not by the total alone: a vote taken back lowers it (issue 38), and those
 * counts are the newest.
 */
const CLAIM = `
local cur = redis.call('GET', KEYS[1])
if cur then
  local sep = string.find(cur, ':')
  local total = tonumber(string.sub(cur, 1, sep - 1))
  local at = tonumber(string.sub(cur, sep + 1))
  local newTotal = tonumber(ARGV[1])
  local newAt = tonumber(ARGV[2])
  if newAt < at or (newAt == at and newTotal <= total) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. ARGV[2], 'EX', 3600)
return 1`;

/**
 * `live.polls.counts` (core NATS, queue group `notifications`) → `poll_update` {data: {pollId, voteCounts, totalVotes}}
 * to the room `poll:<id>`; {voteCounts: {}, countsHidden: true} while the poll's results visibility hides its counts
 * from all of them; with `countsTo`, the counts to the poll's voters' and/or creator's rooms and the total alone to the
 * other followers. `live.polls.voted` moves a voter's sockets into the poll's voters (realtime/server.ts). Polls already coalesces what it publishes; this coalesces again per poll (at once when
 * quiet, at most one per `pollUpdateCoalesceMs` under load, the last counts always sent) in case messages come faster.
 */
export function relayLiveCounts(deps: { bus: Bus; redis: Redis; log: Logger; realtime: Realtime }): {
  close(): void;
} {
  const { redis, log, realtime } = deps;
  const emit = (pollId: string, pending: Pending) => {
    redis.eval(CLAIM, 1, `live:last:${pollId}`, String(pending.data.totalVotes), String(pending.atMs)).then(
      (claimed) => {
        if (claimed === 1) realtime.pollUpdate(pending.data, pending.countsTo);
      },
      (err: Error) => {
        log.warn({ err: err.message }, 'live counts order check unavailable; emitting anyway');
        realtime.pollUpdate(pending.data, pending.countsTo);
      },
    );
  };
  const coalescer = new Coalescer<Pending>(
    limits.notifications.pollUpdateCoalesceMs,
    emit,
    (candidate, current) =>
      candidate.atMs < current.atMs ||
      (candidate.atMs === current.atMs && candidate.data.totalVotes < current.data.totalVotes),
  );
  // The bus checks each message against the `live.polls.counts` contract and drops (and logs) one that breaks it.
  const subscription: Subscription = deps.bus.subscribeLive(
    live.pollCounts,
    ({ pollId, voteCounts, totalVotes, at, countsHidden, countsTo }) => {
      const atMs = Date.parse(at);
      // A poll whose counts are hidden right now came without them (polls keeps them): the total alone goes out.
      const data: PollUpdate = countsHidden
        ? { pollId, voteCounts: {}, totalVotes, countsHidden }
        : { pollId, voteCounts, totalVotes };
      coalescer.push(pollId, {
        data,
        countsTo: countsHidden ? undefined : countsTo,
        atMs: Number.isNaN(atMs) ? Date.now() : atMs,
      });
    },
    { queue: 'notifications' },
  );
  // Votes accepted: their voters' sockets following the poll join its voters (on every instance, through the adapter).
  const voted: Subscription = deps.bus.subscribeLive(live.pollVoted, ({ votes }) => realtime.pollVoted(votes), {
    queue: 'notifications',
  });
  return {
    close() {
      voted.unsubscribe();
      subscription.unsubscribe();
      coalescer.close();
    },
  };
}
