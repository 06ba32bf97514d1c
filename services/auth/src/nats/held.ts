/**
 * The word filter's held display names and bios: admin asks for them (`auth.held.list`) for the moderators' queue and
 * tells a decision (`auth.held.decide`).
 */
import { subjects } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { decideProfile, heldProfiles } from '../usecases/held-profiles.js';

export function bindHeldProfiles(ctx: AuthContext): void {
  ctx.bus.respond(subjects.auth.heldList, () => heldProfiles(ctx));
  ctx.bus.respond(subjects.auth.heldDecide, (payload, c) => decideProfile(ctx, payload, c));
}
