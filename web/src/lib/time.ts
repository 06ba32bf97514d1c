import { tr } from '../i18n/tr';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A time as milliseconds since the epoch: an ISO string, a timestamp or a Date. */
export const toMs = (value: string | number | Date): number =>
  typeof value === 'number' ? value : value instanceof Date ? value.getTime() : Date.parse(value);

/**
 * Time left on a poll card: 'Süresi dolmuş' once past, '{n} gün kaldı' from one day, '{n} saat kaldı' from one hour,
 * otherwise '1 saatten az'. A poll without expiry says 'Süresiz'.
 */
export function cardTimeLeft(expiresAt: string | null | undefined, now: number = Date.now()): string {
  if (!expiresAt) return tr.time.noExpiry;
  const left = toMs(expiresAt) - now;
  if (!(left > 0)) return tr.time.expired;
  if (left >= DAY) return tr.time.daysLeft(Math.floor(left / DAY));
  if (left >= HOUR) return tr.time.hoursLeft(Math.floor(left / HOUR));
  return tr.time.underHour;
}

/** Whether a poll is still open (no expiry, or expiry in the future). */
export function isOpen(expiresAt: string | null | undefined, now: number = Date.now()): boolean {
  return !expiresAt || toMs(expiresAt) > now;
}

const relativeFormat = new Intl.RelativeTimeFormat('tr-TR', { numeric: 'auto' });
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['week', 7 * DAY],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
];

/** Relative time in Turkish: 'şimdi', '5 dakika önce', 'dün', '3 hafta önce'... */
export function relativeTime(at: string | number | Date, now: number = Date.now()): string {
  const diff = toMs(at) - now;
  for (const [unit, size] of units) {
    if (Math.abs(diff) >= size) return relativeFormat.format(Math.round(diff / size), unit);
  }
  return relativeFormat.format(0, 'second');
}

const dateTimeFormat = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeStyle: 'short' });

/** A full Turkish date and time: '5 Mart 2025 14:30'. */
export function formatDateTime(at: string | number | Date): string {
  return dateTimeFormat.format(new Date(toMs(at)));
}

const dayFormat = new Intl.DateTimeFormat('tr-TR', { dateStyle: 'long', timeZone: 'UTC' });

/** A calendar day in Turkish: '16 Kasım 2026' for '2026-11-16', the same in every time zone. */
export function formatDay(isoDay: string): string {
  return dayFormat.format(new Date(`${isoDay}T00:00:00Z`));
}

const dateFormat = new Intl.DateTimeFormat('tr-TR');

/** A short Turkish date: '05.03.2025'. */
export function formatDate(at: string | number | Date): string {
  return dateFormat.format(new Date(toMs(at)));
}
