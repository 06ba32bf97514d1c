/**
 * Display names and bios the word filter holds for review (`pendingProfile` on the account; the public profile keeps
 * the old ones): the moderators' queue, and a decision: approved, they replace the public ones (and
 * `events.auth.user.updated` tells the services that keep names); removed, they are dropped.
 */
import type { HeldDecideRequest, HeldListReply } from '@meydan/proto';
import type { RequestIdOrSource } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { pendingProfiles, settlePendingProfile } from '../store/held-profiles.js';
import { announceUserUpdated } from './announcements.js';

const LIST_LIMIT = 100;

/** The oldest held profile texts, for the moderators' queue. */
export async function heldProfiles(ctx: Pick<AuthContext, 'models'>): Promise<HeldListReply> {
  const users = await pendingProfiles(ctx, LIST_LIMIT);
  return {
    items: users.map((u) => ({
      kind: 'profile' as const,
      id: u._id.toString(),
      authorId: u._id.toString(),
      preview: [u.pendingProfile!.displayName, u.pendingProfile!.bio]
        .filter((t): t is string => typeof t === 'string' && t !== '')
        .join(' · '),
      link: `/profil/${u.username}`,
      createdAt: new Date(u.pendingProfile!.at).toISOString(),
    })),
  };
}

/** A moderator's decision on a member's held display name or bio; `found` false when none waits. */
export async function decideProfile(
  ctx: Pick<AuthContext, 'models' | 'bus'>,
  d: HeldDecideRequest,
  source?: RequestIdOrSource,
): Promise<{ found: boolean }> {
  if (d.kind !== 'profile') return { found: false };
  const updated = await settlePendingProfile(ctx, d.id, d.decision);
  if (!updated) return { found: false };
  if (d.decision === 'approve') await announceUserUpdated(ctx, updated, source);
  return { found: true };
}
