import { events, subjects } from '@meydan/proto';
import type { PollsContext } from '../context.js';
import { exportMemberData, forgetMember } from '../usecases/member-data.js';

/** The member's data: their export (polls.users.export) and its removal when the account is deleted. */
export async function bindMemberData(ctx: PollsContext): Promise<void> {
  const { bus } = ctx;

  bus.respond(subjects.polls.userExport, ({ userId }) => exportMemberData(ctx, userId));

  // The account is gone: its polls, likes and comments go, its votes stay in the counts without a name.
  await bus.consume({
    purpose: 'member-deleted',
    filterSubject: events.auth.userDeleted,
    handler: ({ userId }, { requestId }) => forgetMember(ctx, userId, requestId),
  });
}
