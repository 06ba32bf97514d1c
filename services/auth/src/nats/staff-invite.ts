/** `auth.staff.invite`: the admin service asks for a staff account for an address nobody holds (usecases/staff-invite.ts). */
import { subjects } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { inviteStaff } from '../usecases/staff-invite.js';

export function bindStaffInvite(ctx: AuthContext): void {
  ctx.bus.respond(subjects.auth.staffInvite, (payload, { requestId }) => inviteStaff(ctx, payload, requestId));
}
