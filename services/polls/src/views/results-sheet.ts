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
  /** On a ranked poll (`votes` are then its first preferences): the option's ballots in each runoff round (null once
   * it is out), the round after which it was eliminated (1-based, null if never), and whether it won. */
  ranked?: { rounds: (number | null)[]; eliminatedAfter: number | null; winner: boolean };
  /** On a poll whose options carry images: this option's image (its address and alt text), or null without one. */
  image?: { url: string; alt: string } | null;
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

/**
 * A poll whose options carry images ends its columns with each option's image: its address ('gorsel', empty without
 * one) and the alt text its creator wrote ('gorsel_aciklamasi').
 */
export const imageColumns: SheetColumn<ResultRow>[] = [
  { header: 'gorsel', value: (r) => r.image?.url ?? null, width: 40 },
  { header: 'gorsel_aciklamasi', value: (r) => r.image?.alt ?? null, width: 40 },
];

/**
 * A ranked poll's rows carry its instant runoff after the columns every poll has ('oy' being the first preferences):
 * one column per round ('tur_1', …: the option's ballots in it, empty once it is out), the round after which it was
 * eliminated ('elendigi_tur', empty if it never was) and the winner ('kazanan': evet or hayır).
 */
export function rankedResultColumns(rounds: number): SheetColumn<ResultRow>[] {
  return [
    ...resultColumns,
    ...Array.from({ length: rounds }, (_, r) => ({
      header: `tur_${r + 1}`,
      value: (row: ResultRow) => row.ranked?.rounds[r] ?? null,
    })),
    { header: 'elendigi_tur', value: (r) => r.ranked?.eliminatedAfter ?? null },
    { header: 'kazanan', value: (r) => (r.ranked?.winner ? 'evet' : 'hayır') },
  ];
}
