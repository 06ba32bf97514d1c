/** A poll's results as the creator downloads them: one row per option, the columns of the CSV and the .xlsx. No I/O. */
import type { SheetColumn } from '@meydan/kit';

export interface ResultRow {
  option: string;
  votes: number;
  total: number;
  voters: number;
  endsAt: Date | null;
  /** On a quiz: whether this is its correct option. */
  correct?: boolean;
}

/** One row per option; the poll's voters and closing time repeat on every row, so each row reads on its own. */
export const resultColumns: SheetColumn<ResultRow>[] = [
  { header: 'secenek', value: (r) => r.option, width: 40 },
  { header: 'oy', value: (r) => r.votes },
  { header: 'yuzde', value: (r) => (r.total === 0 ? 0 : Math.round((r.votes / r.total) * 1000) / 10), decimals: 1 },
  { header: 'oy_veren', value: (r) => r.voters },
  { header: 'bitis', value: (r) => r.endsAt, width: 20 },
];

/** A quiz's rows say which option is the correct one ('dogru': evet or hayır), after the columns every poll has. */
export const quizResultColumns: SheetColumn<ResultRow>[] = [
  ...resultColumns,
  { header: 'dogru', value: (r) => (r.correct ? 'evet' : 'hayır') },
];
