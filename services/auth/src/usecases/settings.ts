/** The profile's Settings tab: privacy, follow requests and which in-app notifications the member gets. */
import type { UserSettings, UserSettingsPatchBody } from '@meydan/proto';
import { httpError } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { authTexts as T } from '../domain/texts.js';
import { settingsOf } from '../domain/views.js';
import { accountById, updateSettings } from '../store/accounts.js';
import { announceUserUpdated } from './announcements.js';
import type { Member } from './caller.js';

type Settings = Pick<AuthContext, 'models' | 'redis' | 'mongo' | 'bus'>;

export async function readSettings(ctx: Settings, member: Pick<Member, 'userId'>): Promise<UserSettings> {
  const user = await accountById(ctx, member.userId);
  if (!user) throw httpError('not_found', T.userNotFound);
  return settingsOf(user);
}

export async function changeSettings(
  ctx: Settings,
  patch: UserSettingsPatchBody,
  member: Member,
): Promise<UserSettings> {
  const user = await updateSettings(ctx, member.userId, patch);
  if (!user) throw httpError('not_found', T.userNotFound);
  // Services that cache a member's settings (notifications) drop them when they hear this.
  await announceUserUpdated(ctx, user, member.requestId);
  return settingsOf(user);
}
