/**
 * The downloads' two forms from one column list: a CSV Turkish Excel splits into columns (`;`, decimal commas, BOM)
 * and an `.xlsx` with numbers as numbers and dates as dates, both read back by a parser.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvNumber, csvText, type SheetColumn } from '../src/csv.js';
import { istanbulWallClock, xlsxBuffer, xlsxStream } from '../src/xlsx.js';

interface Row {
  name: string;
  votes: number;
  share: number;
  open: boolean;
  at: Date | null;
}

const columns: SheetColumn<Row>[] = [
  { header: 'ad', value: (r) => r.name },
  { header: 'oy', value: (r) => r.votes },
  { header: 'yuzde', value: (r) => r.share, decimals: 1 },
  { header: 'acik', value: (r) => r.open },
  { header: 'tarih', value: (r) => r.at },
];

const at = new Date('2026-11-28T17:41:22.000Z');
const rows: Row[] = [
  { name: 'Çiğ köfte; acılı', votes: 12345, share: 66.66666, open: true, at },
  { name: '=1+1', votes: -2, share: 0, open: false, at: null },
];

async function readSheet(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('a CSV download', () => {
  it('is `;`-separated with decimal commas and a BOM, dates in ISO 8601, negative numbers left numbers', async () => {
    const csv = await csvText(rows, columns);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(parse(csv.slice(1), { delimiter: ';' })).toEqual([
      ['ad', 'oy', 'yuzde', 'acik', 'tarih'],
      ['Çiğ köfte; acılı', '12345', '66,7', 'true', '2026-11-28T17:41:22.000Z'],
      ["'=1+1", '-2', '0,0', 'false', ''],
    ]);
    // Numbers unquoted, so a spreadsheet reads them as numbers: `12345;66,7`.
    expect(csv.split('\n')[1]).toMatch(/^"Çiğ köfte; acılı";12345;66,7;true;/);
  });

  it('writes numbers as Turkish Excel reads them', () => {
    expect(csvNumber(1234.5)).toBe('1234,5');
    expect(csvNumber(50, 1)).toBe('50,0');
    expect(csvNumber(7)).toBe('7');
  });
});

describe('an .xlsx download', () => {
  it('has a bold header row, numbers as numbers, dates as dates in Istanbul time, text as written', async () => {
    const sheet = await readSheet(await xlsxBuffer(rows, columns, 'Sonuçlar'));
    expect(sheet.name).toBe('Sonuçlar');
    expect(sheet.getRow(1).values).toEqual([undefined, 'ad', 'oy', 'yuzde', 'acik', 'tarih']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe('Çiğ köfte; acılı');
    expect(first.getCell(2).value).toBe(12345);
    expect(first.getCell(3).value).toBeCloseTo(66.66666);
    expect(first.getCell(3).numFmt).toBe('0.0');
    expect(first.getCell(4).value).toBe(true);
    // 17:41 UTC is 20:41 in Istanbul: the sheet shows the wall clock.
    expect(first.getCell(5).value).toEqual(new Date('2026-11-28T20:41:22.000Z'));
    expect(first.getCell(5).numFmt).toBe('dd.mm.yyyy hh:mm:ss');
    const second = sheet.getRow(3);
    expect(second.getCell(1).value).toBe('=1+1');
    expect(second.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(second.getCell(2).value).toBe(-2);
    expect(second.getCell(5).value).toBeNull();
    expect(sheet.rowCount).toBe(3);
  });

  it('is a header row alone without rows, and ends with the error of rows that fail', async () => {
    const empty = await readSheet(await xlsxBuffer([], columns, 'Boş'));
    expect(empty.rowCount).toBe(1);
    async function* failing(): AsyncGenerator<Row> {
      yield rows[0]!;
      throw new Error('okuma kesildi');
    }
    const chunks: unknown[] = [];
    await expect(async () => {
      for await (const chunk of xlsxStream(failing(), columns, 'Hata')) chunks.push(chunk);
    }).rejects.toThrow('okuma kesildi');
  });

  it('reads a summer and a winter instant in Istanbul time (UTC+3 all year)', () => {
    expect(istanbulWallClock(new Date('2026-07-01T00:30:00Z')).toISOString()).toBe('2026-07-01T03:30:00.000Z');
    expect(istanbulWallClock(new Date('2026-01-01T22:00:00Z')).toISOString()).toBe('2026-01-02T01:00:00.000Z');
  });
});
