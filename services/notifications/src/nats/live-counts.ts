import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import type { Redis } from 'ioredis';
import { limits, live, type PollUpdate } from '@meydan/proto';
import type { Logger } from '@meydan/kit';
import { Coalescer } from '../domain/coalescer.js';
import type { Realtime } from '../realtime/server.js';

const codec = JSONCodec();

interface LiveCounts {
  pollId: string;
  voteCounts: number[] | Record<string, number>;
  totalVotes: number;
  at?: string;
}

interface Pending {
  data: PollUpdate;
  atMs: number;
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;

function parse(raw: unknown): Pending | null {
  const msg = raw as LiveCounts | null;
  if (!msg || typeof msg.pollId !== 'string' || msg.pollId.length === 0 || msg.pollId.length > 64) return null;
  if (!isCount(msg.totalVotes)) return null;
  const voteCounts: Record<string, number> = {};
  if (Array.isArray(msg.voteCounts)) {
    for (const [i, n] of msg.voteCounts.entries()) {
      if (!isCount(n)) return null;
      voteCounts[String(i)] = n;
    }
  } else if (msg.voteCounts && typeof msg.voteCounts === 'object') {
    for (const [i, n] of Object.entries(msg.voteCounts)) {
      if (!/^(0|[1-9][0-9]*)$/.test(i) || !isCount(n)) return null;
      voteCounts[i] = n;
    }
  } else return null;
  const atMs = typeof msg.at === 'string' ? Date.parse(msg.at) : NaN;
  return { data: { pollId: msg.pollId, voteCounts, totalVotes: msg.totalVotes }, atMs: Number.isNaN(atMs) ? Date.now() : atMs };
}

/**
 * Emits only counts newer than the last ones any instance emitted for the poll (more votes, or as many and a later
 * `at`): each live message reaches one instance of the queue group, so without this a slower instance could push
 * older counts after newer ones.
 */
const CLAIM = `
local cur = redis.call('GET', KEYS[1])
if cur then
  local sep = string.find(cur, ':')
  local total = tonumber(string.sub(cur, 1, sep - 1))
  local at = tonumber(string.sub(cur, sep + 1))
  local newTotal = tonumber(ARGV[1])
  local newAt = tonumber(ARGV[2])
  if newTotal < total or (newTotal == total and newAt <= at) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. ARGV[2], 'EX', 3600)
return 1`;

/**
 * `live.polls.counts` (core NATS, queue group `notifications`) → `poll_update` {data: {pollId, voteCounts, totalVotes}}
 * to the room `poll:<id>`. Polls already coalesces what it publishes; this coalesces again per poll (at once when
 * quiet, at most one a second under load, the last counts always sent) in case messages come faster.
 */
export function bindLiveCounts(deps: { nats: NatsConnection; redis: Redis; log: Logger; realtime: Realtime }): {
  close(): void;
} {
  const { redis, log, realtime } = deps;
  const emit = (pollId: string, pending: Pending) => {
    redis
      .eval(CLAIM, 1, `live:last:${pollId}`, String(pending.data.totalVotes), String(pending.atMs))
      .then(
        (claimed) => {
          if (claimed === 1) realtime.pollUpdate(pending.data);
        },
        (err: Error) => {
          log.warn({ err: err.message }, 'live counts order check unavailable; emitting anyway');
          realtime.pollUpdate(pending.data);
        },
      );
  };
  const coalescer = new Coalescer<Pending>(
    limits.notifications.pollUpdateCoalesceMs,
    emit,
    (candidate, current) =>
      candidate.data.totalVotes < current.data.totalVotes ||
      (candidate.data.totalVotes === current.data.totalVotes && candidate.atMs < current.atMs),
  );
  const subscription: Subscription = deps.nats.subscribe(live.pollCounts, {
    queue: 'notifications',
    callback: (err, msg) => {
      if (err) return log.warn({ err }, 'live counts subscription error');
      let pending: Pending | null = null;
      try {
        pending = parse(codec.decode(msg.data));
      } catch {
        pending = null;
      }
      if (!pending) return log.warn({ subject: msg.subject }, 'malformed live counts message ignored');
      coalescer.push(pending.data.pollId, pending);
    },
  });
  return {
    close() {
      subscription.unsubscribe();
      coalescer.close();
    },
  };
}
