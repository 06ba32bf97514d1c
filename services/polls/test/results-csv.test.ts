import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollServiceMessages as S } from '@meydan/proto';
import { asMember, asVisitor } from '@meydan/testing';
import { createPoll, newUserId, startPolls, vote, type PollsTestService } from './support.js';

describe('a poll’s results as CSV and .xlsx', () => {
  let svc: PollsTestService;
  const alice = newUserId();
  const bob = newUserId();

  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
  });

  const download = (pollId: string, headers: Record<string, string> = {}, kind: 'csv' | 'xlsx' = 'csv') =>
    svc.app.inject({ url: `/api/polls/${pollId}/results.${kind}`, headers });
  const sheetOf = async (body: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    return workbook.getWorksheet('Sonuçlar')!;
  };

  it('gives the creator option, votes, percentage, voters and closing time for Turkish Excel: `;`, decimal commas, a BOM, formula cells neutralised', async () => {
    const poll = await createPoll(svc.app, alice, {
      options: ['Çiğ köfte, acılı', '=HYPERLINK("http://kötü.example")', 'Şalgam'],
      durationHours: 24,
    });
    await vote(svc.app, poll.id, bob, 0);
    await vote(svc.app, poll.id, alice, 0);
    await vote(svc.app, poll.id, newUserId(), 1);

    const res = await download(poll.id, asMember(alice));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="meydan-anket-${poll.id}-sonuclar.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows: string[][] = parse(res.body.slice(1), { delimiter: ';' });
    expect(rows).toEqual([
      ['secenek', 'oy', 'yuzde', 'oy_veren', 'bitis'],
      ['Çiğ köfte, acılı', '2', '66,7', '3', poll.expiresAt],
      ['\'=HYPERLINK("http://kötü.example")', '1', '33,3', '3', poll.expiresAt],
      ['Şalgam', '0', '0,0', '3', poll.expiresAt],
    ]);

    // The same figures as a workbook: numbers as numbers, the closing time a date (Istanbul's wall clock).
    const xlsx = await download(poll.id, asMember(alice), 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="meydan-anket-${poll.id}-sonuclar.xlsx"`);
    expect(xlsx.headers['cache-control']).toBe('no-store');
    const sheet = await sheetOf(xlsx.rawPayload);
    const ends = new Date(new Date(poll.expiresAt!).getTime() + 3 * 3600_000);
    expect(
      sheet
        .getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1)),
    ).toEqual([
      ['secenek', 'oy', 'yuzde', 'oy_veren', 'bitis'],
      ['Çiğ köfte, acılı', 2, 66.7, 3, ends],
      ['=HYPERLINK("http://kötü.example")', 1, 33.3, 3, ends],
      ['Şalgam', 0, 0, 3, ends],
    ]);
    expect(sheet.getCell('A3').type).toBe(ExcelJS.ValueType.String);
  });

  it('leaves the closing time empty for a poll without end, and shows zero percent before any vote', async () => {
    const poll = await createPoll(svc.app, alice, { duration: 0 });
    const rows: string[][] = parse((await download(poll.id, asMember(alice))).body.slice(1), { delimiter: ';' });
    expect(rows.slice(1)).toEqual([
      ['Kedi', '0', '0,0', '0', ''],
      ['Köpek', '0', '0,0', '0', ''],
    ]);
    const sheet = await sheetOf((await download(poll.id, asMember(alice), 'xlsx')).rawPayload);
    expect(sheet.getRow(2).values).toEqual([undefined, 'Kedi', 0, 0, 0]);
  });

  it.each(['csv', 'xlsx'] as const)(
    'refuses anyone but the creator (%s): 403 for another member, 401 for a visitor, 404 for an unknown poll',
    async (kind) => {
      const poll = await createPoll(svc.app, alice);
      const other = await download(poll.id, asMember(bob), kind);
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ error: 'forbidden', message: S.resultsOnlyCreator });
      const visitor = await download(poll.id, asVisitor(), kind);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error).toBe('unauthorized');
      const unknown = await download(newUserId(), asMember(alice), kind);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(S.pollNotFound);
    },
  );

  it.each(['csv', 'xlsx'] as const)(
    'waits for the end of a poll whose results open when it ends (%s): 409 in Turkish',
    async (kind) => {
      const poll = await createPoll(svc.app, alice, { resultsVisibility: 'after-close' });
      await vote(svc.app, poll.id, bob, 0);
      const early = await download(poll.id, asMember(alice), kind);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ error: 'results_hidden', message: S.resultsAfterClose });
    },
  );
});
