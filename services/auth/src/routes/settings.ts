import type { ServiceApp } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { changeSettings, readSettings } from '../usecases/settings.js';
import { memberOf } from './guards.js';

/** The profile's Settings tab: privacy, follow requests and which in-app notifications the member gets. */
export async function settingsRoutes(app: ServiceApp, { ctx }: { ctx: AuthContext }) {
  app.get(
    '/api/users/me/settings',
    { schema: { summary: 'Gizlilik ve bildirim ayarların', response: { 200: { $ref: 'meydan/user-settings' } } } },
    async (request) => readSettings(ctx, memberOf(request)),
  );

  app.patch(
    '/api/users/me/settings',
    {
      schema: {
        summary: 'Gizlilik ve bildirim ayarlarını değiştirir',
        body: { $ref: 'meydan/user-settings-patch' },
        response: { 200: { $ref: 'meydan/user-settings' } },
      },
    },
    async (request) => changeSettings(ctx, request.body, memberOf(request)),
  );
}
