import { events, subjects } from '@meydan/proto';
import type { SocialContext } from '../context.js';
import { edgesOf, removeMemberEdges } from '../store/follows.js';
import { removeMemberHides } from '../store/hides.js';

/**
 * The member's follow edges: their export (social.users.export) and their removal, with the follow requests they
 * sent or received, when the account is deleted.
 */
export async function bindMemberData(ctx: SocialContext): Promise<void> {
  const { bus } = ctx;

  bus.respond(subjects.social.userExport, async ({ userId }) => {
    const { followers, following } = await edgesOf(ctx, userId);
    return {
      followers: followers.map((f) => ({ userId: f.followerId, since: new Date(f.createdAt).toISOString() })),
      following: following.map((f) => ({ userId: f.followeeId, since: new Date(f.createdAt).toISOString() })),
    };
  });

  await bus.consume({
    purpose: 'member-deleted',
    filterSubject: events.auth.userDeleted,
    handler: async ({ userId }) => {
      await removeMemberEdges(ctx, userId);
      await removeMemberHides(ctx, userId);
    },
  });
}
