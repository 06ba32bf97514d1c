/**
 * Every count the app shows, grouped as Turkish reads it: `12.345 oy`, `1.234 takipçi` (Intl, no library, one
 * formatter for the whole app). Time left and durations are `lib/time.ts`'s `formatDuration`.
 */
const counts = new Intl.NumberFormat('tr-TR');

/** A count with Turkish digit grouping: 12345 → '12.345'. */
export const formatCount = (n: number): string => counts.format(n);
