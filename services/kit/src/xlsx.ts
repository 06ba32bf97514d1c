/**
 * `.xlsx` downloads beside the CSV ones, from the same columns (`SheetColumn`), written by exceljs as rows arrive:
 * one sheet, a bold header row that stays in view, numbers as numbers (a percentage with one decimal), dates as dates
 * in Istanbul's time (a spreadsheet's dates carry no time zone; our members read Turkish time), yes/no as booleans.
 * A text is a string cell, which a spreadsheet never runs as a formula, so it is written as it is.
 * exceljs (and the zip, stream and date libraries it brings) is loaded with the first download, not when a process
 * starts: every service's start-up spent about a tenth of its CPU evaluating it, and most never write a sheet.
 */
import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { SheetCell, SheetColumn } from './csv.js';

/** The `content-type` of every `.xlsx` download. */
export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The OpenAPI response of an `.xlsx` download. */
export const xlsxResponse = {
  description: 'Excel dosyası (.xlsx): başlık satırı, sayılar sayı, tarihler tarih (İstanbul saatiyle) olarak',
  content: { [xlsxContentType]: { schema: { type: 'string', format: 'binary' } } },
} as const;

const istanbulParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Istanbul',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/**
 * The instant's Istanbul wall-clock time as a UTC date: exceljs writes a date's UTC fields, so the sheet then shows
 * the time as read in Istanbul.
 */
export function istanbulWallClock(date: Date): Date {
  const part = Object.fromEntries(istanbulParts.formatToParts(date).map((p) => [p.type, Number(p.value)]));
  return new Date(
    Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!, date.getUTCMilliseconds()),
  );
}

function cellOf(value: SheetCell): ExcelJS.CellValue {
  if (value === undefined || value === null) return null;
  return value instanceof Date ? istanbulWallClock(value) : value;
}

const numberFormat = (decimals: number | undefined) => (decimals ? `0.${'0'.repeat(decimals)}` : undefined);

/**
 * An `.xlsx` document as a stream, row by row as `rows` yields them, in a sheet named `sheetName`. An error while
 * reading `rows` ends the stream with it (as the CSV's does).
 */
export function xlsxStream<T>(
  rows: Iterable<T> | AsyncIterable<T>,
  columns: readonly SheetColumn<T>[],
  sheetName: string,
): Readable {
  const out = new PassThrough();
  void (async () => {
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    workbook.creator = 'Meydan';
    const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((column) => ({
      header: column.header,
      width: column.width ?? Math.max(12, column.header.length + 2),
      style: column.decimals ? { numFmt: numberFormat(column.decimals) } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    for await (const row of rows) {
      const values = columns.map((column) => column.value(row));
      const added = sheet.addRow(values.map(cellOf));
      values.forEach((value, i) => {
        if (value instanceof Date) added.getCell(i + 1).numFmt = 'dd.mm.yyyy hh:mm:ss';
      });
      added.commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

/** The whole `.xlsx` document as one buffer (small documents: a poll's results). */
export async function xlsxBuffer<T>(
  rows: Iterable<T> | AsyncIterable<T>,
  columns: readonly SheetColumn<T>[],
  sheetName: string,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxStream(rows, columns, sheetName)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
