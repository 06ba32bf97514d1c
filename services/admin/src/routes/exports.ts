/**
 * The panel's figures over time and its downloads: the trend chart's days (Europe/Istanbul) and the users, polls and
 * reports lists as CSV files, read from the read model as they are streamed out.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { csvContentType, csvResponse, csvStream, type CsvColumn } from '@meydan/kit';
import type { AdminDailyQuery } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { istanbulLastDays } from '../domain/month.js';
import { dailyStats, pollRows, recordAudit, reportRows, userRows, type PollRow, type ReportRow, type UserRow } from '../store/panel.js';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

const userColumns: CsvColumn<UserRow>[] = [
  { header: 'id', value: (u) => u._id },
  { header: 'kullanici_adi', value: (u) => u.username },
  { header: 'gorunen_ad', value: (u) => u.displayName },
  { header: 'eposta', value: (u) => u.email },
  { header: 'rol', value: (u) => u.role ?? 'member' },
  { header: 'etkin', value: (u) => u.isActive ?? true },
  { header: 'eposta_dogrulandi', value: (u) => u.emailVerified ?? false },
  { header: 'kayit_tarihi', value: (u) => iso(u.createdAt) },
];

const pollColumns: CsvColumn<PollRow>[] = [
  { header: 'id', value: (p) => p.poll._id },
  { header: 'baslik', value: (p) => p.poll.title },
  { header: 'aciklama', value: (p) => p.poll.description },
  { header: 'kategori', value: (p) => p.poll.category },
  { header: 'tur', value: (p) => p.poll.type },
  { header: 'olusturan', value: (p) => p.creator },
  { header: 'oy_sayisi', value: (p) => p.poll.votesCount ?? 0 },
  { header: 'paylasilabilir', value: (p) => p.poll.isShareable ?? false },
  { header: 'olusturma_tarihi', value: (p) => iso(p.poll.createdAt) },
];

const reportColumns: CsvColumn<ReportRow>[] = [
  { header: 'id', value: (r) => r.report._id },
  { header: 'anket_id', value: (r) => r.report.pollId },
  { header: 'anket_basligi', value: (r) => r.pollTitle },
  { header: 'bildiren', value: (r) => r.reporter },
  { header: 'neden', value: (r) => r.report.reason },
  { header: 'aciklama', value: (r) => r.report.description },
  { header: 'durum', value: (r) => r.report.status ?? 'pending' },
  { header: 'tarih', value: (r) => iso(r.report.createdAt) },
];

/** Sends rows as a CSV attachment named `meydan-<name>-<YYYY-MM-DD>.csv`. */
function sendCsv<T>(reply: FastifyReply, name: string, rows: AsyncIterable<T>, columns: readonly CsvColumn<T>[]) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type(csvContentType)
    .header('content-disposition', `attachment; filename="meydan-${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(csvStream(rows, columns));
}

export async function exportRoutes(app: FastifyInstance, { ctx }: { ctx: AdminContext }): Promise<void> {
  const { models } = ctx;

  app.get<{ Querystring: AdminDailyQuery }>(
    '/api/admin/stats/daily',
    {
      schema: {
        summary: 'Günlük eğilim: son N günün (Europe/Istanbul takvim günleri) kayıt, anket, oy ve rapor sayıları, eskiden yeniye',
        querystring: { $ref: 'meydan/admin-daily-query' },
        response: { 200: { $ref: 'meydan/admin-daily-stats' } },
      },
    },
    async (request) => ({ timeZone: 'Europe/Istanbul' as const, days: await dailyStats(models, istanbulLastDays(new Date(), request.query.days!)) }),
  );

  app.get(
    '/api/admin/users.csv',
    { schema: { summary: 'Bütün kullanıcılar, CSV olarak (yeniden eskiye; işlem kaydına yazılır). Yalnızca yönetici', response: { 200: csvResponse } } },
    async (request, reply) => {
      await recordAudit(models, { adminId: request.identity!.userId!, action: 'export', targetType: 'export', targetId: 'users', reason: null });
      return sendCsv(reply, 'kullanicilar', userRows(models), userColumns);
    },
  );

  app.get(
    '/api/admin/polls.csv',
    { schema: { summary: 'Bütün anketler, oluşturanlarıyla CSV olarak (yeniden eskiye; işlem kaydına yazılır). Yalnızca yönetici', response: { 200: csvResponse } } },
    async (request, reply) => {
      await recordAudit(models, { adminId: request.identity!.userId!, action: 'export', targetType: 'export', targetId: 'polls', reason: null });
      return sendCsv(reply, 'anketler', pollRows(models), pollColumns);
    },
  );

  app.get(
    '/api/admin/reports.csv',
    { schema: { summary: 'Bütün raporlar, anket başlıkları ve bildirenleriyle CSV olarak (yeniden eskiye; işlem kaydına yazılır). Yalnızca yönetici', response: { 200: csvResponse } } },
    async (request, reply) => {
      await recordAudit(models, { adminId: request.identity!.userId!, action: 'export', targetType: 'export', targetId: 'reports', reason: null });
      return sendCsv(reply, 'raporlar', reportRows(models), reportColumns);
    },
  );
}
