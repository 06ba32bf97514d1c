import type { FastifyRequest } from 'fastify';
import { hiddenMemberListResponse, socialMessages } from '@meydan/proto';
import { HttpError, requireMember, type ServiceApp } from '@meydan/kit';
import type { SocialContext } from '../context.js';
import type { HideKind } from '../model/hide.js';
import { hide, listHidden, selfHideText, unhide } from '../usecases/hides.js';

const params = { $ref: 'meydan/social-user-params' } as const;
const answer = { 200: { $ref: 'meydan/hide-state#' } } as const;

const memberId = (request: FastifyRequest) => requireMember(request, socialMessages.blockLoginRequired);

/** The hide state, or the refusal of blocking or muting oneself (400). */
function answered<T>(kind: HideKind, state: T | 'self'): T {
  if (state === 'self') throw new HttpError(400, 'validation', selfHideText(kind));
  return state;
}

const routes = [
  {
    kind: 'blocks',
    path: 'block',
    list: 'blocks',
    on: 'Üyeyi engeller',
    off: 'Engeli kaldırır',
    listed: 'Engellediğin üyeler',
  },
  {
    kind: 'mutes',
    path: 'mute',
    list: 'mutes',
    on: 'Üyeyi sessize alır',
    off: 'Sessizden çıkarır',
    listed: 'Sessize aldığın üyeler',
  },
] as const satisfies readonly { kind: HideKind; path: string; list: string; on: string; off: string; listed: string }[];

/**
 * Block and mute (`/api/users/{id}/block|mute`, POST to do, DELETE to take back) and the member's own lists
 * (`/api/users/me/blocks|mutes`). Twice is no error: 200 with `changed: false`.
 */
export async function hideRoutes(app: ServiceApp, { ctx }: { ctx: SocialContext }) {
  for (const r of routes) {
    app.post(
      `/api/users/:id/${r.path}`,
      {
        schema: {
          summary: `${r.on} (ikinci kez: 200, changed false)`,
          params,
          body: { $ref: 'meydan/no-body' },
          response: answer,
        },
      },
      async (request) => answered(r.kind, await hide(ctx, r.kind, memberId(request), request.params.id, request)),
    );

    app.delete(
      `/api/users/:id/${r.path}`,
      { schema: { summary: `${r.off} (yoksa: 200, changed false)`, params, response: answer } },
      async (request) => answered(r.kind, await unhide(ctx, r.kind, memberId(request), request.params.id, request)),
    );

    app.get(
      `/api/users/me/${r.list}`,
      {
        schema: {
          summary: `${r.listed}, en yeni önce (page, limit; toplam x-total-count başlığında)`,
          querystring: { $ref: 'meydan/follow-list-query' },
          response: { 200: hiddenMemberListResponse },
        },
      },
      async (request, reply) => {
        const userId = memberId(request);
        const { page = 1, limit = 20 } = request.query;
        const { rows, total } = await listHidden(ctx, r.kind, { userId, page, limit }, request);
        reply.header('x-total-count', String(total));
        return rows;
      },
    );
  }
}
