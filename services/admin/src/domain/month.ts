/**
 * Calendar time in Europe/Istanbul, whatever the server's time zone: "this month" of the admin stats and the days of
 * the trend chart.
 */
const zone = 'Europe/Istanbul';

function partsIn(date: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The zone's offset from UTC at an instant, in ms (Istanbul has none of its own rules here: Intl decides). */
function offsetAt(date: Date): number {
  const p = partsIn(date);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(date.getTime() / 1000) * 1000;
}

/** The instant a calendar day (month 1–12; a day past the month's end rolls over) began in Europe/Istanbul. */
function istanbulMidnight(year: number, month: number, day: number): Date {
  const localMidnight = Date.UTC(year, month - 1, day);
  const guess = new Date(localMidnight - offsetAt(new Date(localMidnight)));
  return new Date(localMidnight - offsetAt(guess));
}

/** The instant the current month began in Europe/Istanbul. */
export function istanbulMonthStart(now: Date): Date {
  const { year, month } = partsIn(now);
  return istanbulMidnight(year, month, 1);
}

export interface IstanbulDay {
  /** YYYY-MM-DD */
  date: string;
  start: Date;
  /** The next day's start. */
  end: Date;
}

/** The last `count` calendar days in Europe/Istanbul, oldest first; the last one is today. */
export function istanbulLastDays(now: Date, count: number): IstanbulDay[] {
  const { year, month, day } = partsIn(now);
  return Array.from({ length: count }, (_, i) => {
    const offset = day - (count - 1 - i);
    const start = istanbulMidnight(year, month, offset);
    const label = new Date(Date.UTC(year, month - 1, offset)).toISOString().slice(0, 10);
    return { date: label, start, end: istanbulMidnight(year, month, offset + 1) };
  });
}
