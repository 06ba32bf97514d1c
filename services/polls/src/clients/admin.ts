/** What the polls service asks the admin service: the administrators' word filter (kept a few seconds by the kit's WordFilter). */
import { subjects } from '@meydan/proto';
import type { Bus } from '@meydan/kit';

export async function wordFilterEntries(ctx: { bus: Bus }) {
  return (await ctx.bus.request(subjects.admin.wordFilter, {}, undefined, 1000)).entries;
}
