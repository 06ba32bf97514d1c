/**
 * The member's data-protection rights: a copy of everything Meydan holds of them (profile here; polls, votes,
 * follows and notifications asked from their services over NATS), and deleting the account — scheduled for 30
 * days, cancelled by signing in before then (see login), then removed everywhere through `events.auth.user.deleted`.
 */
import { events, limits, type AccountDeletionScheduled, type AccountExport } from '@meydan/proto';
import { HttpError, httpError } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { notificationsExportOf } from '../clients/notifications.js';
import { pollsExportOf } from '../clients/polls.js';
import { socialExportOf } from '../clients/social.js';
import { authTexts as T } from '../domain/texts.js';
import { avatarUrlOf } from '../domain/views.js';
import { accountById, accountDocById, scheduleDeletion } from '../store/accounts.js';
import { PasswordChecks } from '../store/password-checks.js';
import type { Member } from './caller.js';
import { revokeEverything } from './revocation.js';

const GATHER_TIMEOUT_MS = 3000;
const DAY_MS = 24 * 3600_000;

/** Everything Meydan holds of the member, with the username to name the file; 503 when a service cannot answer. */
export async function exportAccount(
  ctx: Pick<AuthContext, 'models' | 'redis' | 'mongo' | 'bus'>,
  member: Member,
): Promise<{ username: string; data: AccountExport }> {
  const { userId, requestId } = member;
  const user = await accountById(ctx, userId);
  if (!user) throw httpError('not_found', T.userNotFound);
  const [polls, social, notifications] = await Promise.all([
    pollsExportOf(ctx, userId, requestId, GATHER_TIMEOUT_MS),
    socialExportOf(ctx, userId, requestId, GATHER_TIMEOUT_MS),
    notificationsExportOf(ctx, userId, requestId, GATHER_TIMEOUT_MS),
  ]).catch((err: unknown) => {
    // An export missing a part would claim to be everything: none rather than an incomplete one.
    member.log.warn({ err }, 'data export could not gather every service');
    throw new HttpError(503, 'service_unavailable', T.exportUnavailable, { 'retry-after': '5' });
  });
  const data = {
    exportedAt: new Date().toISOString(),
    profile: {
      id: userId,
      username: user.username,
      email: user.email,
      displayName: user.displayName,
      bio: user.bio,
      avatarUrl: avatarUrlOf(user),
      isProfilePublic: user.isProfilePublic,
      role: user.role,
      createdAt: new Date(user.createdAt).toISOString(),
      birthDate: user.birthDate,
      birthTime: user.birthTime,
      birthPlace: user.birthPlace,
      gender: user.gender,
      zodiacSign: user.zodiacSign,
      answers: user.answers,
      analysis: user.analysis,
      deletionScheduledAt: user.deletionScheduledAt ? new Date(user.deletionScheduledAt).toISOString() : null,
    },
    polls: polls.polls,
    votes: polls.votes,
    follows: social,
    notifications: notifications.notifications,
  };
  return { username: user.username, data };
}

/**
 * Plans the account's deletion in 30 days, after the current password (checked as a login is): every way in ends and
 * `events.auth.user.deletion-scheduled` tells the other services.
 */
export async function scheduleAccountDeletion(
  ctx: Pick<AuthContext, 'config' | 'models' | 'redis' | 'mongo' | 'bus' | 'sessions' | 'loginChallenge'>,
  { password, altcha }: { password: string; altcha?: string | undefined },
  member: Member,
): Promise<AccountDeletionScheduled> {
  const { userId } = member;
  const user = await accountDocById(ctx, userId);
  if (!user) throw httpError('not_found', T.userNotFound);
  await new PasswordChecks(ctx).verify(user, password, { ip: member.ip, altcha, log: member.log });
  const now = new Date();
  const deleteAt = new Date(now.getTime() + limits.legal.accountDeletionDays * DAY_MS);
  await scheduleDeletion(ctx, userId, deleteAt);
  await revokeEverything(ctx, userId, member.requestId);
  await ctx.bus.publish(
    events.auth.userDeletionScheduled,
    { userId, deleteAt: deleteAt.toISOString(), at: now.toISOString() },
    { requestId: member.requestId },
  );
  const date = deleteAt.toLocaleDateString('tr-TR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Istanbul',
  });
  return { message: T.deletionScheduled(date), deleteAt: deleteAt.toISOString() };
}
