/**
 * CSV downloads are safe however a spreadsheet splits them: by `,` with quotes (RFC 4180), by `;` as Turkish (and most
 * European) spreadsheets do, or by `;` with no regard for quotes at all. No cell of any of those splits is a formula.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvText, neutraliseFormula } from '../src/csv.js';

const FORMULA = /^[=+\-@]/;
const texts = [
  'x;=1+1;',
  'Çay;+90 555;@SUM(A1)',
  'a,-1,b',
  'satır\n=1+1',
  'sekme\t=1',
  '=HYPERLINK("http://kotu.example")',
  'Evet; -5 derece',
];

describe('CSV cells', () => {
  it('are no formula in any way a spreadsheet may split them', async () => {
    const csv = (await csvText(texts, [{ header: 'metin', value: (text: string) => text }])).replace(/^\uFEFF/, '');
    const cells = [
      ...parse(csv, { delimiter: ',' }).flat(),
      ...parse(csv, { delimiter: ';', relax_quotes: true, relax_column_count: true }).flat(),
      ...csv.split(/[;,\r\n\t]/),
    ] as string[];
    expect(cells.length).toBeGreaterThan(texts.length);
    for (const cell of cells) expect(cell.replace(/^"/, ''), JSON.stringify(cell)).not.toMatch(FORMULA);
    // Read back as written, the text is what the member wrote, an apostrophe before each formula-like part.
    expect(
      parse(csv, { delimiter: ',' })
        .slice(1)
        .map((row: string[]) => row[0]),
    ).toEqual(texts.map(neutraliseFormula));
    expect(neutraliseFormula('x;=1+1;')).toBe("x;'=1+1;");
  });

  it('leave text that looks like no formula alone', () => {
    for (const text of ['Çay mı kahve mi?', '1-2', ' =1', 'Evet, -5 derece', 'a; b'])
      expect(neutraliseFormula(text)).toBe(text);
  });
});
