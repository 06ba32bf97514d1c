/**
 * What the staff do to accounts: read the panel's figures and members, change a role, invite a staff member, ban and
 * reactivate. Every action is written to the audit log; its effects on other services travel as events.
 */
import {
  isStaffRole,
  adminPageSize,
  events,
  type AdminListQuery,
  type BanBody,
  type RoleChangeBody,
  type StaffInviteBody,
} from '@meydan/proto';
import { sealMail } from '@meydan/kit';
import type { AdminContext } from '../context.js';
import { banNoticeMail } from '../domain/mail.js';
import { istanbulMonthStart } from '../domain/month.js';
import { inviteStaffAccount } from '../clients/auth.js';
import { findUser, panelStats, setUserActive, setUserRole, userPage } from '../store/panel.js';
import { userView } from '../views/panel.js';
import { audit, type Staff } from './staff.js';

type Panel = Pick<AdminContext, 'models'>;
type Acting = Pick<AdminContext, 'models' | 'bus'>;

/** The panel's figures: totals and this month's (the Europe/Istanbul calendar month). */
export const readPanelStats = (ctx: Panel) => panelStats(ctx.models, istanbulMonthStart(new Date()));

/** One page of the members matching the search. */
export async function listMembers(ctx: Panel, query: AdminListQuery) {
  const page = query.page ?? 1;
  const { items, totalCount } = await userPage(ctx.models, query.q?.trim(), page);
  return { items: items.map((u) => userView(u as never)), totalCount, page, pageSize: adminPageSize };
}

export type RoleChange = 'changed' | 'unchanged' | 'not_found' | 'own_role';

/** Gives an account another role (member, moderator, admin); never one's own. */
export async function changeRole(ctx: Acting, userId: string, change: RoleChangeBody, by: Staff): Promise<RoleChange> {
  const user = await findUser(ctx.models, userId);
  if (!user) return 'not_found';
  if (user._id === by.userId) return 'own_role';
  const previous = (user.role ?? 'member') as RoleChangeBody['role'];
  const { role } = change;
  if (previous === role) return 'unchanged';
  const at = new Date().toISOString();
  await ctx.bus.publishReliably(
    events.admin.roleChanged,
    { userId: user._id, role, previous, by: by.userId, at },
    { requestId: by.requestId },
  );
  await setUserRole(ctx.models, user._id, role);
  const why = change.reason?.trim();
  await audit(ctx, by, 'user.role', 'user', user._id, `${previous} → ${role}${why ? `: ${why}` : ''}`);
  return 'changed';
}

/** Invites a staff member by e-mail: auth makes the account and mails the link that sets its password. */
export async function inviteStaff(ctx: Acting, invite: StaffInviteBody, by: Staff): Promise<{ userId: string }> {
  const { email, displayName, role } = invite;
  const { userId } = await inviteStaffAccount(ctx, { email, displayName, role, by: by.userId }, by.requestId);
  await audit(ctx, by, 'staff.invite', 'user', userId, role);
  return { userId };
}

/** Why a member cannot be banned or reactivated: unknown, a staff account, or (for a ban) oneself. */
export type Untouchable = 'not_found' | 'staff' | 'self';

/** The member a staff member bans or reactivates: never a staff account (moderator, admin). */
async function targetUser(ctx: Panel, id: string) {
  const user = await findUser(ctx.models, id);
  if (!user) return 'not_found';
  return isStaffRole(user.role) ? 'staff' : user;
}

/** Bans a member: their sessions, keys and sockets close and their polls are hidden (by the events' consumers), and they are mailed. */
export async function banMember(
  ctx: Pick<AdminContext, 'models' | 'bus' | 'config'>,
  userId: string,
  ban: BanBody | undefined,
  by: Staff,
): Promise<'banned' | Untouchable> {
  const user = await targetUser(ctx, userId);
  if (typeof user === 'string') return user;
  if (userId === by.userId) return 'self';
  // A repeated click (or two admins at once) bans once: no second event, mail or audit entry.
  if (user.isActive === false) return 'banned';
  const reason = ban?.reason?.trim() || null;
  const at = new Date().toISOString();
  await ctx.bus.publishReliably(
    events.admin.userBanned,
    { userId: user._id, by: by.userId, ...(reason ? { reason } : {}), at },
    { requestId: by.requestId },
  );
  await setUserActive(ctx.models, user._id, false);
  await audit(ctx, by, 'user.ban', 'user', user._id, reason);
  await ctx.bus.publishReliably(
    events.admin.mailRequested,
    sealMail(ctx.config.MAIL_SECRET, {
      to: user.email,
      ...banNoticeMail(user.displayName || user.username, reason),
      tag: 'ban-notice',
      userId: user._id,
    }),
    { requestId: by.requestId, msgId: `ban-notice:${user._id}:${at}` },
  );
  return 'banned';
}

/** Lifts a member's ban (nothing happens for an active one). */
export async function reactivateMember(
  ctx: Acting,
  userId: string,
  by: Staff,
): Promise<'activated' | Exclude<Untouchable, 'self'>> {
  const user = await targetUser(ctx, userId);
  if (typeof user === 'string') return user;
  if (user.isActive !== false) return 'activated';
  await ctx.bus.publishReliably(
    events.admin.userReactivated,
    { userId: user._id, by: by.userId, at: new Date().toISOString() },
    { requestId: by.requestId },
  );
  await setUserActive(ctx.models, user._id, true);
  await audit(ctx, by, 'user.activate', 'user', user._id);
  return 'activated';
}
