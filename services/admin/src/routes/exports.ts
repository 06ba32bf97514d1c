/**
 * The panel's figures over time and its downloads: the trend chart's days (Europe/Istanbul) and the users, polls and
 * reports lists as CSV files (for Turkish Excel) and `.xlsx` workbooks from the same columns, read from the read model
 * as they are streamed out.
 */
import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import {
  csvContentType,
  csvResponse,
  csvStream,
  xlsxContentType,
  xlsxResponse,
  xlsxStream,
  type SheetColumn,
  type ServiceApp,
} from '@meydan/kit';
import type { AdminContext } from '../context.js';
import type { PollRow, ReportRow, UserRow } from '../store/panel.js';
import { exportList, readDailyStats } from '../usecases/exports.js';
import type { Staff } from '../usecases/staff.js';
import { staffOf } from './shared.js';

const dateOf = (d: Date | string | null | undefined) => (d ? new Date(d) : null);

const userColumns: SheetColumn<UserRow>[] = [
  { header: 'id', value: (u) => u._id },
  { header: 'kullanici_adi', value: (u) => u.username },
  { header: 'gorunen_ad', value: (u) => u.displayName },
  { header: 'eposta', value: (u) => u.email },
  { header: 'rol', value: (u) => u.role ?? 'member' },
  { header: 'etkin', value: (u) => u.isActive ?? true },
  { header: 'eposta_dogrulandi', value: (u) => u.emailVerified ?? false },
  { header: 'kayit_tarihi', value: (u) => dateOf(u.createdAt) },
];

const pollColumns: SheetColumn<PollRow>[] = [
  { header: 'id', value: (p) => p.poll._id },
  { header: 'baslik', value: (p) => p.poll.title },
  { header: 'aciklama', value: (p) => p.poll.description },
  { header: 'kategori', value: (p) => p.poll.category },
  { header: 'tur', value: (p) => p.poll.type },
  { header: 'olusturan', value: (p) => p.creator },
  { header: 'oy_sayisi', value: (p) => p.poll.votesCount ?? 0 },
  { header: 'paylasilabilir', value: (p) => p.poll.isShareable ?? false },
  { header: 'olusturma_tarihi', value: (p) => dateOf(p.poll.createdAt) },
];

const reportColumns: SheetColumn<ReportRow>[] = [
  { header: 'id', value: (r) => r.report._id },
  { header: 'anket_id', value: (r) => r.report.pollId },
  { header: 'anket_basligi', value: (r) => r.pollTitle },
  { header: 'bildiren', value: (r) => r.reporter },
  { header: 'neden', value: (r) => r.report.reason },
  { header: 'aciklama', value: (r) => r.report.description },
  { header: 'durum', value: (r) => r.report.status ?? 'pending' },
  { header: 'tarih', value: (r) => dateOf(r.report.createdAt) },
];

/** One list the panel downloads: its file name, sheet name, rows and columns, and what the audit log names it. */
interface ExportList<T> {
  target: 'users' | 'polls' | 'reports';
  file: string;
  sheet: string;
  what: string;
  rows: (by: Staff) => Promise<AsyncIterable<T>>;
  columns: readonly SheetColumn<T>[];
}

/** Sends a document as an attachment named `meydan-<name>-<YYYY-MM-DD>.<kind>`, never stored by a cache. */
function sendFile(reply: FastifyReply, kind: 'csv' | 'xlsx', name: string, body: Readable) {
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type(kind === 'csv' ? csvContentType : xlsxContentType)
    .header('content-disposition', `attachment; filename="meydan-${name}-${day}.${kind}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** `GET /api/admin/<target>.csv` and `.xlsx`: the whole list, audited as an export (administrators only: proto's staff routes). */
function exportRoutesOf<T>(app: ServiceApp, list: ExportList<T>): void {
  for (const kind of ['csv', 'xlsx'] as const) {
    const form = kind === 'csv' ? 'CSV olarak (Türkçe Excel için)' : 'Excel dosyası (.xlsx) olarak';
    app.get(
      `/api/admin/${list.target}.${kind}`,
      {
        schema: {
          summary: `${list.what}, ${form} (yeniden eskiye; işlem kaydına yazılır). Yalnızca yönetici`,
          response: { 200: kind === 'csv' ? csvResponse : xlsxResponse },
        },
      },
      async (request, reply) => {
        const rows = await list.rows(staffOf(request));
        const body = kind === 'csv' ? csvStream(rows, list.columns) : xlsxStream(rows, list.columns, list.sheet);
        return sendFile(reply, kind, list.file, body);
      },
    );
  }
}

export async function exportRoutes(app: ServiceApp, { ctx }: { ctx: AdminContext }): Promise<void> {
  app.get(
    '/api/admin/stats/daily',
    {
      schema: {
        summary:
          'Günlük eğilim: son N günün (Europe/Istanbul takvim günleri) kayıt, anket, oy ve rapor sayıları, eskiden yeniye',
        querystring: { $ref: 'meydan/admin-daily-query' },
        response: { 200: { $ref: 'meydan/admin-daily-stats' } },
      },
    },
    async (request) => readDailyStats(ctx, request.query.days!),
  );

  exportRoutesOf(app, {
    target: 'users',
    file: 'kullanicilar',
    sheet: 'Kullanıcılar',
    what: 'Bütün kullanıcılar',
    rows: (by) => exportList(ctx, 'users', by),
    columns: userColumns,
  });
  exportRoutesOf(app, {
    target: 'polls',
    file: 'anketler',
    sheet: 'Anketler',
    what: 'Bütün anketler, oluşturanlarıyla',
    rows: (by) => exportList(ctx, 'polls', by),
    columns: pollColumns,
  });
  exportRoutesOf(app, {
    target: 'reports',
    file: 'raporlar',
    sheet: 'Raporlar',
    what: 'Bütün raporlar, anket başlıkları ve bildirenleriyle',
    rows: (by) => exportList(ctx, 'reports', by),
    columns: reportColumns,
  });
}
