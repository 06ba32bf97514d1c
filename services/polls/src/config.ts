import { serviceConfigSchema, withDefaults, type BaseConfig } from '@meydan/kit';
import type { FromSchema } from 'json-schema-to-ts';

/** The polls service's variables on top of the base ones. */
export const pollsConfigSchema = serviceConfigSchema({
  /** The site's public address: share links are `${PUBLIC_ORIGIN}/s/{code}`. */
  PUBLIC_ORIGIN: { type: 'string', pattern: '^https?://', default: 'http://localhost:8080' },
  /** How often the ended-polls job looks for polls whose expiry passed. */
  POLLS_ENDED_SWEEP_MS: { type: 'integer', minimum: 100, default: 15_000 },
  /** Share-link votes without an account allowed per client IP and minute. */
  SHARE_VOTE_IP_LIMIT: { type: 'integer', minimum: 1, default: 30 },
  /** Live counts of one poll are published at most once per this many ms (and at once when quiet). */
  LIVE_COUNTS_INTERVAL_MS: { type: 'integer', minimum: 10, default: 100 },
});

export type PollsConfig = FromSchema<typeof pollsConfigSchema>;

/** The config with the polls defaults filled in (tests build the app from a base config). */
export function pollsConfig(config: BaseConfig): PollsConfig {
  return withDefaults<PollsConfig>(pollsConfigSchema, config);
}
