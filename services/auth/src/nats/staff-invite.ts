/**
 * `auth.staff.invite`: the admin service asks for a staff account for an address nobody holds. It is made with no
 * usable password (nobody can sign in to it) and its owner is mailed a single-use link (the password reset's, sealed as
 * every mail is) that sets one; the first sign-in then asks for the authenticator's enrolment.
 */
import { events, subjects } from '@meydan/proto';
import { HttpError, sealMail } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { staffInviteMail } from '../domain/mail.js';
import { randomToken, sha256 } from '../domain/secrets.js';
import { createStaffAccount } from '../store/accounts.js';
import { createPasswordReset } from '../store/password-resets.js';

/** How long an invitation's link stays good. */
export const STAFF_INVITE_HOURS = 72;

export function bindStaffInvite(ctx: AuthContext): void {
  const { bus, config } = ctx;
  bus.respond(subjects.auth.staffInvite, async ({ email, displayName, role }, { requestId }) => {
    const made = await createStaffAccount(ctx, { email, displayName, role });
    if (!made) throw new HttpError(409, 'email_taken', 'Bu adresin zaten bir hesabı var; rolünü Kullanıcılar sekmesinden değiştirebilirsin.');
    const { user, username, name } = made;
    const userId = user.id as string;
    const at = new Date().toISOString();
    await bus.publish(
      events.auth.userRegistered,
      { userId, username, email: user.email, displayName: name, role, isActive: true, emailVerified: true, at },
      { requestId },
    );
    const token = randomToken();
    await createPasswordReset(ctx, userId, sha256(token), new Date(Date.now() + STAFF_INVITE_HOURS * 3600_000));
    const link = `${config.PUBLIC_ORIGIN}/sifre-sifirla?token=${encodeURIComponent(token)}`;
    await bus.publish(
      events.auth.mailRequested,
      sealMail(config.MAIL_SECRET, { to: user.email, ...staffInviteMail(name, role, link, STAFF_INVITE_HOURS), tag: 'staff-invite', userId }),
      { requestId, msgId: `mail:staff-invite:${sha256(token)}` },
    );
    return { userId, username };
  });
}
