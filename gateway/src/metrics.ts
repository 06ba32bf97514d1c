import { counter } from '@meydan/kit';

/** The gateway's own metrics; what every process shares is in the kit. */
export const rateLimitRefusals = counter({
  name: 'meydan_rate_limit_refusals_total',
  help: 'Requests refused with 429 by a gateway rate limit, by limit class (token: an API token tier)',
  labelNames: ['class'],
});
