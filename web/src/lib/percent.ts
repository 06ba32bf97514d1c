import { limits } from '@meydan/proto';

/** Share of `votes` in `total` as a percentage rounded to `decimals` places; 0 when nobody voted. */
export function percentOf(votes: number, total: number, decimals: number): number {
  if (!(total > 0)) return 0;
  const factor = 10 ** decimals;
  return Math.round((votes / total) * 100 * factor) / factor;
}

const formats = new Map<number, Intl.NumberFormat>();

/** A percentage the Turkish way: '%33,3' (one decimal) or '%33' (whole). */
export function formatPercent(percent: number, decimals: number): string {
  let format = formats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('tr-TR', {
      style: 'percent',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formats.set(decimals, format);
  }
  return format.format(percent / 100);
}

/** Poll cards: one decimal. */
export const cardPercent = (votes: number, total: number) => {
  const value = percentOf(votes, total, limits.poll.cardPercentDecimals);
  return { value, label: formatPercent(value, limits.poll.cardPercentDecimals) };
};

/** The public page and the friends' circle card: whole numbers. */
export const wholePercent = (votes: number, total: number) => {
  const value = percentOf(votes, total, limits.poll.publicPercentDecimals);
  return { value, label: formatPercent(value, limits.poll.publicPercentDecimals) };
};
