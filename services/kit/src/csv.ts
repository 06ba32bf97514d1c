/**
 * CSV downloads (a poll's results for its creator, the admin's lists): csv-stringify quotes every field that needs it,
 * never our own code.
 */
import { pipeline, Readable } from 'node:stream';
import { stringify, type Stringifier } from 'csv-stringify';

/** A cell's value; null and undefined are left empty. */
export type CsvCell = string | number | boolean | null | undefined;

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvCell;
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
 * A CSV document as a stream, row by row as `rows` yields them: UTF-8 with a byte-order mark (so a spreadsheet opens
 * Turkish letters right), a header row, text cells neutralised. An error while reading `rows` ends the stream with it.
 */
export function csvStream<T>(rows: Iterable<T> | AsyncIterable<T>, columns: readonly CsvColumn<T>[]): Stringifier {
  const csv = stringify({
    bom: true,
    header: true,
    // Text in quotes: a spreadsheet that splits on `;` (Turkish Excel) or `,` keeps a quoted cell whole.
    quoted_string: true,
    columns: columns.map((column) => column.header),
    cast: { string: neutraliseFormula, boolean: (value) => (value ? 'true' : 'false') },
  });
  async function* records() {
    for await (const row of rows) yield columns.map((column) => column.value(row) ?? '');
  }
  pipeline(Readable.from(records()), csv, () => undefined);
  return csv;
}

/** The whole CSV document as one string (small documents: a poll's results). */
export async function csvText<T>(rows: Iterable<T> | AsyncIterable<T>, columns: readonly CsvColumn<T>[]): Promise<string> {
  let text = '';
  for await (const chunk of csvStream(rows, columns)) text += String(chunk);
  return text;
}

/** The OpenAPI response of a CSV download. */
export const csvResponse = { description: 'CSV dosyası (UTF-8, BOM ile)', content: { 'text/csv': { schema: { type: 'string' } } } } as const;
