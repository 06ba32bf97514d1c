import type { FastifyInstance } from 'fastify';
import { events, type UserSettingsPatchBody } from '@meydan/proto';
import { httpError, requireMember } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { authTexts as T } from '../domain/texts.js';
import { accountById, updateSettings } from '../store/accounts.js';
import { avatarUrlOf, settingsOf } from '../domain/views.js';

/** The profile's Settings tab: privacy, follow requests and which in-app notifications the member gets. */
export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AuthContext }) {
  const { bus } = ctx;

  app.get('/api/users/me/settings', { schema: { summary: 'Gizlilik ve bildirim ayarların', response: { 200: { $ref: 'meydan/user-settings' } } } }, async (request) => {
    const user = await accountById(ctx, requireMember(request, T.loginRequired));
    if (!user) throw httpError('not_found', T.userNotFound);
    return settingsOf(user);
  });

  app.patch<{ Body: UserSettingsPatchBody }>(
    '/api/users/me/settings',
    { schema: { summary: 'Gizlilik ve bildirim ayarlarını değiştirir', body: { $ref: 'meydan/user-settings-patch' }, response: { 200: { $ref: 'meydan/user-settings' } } } },
    async (request) => {
      const userId = requireMember(request, T.loginRequired);
      const user = await updateSettings(ctx, userId, request.body);
      if (!user) throw httpError('not_found', T.userNotFound);
      // Services that cache a member's settings (notifications) drop them when they hear this.
      await bus.publish(
        events.auth.userUpdated,
        { userId, username: user.username, displayName: user.displayName, avatarUrl: avatarUrlOf(user), at: new Date().toISOString() },
        { requestId: request.id },
      );
      return settingsOf(user);
    },
  );
}
