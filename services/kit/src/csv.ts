/**
 * CSV downloads (a poll's results for its creator, the admin's lists): csv-stringify quotes every field that needs it,
 * never our own code. They are written for Turkish Excel, the spreadsheet our members open them in: cells separated
 * by `;` (Excel splits on the list separator of the system's locale, `;` in Turkish, where `,` is the decimal mark),
 * numbers with a decimal comma, UTF-8 with a byte-order mark (without it Excel reads the file as Windows-1254 and
 * garbles ğ, ş and ı). The same columns make the `.xlsx` beside each CSV (`./xlsx.ts`).
 */
import { pipeline, Readable } from 'node:stream';
import { stringify, type Stringifier } from 'csv-stringify';

/** A cell's value; null and undefined are left empty. A date is written as ISO 8601 (UTC) in a CSV, as a date in a sheet. */
export type SheetCell = string | number | boolean | Date | null | undefined;
export type CsvCell = SheetCell;

/** A column of a download, CSV or `.xlsx`. */
export interface SheetColumn<T> {
  header: string;
  value: (row: T) => SheetCell;
  /** Digits after the decimal comma for a number (a percentage: 1); whole numbers print as they are without it. */
  decimals?: number;
  /** The column's width in a sheet, in characters (the header's length and at least 12 without it). */
  width?: number;
}
export type CsvColumn<T> = SheetColumn<T>;

/** The cell separator of every CSV download: Turkish Excel's list separator. */
export const CSV_DELIMITER = ';';

/** A number as Turkish Excel reads it: a decimal comma, no grouping (`1234,5`), fixed digits when the column asks. */
export function csvNumber(value: number, decimals?: number): string {
  return (decimals === undefined ? String(value) : value.toFixed(decimals)).replace('.', ',');
}

/**
 * A spreadsheet runs a cell that starts with = + - or @ (or a tab or carriage return before one) as a formula:
 * such text gets a leading apostrophe, which shows it as the text it is (OWASP, "CSV Injection"). A spreadsheet may
 * also split a cell where we did not: Turkish (and most European) locales split CSV on `;`, so `x;=1+1;` would open as
 * three cells, the second a formula. Every part that follows a `;` `,` tab or line break inside the text gets the same
 * apostrophe when it starts like a formula (and every text cell is quoted, which a quote-aware split keeps whole).
 * Numbers are left as they are: a negative count is a number, not a formula.
 */
export function neutraliseFormula(text: string): string {
  const parts = text.replace(/(?<=[\s\S])([;,\t\r\n])(?=[=+\-@])/g, (separator: string) => `${separator}'`);
  return /^[=+\-@\t\r]/.test(parts) ? `'${parts}` : parts;
}

/** The `content-type` of every CSV download. */
export const csvContentType = 'text/csv; charset=utf-8';

/**
 * A CSV document as a stream, row by row as `rows` yields them: `;`-separated, UTF-8 with a byte-order mark (so a
 * spreadsheet opens Turkish letters right), a header row, decimal commas, text cells neutralised. An error while
 * reading `rows` ends the stream with it.
 */
export function csvStream<T>(rows: Iterable<T> | AsyncIterable<T>, columns: readonly CsvColumn<T>[]): Stringifier {
  const csv = stringify({
    bom: true,
    header: true,
    delimiter: CSV_DELIMITER,
    // Text in quotes: a spreadsheet that splits on `;` (Turkish Excel) or `,` keeps a quoted cell whole.
    quoted_string: true,
    columns: columns.map((column) => column.header),
    cast: {
      string: neutraliseFormula,
      boolean: (value) => (value ? 'true' : 'false'),
      number: (value, context) =>
        csvNumber(value, typeof context.column === 'number' ? columns[context.column]?.decimals : undefined),
      date: (value) => value.toISOString(),
    },
  });
  async function* records() {
    for await (const row of rows) yield columns.map((column) => column.value(row) ?? '');
  }
  pipeline(Readable.from(records()), csv, () => undefined);
  return csv;
}

/** The whole CSV document as one string (small documents: a poll's results). */
export async function csvText<T>(
  rows: Iterable<T> | AsyncIterable<T>,
  columns: readonly CsvColumn<T>[],
): Promise<string> {
  let text = '';
  for await (const chunk of csvStream(rows, columns)) text += String(chunk);
  return text;
}

/** The OpenAPI response of a CSV download. */
export const csvResponse = {
  description: 'CSV dosyası, Türkçe Excel için: `;` ile ayrılmış, ondalıklar virgülle, UTF-8 (BOM ile)',
  content: { 'text/csv': { schema: { type: 'string' } } },
} as const;
