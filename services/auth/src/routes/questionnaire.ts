import type { ServiceApp } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { analyseMember, storedAnalysis } from '../usecases/questionnaire.js';
import { callerOf, profileOwner, userIdParams } from './guards.js';

/** The personality analysis ('Analizi Başlat'): computed from the answers and the member's votes, stored, read back. */
export async function questionnaireRoutes(app: ServiceApp, { ctx }: { ctx: AuthContext }) {
  app.post(
    '/api/users/:id/analysis',
    {
      schema: {
        summary: 'Kişilik analizini yapar ve saklar',
        params: userIdParams,
        body: { $ref: 'meydan/no-body' },
        response: { 200: { $ref: 'meydan/personality-analysis' } },
      },
    },
    async (request) => analyseMember(ctx, { ...callerOf(request), userId: profileOwner(request, request.params.id) }),
  );

  app.get(
    '/api/users/:id/analysis',
    {
      schema: {
        summary: 'Saklanan kişilik analizi',
        params: userIdParams,
        response: { 200: { $ref: 'meydan/personality-analysis' } },
      },
    },
    async (request) => storedAnalysis(ctx, { userId: profileOwner(request, request.params.id) }),
  );
}
