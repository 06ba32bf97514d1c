/**
 * Display names and bios the word filter holds for review (`pendingProfile` on the account; the public profile keeps
 * the old ones): admin asks for them (`auth.held.list`) for the moderators' queue and tells a decision
 * (`auth.held.decide`): approved, they replace the public ones (and `events.auth.user.updated` tells the services that
 * keep names); removed, they are dropped.
 */
import { events, subjects, type HeldDecideRequest, type HeldListReply } from '@meydan/proto';
import type { RequestIdOrSource } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { avatarUrlOf } from '../domain/views.js';
import { pendingProfiles, settlePendingProfile } from '../store/held-profiles.js';

const LIST_LIMIT = 100;

/** The oldest held profile texts, for the moderators' queue. */
async function heldProfiles(ctx: AuthContext): Promise<HeldListReply> {
  const users = await pendingProfiles(ctx, LIST_LIMIT);
  return {
    items: users.map((u) => ({
      kind: 'profile' as const,
      id: u._id.toString(),
      authorId: u._id.toString(),
      preview: [u.pendingProfile!.displayName, u.pendingProfile!.bio].filter((t): t is string => typeof t === 'string' && t !== '').join(' · '),
      link: `/profil/${u.username}`,
      createdAt: new Date(u.pendingProfile!.at).toISOString(),
    })),
  };
}

/** A moderator's decision on a member's held display name or bio; `found` false when none waits. */
async function decideProfile(ctx: AuthContext, d: HeldDecideRequest, source?: RequestIdOrSource): Promise<{ found: boolean }> {
  if (d.kind !== 'profile') return { found: false };
  const updated = await settlePendingProfile(ctx, d.id, d.decision);
  if (!updated) return { found: false };
  if (d.decision === 'approve') {
    await ctx.bus.publish(
      events.auth.userUpdated,
      { userId: updated._id.toString(), username: updated.username, displayName: updated.displayName, avatarUrl: avatarUrlOf(updated), at: new Date().toISOString() },
      { requestId: source },
    );
  }
  return { found: true };
}

export function bindHeldProfiles(ctx: AuthContext): void {
  ctx.bus.respond(subjects.auth.heldList, () => heldProfiles(ctx));
  ctx.bus.respond(subjects.auth.heldDecide, (payload, c) => decideProfile(ctx, payload, c));
}
