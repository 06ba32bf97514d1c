/**
 * Every count the app shows, grouped as Turkish reads it: `12.345 oy`, `1.234 takipçi` (Intl, no library, one
 * formatter for the whole app). Here so that the catalogue's texts use it; components take it from lib/format.ts.
 */
const counts = new Intl.NumberFormat('tr-TR');

/** A count with Turkish digit grouping: 12345 → '12.345'. */
export const formatCount = (n: number): string => counts.format(n);
