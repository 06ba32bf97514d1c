/**
 * Members for a load test (issue 44, usecases/load-members.ts): a batch of throw-away members with personal API tokens,
 * minted and removed by an administrator; auth answers 404 unless it runs with LOAD_TEST_MEMBERS=on.
 */
import type { ServiceApp } from '@meydan/kit';
import { loadMembersTexts as T } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { dropLoadMembers, mintLoadMembers } from '../usecases/load-members.js';
import { staffOf } from './shared.js';

/** Whether the client asked for the tokens as CSV (`Accept: text/csv`) rather than JSON. */
const wantsCsv = (accept: string | undefined) =>
  /\btext\/csv\b/i.test(accept ?? '') && !/\bapplication\/json\b/i.test(accept ?? '');

export async function loadMembersRoutes(app: ServiceApp, { ctx }: { ctx: AdminContext }): Promise<void> {
  app.post(
    '/api/admin/load-members',
    {
      schema: {
        summary:
          'Yük testi için tek kullanımlık üyeler açar (1-1000; `yuk_<parti>_<n>@example.invalid`, şifreyle girilemez) ve her birine bir kişisel API anahtarı verir; anahtarlar yalnızca bu yanıtta görünür. `Accept: text/csv` ile `token` sütunlu CSV döner. Yalnızca yönetici ve auth LOAD_TEST_MEMBERS=on ile çalışırken (yoksa 404); işlem kaydına yazılır',
        body: { $ref: 'meydan/admin-load-members-create' },
        response: {
          201: {
            description: 'Açılan parti ve anahtarları',
            content: {
              'application/json': { schema: { $ref: 'meydan/admin-load-members-created' } },
              'text/csv': { schema: { type: 'string' } },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { batch, tokens } = await mintLoadMembers(ctx, request.body.count, staffOf(request));
      reply.code(201).header('cache-control', 'no-store');
      if (wantsCsv(request.headers.accept)) {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="meydan-yuk-testi-${batch}.csv"`)
          .send(`token\n${tokens.join('\n')}\n`);
      }
      return reply.send({ batch, tokens, message: T.created(tokens.length) });
    },
  );

  app.delete(
    '/api/admin/load-members/:batch',
    {
      schema: {
        summary:
          'Bir yük testi üye partisini hesap silme yoluyla kaldırır (oyları, anketleri, yorumları da gider). Yalnızca yönetici ve LOAD_TEST_MEMBERS=on iken; bilinmeyen parti 404; işlem kaydına yazılır',
        params: { $ref: 'meydan/admin-load-members-batch-params' },
        response: { 200: { $ref: 'meydan/admin-load-members-removed' } },
      },
    },
    async (request) => {
      const { batch } = request.params;
      const removed = await dropLoadMembers(ctx, batch, staffOf(request));
      return { batch, removed, message: T.removed(removed) };
    },
  );
}
