import { subjects } from '@meydan/proto';
import type { Bus, BusContext } from '@meydan/kit';

/** One page of a poll's member voters, from polls (`polls.poll.voters`); `next` is null after the last. */
export function pollVotersPage(bus: Bus, pollId: string, after: string | null, limit: number, c: BusContext) {
  return bus.request(subjects.polls.pollVoters, { pollId, after, limit }, c);
}
