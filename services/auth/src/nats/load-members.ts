/** `auth.load-members.create` and `auth.load-members.remove` (the admin service, for an administrator; usecases/load-members.ts). */
import { subjects } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { makeLoadMembers, removeLoadMembers } from '../usecases/load-members.js';

export function bindLoadMembers(ctx: AuthContext): void {
  ctx.bus.respond(subjects.auth.loadMembersCreate, (payload, { requestId }) =>
    makeLoadMembers(ctx, payload, requestId),
  );
  ctx.bus.respond(subjects.auth.loadMembersRemove, (payload, { requestId }) =>
    removeLoadMembers(ctx, payload, requestId),
  );
}
