/**
 * The moderators' side of the word filter's hold: admin asks for the held polls and comments (`polls.held.list`) for
 * its queue and tells a decision (`polls.held.decide`). Held polls are put back in the Redis set at start.
 */
import { subjects } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { decideHeld, listHeld, restoreHeldPolls } from '../usecases/held.js';

export async function startHeldReview(ctx: PollsContext): Promise<void> {
  await restoreHeldPolls(ctx);
  ctx.bus.respond(subjects.polls.heldList, () => listHeld(ctx));
  ctx.bus.respond(subjects.polls.heldDecide, (payload, c) => decideHeld(ctx, payload, c));
}
