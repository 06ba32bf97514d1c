import { events, subjects } from '@meydan/proto';
import type { SocialContext } from '../context.js';
import { exportFollowEdges, forgetMember } from '../usecases/member-data.js';

/**
 * The member's follow edges: their export (social.users.export) and their removal, with the follow requests they
 * sent or received, when the account is deleted.
 */
export async function bindMemberData(ctx: SocialContext): Promise<void> {
  const { bus } = ctx;

  bus.respond(subjects.social.userExport, ({ userId }) => exportFollowEdges(ctx, userId));

  await bus.consume({
    purpose: 'member-deleted',
    filterSubject: events.auth.userDeleted,
    handler: ({ userId }) => forgetMember(ctx, userId),
  });
}
