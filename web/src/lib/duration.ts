/**
 * Durations and the time left of the friends' card and the creation dialog, in days, hours and minutes. Apart from
 * ./time so that only the screens that show them load them (the first page's JavaScript is on a budget).
 */
import { tr } from '../i18n/tr';
import { trPolls } from '../i18n/tr-polls';
import { formatCount } from './format';
import { DAY, HOUR, MINUTE, toMs } from './time';

const T = trPolls.duration;

/**
 * A duration in Turkish, its two largest parts: '6 gün 23 saat', '5 saat 30 dk', '53 dk', '1 dakikadan az' (a zero
 * second part is left out: '2 gün', '1 saat'). Whole units, rounded down.
 */
export function formatDuration(ms: number): string {
  const parts = [Math.floor(ms / DAY), Math.floor(ms / HOUR) % 24, Math.floor(ms / MINUTE) % 60];
  const first = parts.findIndex((n) => n > 0);
  if (first < 0) return T.underMinute;
  return parts
    .slice(first, first + 2)
    .map((n, i) => (n > 0 ? `${formatCount(n)} ${T.units[first + i]}` : ''))
    .join(' ')
    .trim();
}

/**
 * Time left on the friends' circle card and in the creation dialog: '6 gün 23 saat kaldı', '5 saat 30 dk kaldı',
 * '53 dk kaldı', 'Süre doldu' once past. A poll without expiry says 'Süresiz'.
 */
export function shortTimeLeft(expiresAt: string | number | Date | null | undefined, now: number = Date.now()): string {
  if (expiresAt === null || expiresAt === undefined) return tr.time.noExpiry;
  const left = toMs(expiresAt) - now;
  if (!(left > 0)) return T.expired;
  return T.left(formatDuration(left));
}
