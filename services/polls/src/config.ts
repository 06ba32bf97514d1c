import { limits } from '@meydan/proto';
import { serviceConfigSchema, withDefaults, type BaseConfig } from '@meydan/kit';
import type { FromSchema } from 'json-schema-to-ts';

/** The polls service's variables on top of the base ones. */
export const pollsConfigSchema = serviceConfigSchema({
  /** The site's public address: share links are `${PUBLIC_ORIGIN}/s/{code}`. */
  PUBLIC_ORIGIN: { type: 'string', pattern: '^https?://', default: 'http://localhost:8080' },
  /** How often the ended-polls job looks for polls whose expiry passed. */
  POLLS_ENDED_SWEEP_MS: { type: 'integer', minimum: 100, default: 15_000 },
  /** How often the opening-polls job looks for scheduled polls whose opening came (one Redis read). */
  POLLS_OPENING_SWEEP_MS: { type: 'integer', minimum: 50, default: 250 },
  /** How often votes counted but never acknowledged by JetStream (the process killed between) are published. */
  POLLS_PENDING_SWEEP_MS: { type: 'integer', minimum: 100, default: 5_000 },
  /**
   * How long a batch of votes handed to one process may stay unacknowledged before JetStream hands it to another:
   * what a process killed in the middle of a batch (or holding fetched votes) delays in MongoDB, never in the counts.
   */
  VOTES_ACK_WAIT_MS: { type: 'integer', minimum: 1000, default: 60_000 },
  /** Share-link vote attempts without an account allowed per client IP (IPv6: /64) and minute. */
  SHARE_VOTE_IP_LIMIT: { type: 'integer', minimum: 1, default: 30 },
  /** 'Tarayıcı başına' share-link polls: visitor votes counted per IP network (IPv6: /64) and poll. */
  SHARE_VOTE_BROWSERS_PER_IP: { type: 'integer', minimum: 1, default: limits.poll.shareVotesPerIp },
  /** Changes and take-backs of one voter's vote on one poll allowed per limits.poll.voteChangeWindowSeconds. */
  VOTE_CHANGE_LIMIT: { type: 'integer', minimum: 1, default: limits.poll.voteChangesMax },
  /** Live counts of one poll are published at most once per this many ms (and at once when quiet). */
  LIVE_COUNTS_INTERVAL_MS: { type: 'integer', minimum: 10, default: 100 },
  /**
   * Where feed pages (members' and visitors') are found: the Redis timelines (timelines/timelines.ts) or MongoDB's
   * queries.
   */
  POLLS_MEMBER_FEEDS: { type: 'string', enum: ['timelines', 'database'], default: 'timelines' },
  /**
   * How many copies of the feed timelines Redis keeps, each in its own range of a cluster's slots (timelines/shards.ts):
   * a reader reads one, a change is written to all. At least the cluster's masters, so that every master serves
   * reads. 0 (the default): 8 on a Redis Cluster, 1 on one Redis or a Sentinel group, where copies would only add
   * writes (timelines/shards.ts).
   */
  FEED_SHARDS: { type: 'integer', minimum: 0, maximum: 64, default: 0 },
  /** How long a timeline shard may take to answer before its readers read MongoDB (its master taken for gone). */
  FEED_SHARD_TIMEOUT_MS: { type: 'integer', minimum: 10, maximum: 60_000, default: 2_000 },
});

export type PollsConfig = FromSchema<typeof pollsConfigSchema>;

/** The config with the polls defaults filled in (tests build the app from a base config). */
export function pollsConfig(config: BaseConfig): PollsConfig {
  return withDefaults<PollsConfig>(pollsConfigSchema, config);
}
