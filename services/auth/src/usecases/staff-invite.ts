/**
 * A staff account for an address nobody holds (the admin service asks). It is made with no usable password (nobody
 * can sign in to it) and its owner is mailed a single-use link (the password reset's, sealed as every mail is) that
 * sets one; the first sign-in then asks for the authenticator's enrolment.
 */
import { events, type StaffInviteReply, type StaffInviteRequest } from '@meydan/proto';
import { HttpError } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { staffInviteMail } from '../domain/mail.js';
import { randomToken, sha256 } from '../domain/secrets.js';
import { createStaffAccount } from '../store/accounts.js';
import { createPasswordReset } from '../store/password-resets.js';
import { requestMail } from './announcements.js';

/** How long an invitation's link stays good. */
export const STAFF_INVITE_HOURS = 72;

export async function inviteStaff(
  ctx: Pick<AuthContext, 'config' | 'models' | 'redis' | 'mongo' | 'bus'>,
  { email, displayName, role }: StaffInviteRequest,
  requestId: string,
): Promise<StaffInviteReply> {
  const made = await createStaffAccount(ctx, { email, displayName, role });
  if (!made)
    throw new HttpError(
      409,
      'email_taken',
      'Bu adresin zaten bir hesabı var; rolünü Kullanıcılar sekmesinden değiştirebilirsin.',
    );
  const { user, username, name } = made;
  const userId = user.id as string;
  const at = new Date().toISOString();
  await ctx.bus.publish(
    events.auth.userRegistered,
    { userId, username, email: user.email, displayName: name, role, isActive: true, emailVerified: true, at },
    { requestId },
  );
  const token = randomToken();
  await createPasswordReset(ctx, userId, sha256(token), new Date(Date.now() + STAFF_INVITE_HOURS * 3600_000));
  const link = `${ctx.config.PUBLIC_ORIGIN}/sifre-sifirla?token=${encodeURIComponent(token)}`;
  await requestMail(
    ctx,
    { to: user.email, ...staffInviteMail(name, role, link, STAFF_INVITE_HOURS), tag: 'staff-invite', userId },
    { requestId, msgId: `mail:staff-invite:${sha256(token)}` },
  );
  return { userId, username };
}
