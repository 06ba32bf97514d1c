/**
 * Texts the word filter held for review (a `hold` entry matched): polls and comments (polls keeps them) and display
 * names and bios (auth keeps them). The moderation queue lists them, oldest first with their waiting time, asked of
 * polls and auth over NATS; a moderator approves one (shown to everyone) or removes it, and the audit names them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpError } from '@meydan/kit';
import { heldTexts as H, subjects, type HeldListReply, type HeldParams } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { recordAudit } from '../store/panel.js';

type HeldItem = HeldListReply['items'][number];

/**
 * Every held item polls and auth answer, oldest first (at most 100), with how long it has waited. A service that does
 * not answer leaves its items out (logged): the reports still show.
 */
export async function heldQueue(ctx: AdminContext, request: FastifyRequest, now: Date) {
  const itemsOf = (asked: Promise<HeldListReply>, service: string) =>
    asked.then(
      (r) => r.items,
      (err: unknown) => {
        request.log.warn({ err, service }, 'held items not read');
        return [] as HeldItem[];
      },
    );
  const [polls, profiles] = await Promise.all([
    itemsOf(ctx.bus.request(subjects.polls.heldList, {}, request), 'polls'),
    itemsOf(ctx.bus.request(subjects.auth.heldList, {}, request), 'auth'),
  ]);
  return [...polls, ...profiles]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .slice(0, 100)
    .map((item) => ({ ...item, waitingSeconds: Math.max(0, Math.floor((now.getTime() - Date.parse(item.createdAt)) / 1000)) }));
}

const params = { $ref: 'meydan/admin-held-params' } as const;
const message = { 200: { $ref: 'meydan/message' } } as const;

export async function heldRoutes(app: FastifyInstance, { ctx }: { ctx: AdminContext }): Promise<void> {
  const decide = (decision: 'approve' | 'remove') => async (request: FastifyRequest<{ Params: HeldParams }>) => {
    const adminId = request.identity!.userId!;
    const { kind, id } = request.params;
    const asked = { kind, id, decision, by: adminId };
    const { found } =
      kind === 'profile' ? await ctx.bus.request(subjects.auth.heldDecide, asked, request) : await ctx.bus.request(subjects.polls.heldDecide, asked, request);
    if (!found) throw httpError('not_found', H.notFound);
    await recordAudit(ctx.models, {
      adminId,
      action: decision === 'approve' ? 'held.approve' : 'held.remove',
      targetType: kind,
      targetId: id,
      reason: null,
    });
    return { message: decision === 'approve' ? H.approved : H.removed };
  };

  app.post<{ Params: HeldParams }>(
    '/api/admin/held/:kind/:id/approve',
    {
      schema: {
        summary: 'Kelime filtresinin incelemeye aldığı anketi, yorumu ya da profil metnini onaylar: herkes görür (moderatör yeter)',
        params,
        body: { $ref: 'meydan/no-body' },
        response: message,
      },
    },
    decide('approve'),
  );

  app.post<{ Params: HeldParams }>(
    '/api/admin/held/:kind/:id/remove',
    {
      schema: {
        summary: 'İncelemede bekleyen anketi ya da yorumu kaldırır, profil metnini geri çevirir (eskisi kalır)',
        params,
        body: { $ref: 'meydan/no-body' },
        response: message,
      },
    },
    decide('remove'),
  );
}
