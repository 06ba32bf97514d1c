import { subjects } from '@meydan/proto';
import type { Bus, BusContext } from '@meydan/kit';

/** A member's mutual followers, as social knows them (`social.users.mutuals`). */
export async function mutualsOf(bus: Bus, userId: string, c: BusContext): Promise<string[]> {
  const { userIds } = await bus.request(subjects.social.mutuals, { userId }, c);
  return userIds;
}
