/**
 * The trend chart's days and the downloads, on the real admin service and MongoDB-wire server: counts per
 * Europe/Istanbul day, bad `days` refused in Turkish, CSV files for Turkish Excel (`;`, a byte-order mark), Turkish
 * letters, quoting by csv-stringify and formula-looking cells neutralised; `.xlsx` workbooks of the same rows read back
 * by exceljs, numbers as numbers and dates as dates; members refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, asMember, type TestService } from '@meydan/testing';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { neutraliseFormula } from '@meydan/kit';
import { istanbulLastDays } from '../src/domain/month.js';
import { startAdmin } from './support.js';

const BOM = '\uFEFF';
const parse = (text: string): string[][] => parseCsv(text, { delimiter: ';' });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function sheetOf(body: Buffer, name: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(name)!;
  return sheet
    .getSheetValues()
    .slice(1)
    .map((row) => (row as unknown[]).slice(1));
}
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

describe('admin: daily figures and CSV exports', () => {
  let admin: TestService;

  beforeAll(async () => {
    admin = await startAdmin({}, { rebuilt: false });
    const { User, Poll, Vote, Report } = admin.app.admin.models;
    const days = istanbulLastDays(new Date(), 3);
    const today = days[2]!.start;
    const yesterday = new Date(days[1]!.start.getTime() + 3_600_000);
    await User.create([
      {
        _id: 'u1',
        username: 'ilker',
        displayName: 'İlker Şahin',
        email: 'ilker@example.com',
        createdAt: today,
        search: 'ilker',
      },
      {
        _id: 'u2',
        username: 'formulcu',
        displayName: '=HYPERLINK("http://kotu.example","tıkla")',
        email: 'f@example.com',
        createdAt: yesterday,
        search: 'f',
      },
    ]);
    await Poll.create([
      {
        _id: 'p1',
        title: 'Çay mı, "kahve" mi?',
        description: 'Satır\nsonu',
        category: 'gunluk-hayat',
        type: 'public',
        creatorId: 'u1',
        votesCount: 2,
        createdAt: today,
        search: 'cay',
      },
      {
        _id: 'p2',
        title: '+90 ile başlayan',
        category: 'genel',
        type: 'friends',
        creatorId: 'silinmis',
        votesCount: 0,
        createdAt: yesterday,
        search: 'x',
      },
    ]);
    await Vote.create([
      { _id: 'p1:u1', pollId: 'p1', at: today },
      { _id: 'p1:u2', pollId: 'p1', at: yesterday },
      { _id: 'p1:v:eski', pollId: 'p1', at: hoursAgo(24 * 40) },
    ]);
    await Report.create([
      { _id: 'r1', pollId: 'p1', reporterId: 'u2', reason: '@spam', description: null, createdAt: today },
    ]);
  });
  afterAll(() => admin?.close());

  it('counts registrations, polls, votes and reports per Europe/Istanbul day, oldest first, today last', async () => {
    const res = await admin.app.inject({ url: '/api/admin/stats/daily?days=3', headers: asAdmin('a1') });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.timeZone).toBe('Europe/Istanbul');
    expect(body.days.map((d: { date: string }) => d.date)).toEqual(istanbulLastDays(new Date(), 3).map((d) => d.date));
    expect(body.days[2]).toMatchObject({ registrations: 1, polls: 1, votes: 1, reports: 1 });
    expect(body.days[1]).toMatchObject({ registrations: 1, polls: 1, votes: 1, reports: 0 });
    expect(body.days[0]).toMatchObject({ registrations: 0, polls: 0, votes: 0, reports: 0 });
    const month = await admin.app.inject({ url: '/api/admin/stats/daily', headers: asAdmin('a1') });
    expect(month.json().days).toHaveLength(30);
  });

  it('refuses days out of 1…90 with a Turkish message', async () => {
    for (const days of ['0', '91', 'bir', '2.5']) {
      const res = await admin.app.inject({ url: `/api/admin/stats/daily?days=${days}`, headers: asAdmin('a1') });
      expect(res.statusCode, days).toBe(400);
      expect(res.json().message).toBe('Gün sayısı 1 ile 90 arasında bir tam sayı olmalıdır');
    }
  });

  it('downloads the users as CSV: BOM, header, Turkish letters, a formula neutralised', async () => {
    const res = await admin.app.inject({ url: '/api/admin/users.csv', headers: asAdmin('a1') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="meydan-kullanicilar-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith(BOM)).toBe(true);
    const rows: string[][] = parse(res.body.slice(1));
    expect(rows[0]).toEqual([
      'id',
      'kullanici_adi',
      'gorunen_ad',
      'eposta',
      'rol',
      'etkin',
      'eposta_dogrulandi',
      'kayit_tarihi',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['u1', 'u2']);
    expect(rows[1]![2]).toBe('İlker Şahin');
    expect(rows[2]![2]).toBe(`'=HYPERLINK("http://kotu.example","tıkla")`);
  });

  it('downloads polls with creators and reports with titles; quotes commas, quotes and line breaks', async () => {
    const polls: string[][] = parse(
      (await admin.app.inject({ url: '/api/admin/polls.csv', headers: asAdmin('a1') })).body.slice(1),
    );
    expect(polls[1]).toEqual([
      'p1',
      'Çay mı, "kahve" mi?',
      'Satır\nsonu',
      'gunluk-hayat',
      'public',
      'ilker',
      '2',
      'false',
      expect.any(String),
    ]);
    expect(polls[2]!.slice(1, 2)).toEqual(["'+90 ile başlayan"]);
    expect(polls[2]![5]).toBe('silinmis');
    const reports: string[][] = parse(
      (await admin.app.inject({ url: '/api/admin/reports.csv', headers: asAdmin('a1') })).body.slice(1),
    );
    expect(reports[0]).toEqual(['id', 'anket_id', 'anket_basligi', 'bildiren', 'neden', 'aciklama', 'durum', 'tarih']);
    expect(reports[1]!.slice(0, 7)).toEqual(['r1', 'p1', 'Çay mı, "kahve" mi?', 'formulcu', "'@spam", '', 'pending']);
  });

  it('downloads the same lists as .xlsx: a header row, numbers as numbers, dates as dates, text as written', async () => {
    const res = await admin.app.inject({ url: '/api/admin/users.xlsx', headers: asAdmin('a1') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="meydan-kullanicilar-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const users = await sheetOf(res.rawPayload, 'Kullanıcılar');
    expect(users[0]).toEqual([
      'id',
      'kullanici_adi',
      'gorunen_ad',
      'eposta',
      'rol',
      'etkin',
      'eposta_dogrulandi',
      'kayit_tarihi',
    ]);
    expect(users.slice(1).map((r) => r[0])).toEqual(['u1', 'u2']);
    expect(users[1]!.slice(1, 7)).toEqual(['ilker', 'İlker Şahin', 'ilker@example.com', 'member', true, false]);
    expect(users[2]![2]).toBe('=HYPERLINK("http://kotu.example","tıkla")');
    expect(users[1]![7]).toBeInstanceOf(Date);

    const polls = await sheetOf(
      (await admin.app.inject({ url: '/api/admin/polls.xlsx', headers: asAdmin('a1') })).rawPayload,
      'Anketler',
    );
    expect(polls[1]!.slice(0, 8)).toEqual([
      'p1',
      'Çay mı, "kahve" mi?',
      'Satır\nsonu',
      'gunluk-hayat',
      'public',
      'ilker',
      2,
      false,
    ]);
    expect(polls[2]![6]).toBe(0);
    const reports = await sheetOf(
      (await admin.app.inject({ url: '/api/admin/reports.xlsx', headers: asAdmin('a1') })).rawPayload,
      'Raporlar',
    );
    expect(reports[0]).toEqual(['id', 'anket_id', 'anket_basligi', 'bildiren', 'neden', 'aciklama', 'durum', 'tarih']);
    expect(reports[1]!.slice(0, 5)).toEqual(['r1', 'p1', 'Çay mı, "kahve" mi?', 'formulcu', '@spam']);
    expect(reports[1]![7]).toBeInstanceOf(Date);
  });

  it('refuses members the downloads and the figures, in Turkish', async () => {
    const urls = ['users', 'polls', 'reports'].flatMap((list) => [`/api/admin/${list}.csv`, `/api/admin/${list}.xlsx`]);
    for (const url of [...urls, '/api/admin/stats/daily']) {
      const res = await admin.app.inject({ url, headers: asMember('m1') });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toMatch(/[ğüşıöçİ]/);
    }
  });

  it('neutralises every formula start, and leaves other text alone', () => {
    for (const text of ['=1+1', '+1', '-1', '@x', '\t=1', '\r=1']) expect(neutraliseFormula(text)).toBe(`'${text}`);
    for (const text of ['1-2', 'Çay', '', ' =1']) expect(neutraliseFormula(text)).toBe(text);
  });
});
