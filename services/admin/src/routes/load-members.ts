/**
 * Members for a load test (issue 44): an administrator mints a batch of throw-away members with personal API tokens
 * (auth makes them, `auth.load-members.create`) and removes the batch afterwards (`auth.load-members.remove`). Auth
 * answers 404 unless it runs with LOAD_TEST_MEMBERS=on. Both are written to the audit log.
 */
import type { FastifyInstance } from 'fastify';
import { loadMembersTexts as T, subjects, type LoadMembersBatchParams, type LoadMembersBody } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { recordAudit } from '../store/panel.js';

/** Making or removing a thousand members takes auth a while (a registration event, or a deletion, each). */
const BATCH_TIMEOUT_MS = 120_000;

/** Whether the client asked for the tokens as CSV (`Accept: text/csv`) rather than JSON. */
const wantsCsv = (accept: string | undefined) => /\btext\/csv\b/i.test(accept ?? '') && !/\bapplication\/json\b/i.test(accept ?? '');

export async function loadMembersRoutes(app: FastifyInstance, { ctx }: { ctx: AdminContext }): Promise<void> {
  const { bus, models } = ctx;

  app.post<{ Body: LoadMembersBody }>(
    '/api/admin/load-members',
    {
      schema: {
        summary:
          'Yük testi için tek kullanımlık üyeler açar (1-1000; `yuk_<parti>_<n>@example.invalid`, şifreyle girilemez) ve her birine bir kişisel API anahtarı verir; anahtarlar yalnızca bu yanıtta görünür. `Accept: text/csv` ile `token` sütunlu CSV döner. Yalnızca yönetici ve auth LOAD_TEST_MEMBERS=on ile çalışırken (yoksa 404); işlem kaydına yazılır',
        body: { $ref: 'meydan/admin-load-members-create' },
        response: {
          201: {
            description: 'Açılan parti ve anahtarları',
            content: { 'application/json': { schema: { $ref: 'meydan/admin-load-members-created' } }, 'text/csv': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const adminId = request.identity!.userId!;
      const { count } = request.body;
      const { batch, tokens } = await bus.request(subjects.auth.loadMembersCreate, { count, by: adminId }, { requestId: request.id }, BATCH_TIMEOUT_MS);
      await recordAudit(models, { adminId, action: 'load-members.create', targetType: 'load-members', targetId: batch, reason: `${tokens.length} üye` });
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

  app.delete<{ Params: LoadMembersBatchParams }>(
    '/api/admin/load-members/:batch',
    {
      schema: {
        summary: 'Bir yük testi üye partisini hesap silme yoluyla kaldırır (oyları, anketleri, yorumları da gider). Yalnızca yönetici ve LOAD_TEST_MEMBERS=on iken; bilinmeyen parti 404; işlem kaydına yazılır',
        params: { $ref: 'meydan/admin-load-members-batch-params' },
        response: { 200: { $ref: 'meydan/admin-load-members-removed' } },
      },
    },
    async (request) => {
      const adminId = request.identity!.userId!;
      const { batch } = request.params;
      const { removed } = await bus.request(subjects.auth.loadMembersRemove, { batch, by: adminId }, { requestId: request.id }, BATCH_TIMEOUT_MS);
      await recordAudit(models, { adminId, action: 'load-members.remove', targetType: 'load-members', targetId: batch, reason: `${removed} üye` });
      return { batch, removed, message: T.removed(removed) };
    },
  );
}
