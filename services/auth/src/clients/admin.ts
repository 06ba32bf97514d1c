/** What auth asks the admin service (`admin.*` over NATS). */
import { subjects } from '@meydan/proto';
import type { Bus } from '@meydan/kit';

type Asks = { bus: Bus };

/** The administrators' word filter entries (the context's WordFilter keeps them a few seconds). */
export async function wordFilterEntries(ctx: Asks) {
  return (await ctx.bus.request(subjects.admin.wordFilter, {}, undefined, 1000)).entries;
}
