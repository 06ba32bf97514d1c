/**
 * The twelve signs (content) and the two computations of the wizard's step 1: the sun sign from the birth date
 * (fixed date ranges, as the spec says) and the rising sign (ascendant) from the birth instant and the place's
 * coordinates, with astronomy-engine's sidereal time.
 */
import { MakeTime, SiderealTime } from 'astronomy-engine';

export interface ZodiacSign {
  name: string;
  /** First day of the sign's range: [month, day]. */
  from: readonly [number, number];
  dateRange: string;
  element: 'Ateş' | 'Toprak' | 'Hava' | 'Su';
  planet: string;
  traits: readonly [string, string, string, string, string];
}

/** In zodiac order from Koç (0° ecliptic longitude), 30° each. */
export const zodiacSigns: readonly ZodiacSign[] = [
  {
    name: 'Koç',
    from: [3, 21],
    dateRange: '21 Mart - 19 Nisan',
    element: 'Ateş',
    planet: 'Mars',
    traits: ['Cesur', 'Enerjik', 'Lider', 'Aceleci', 'Rekabetçi'],
  },
  {
    name: 'Boğa',
    from: [4, 20],
    dateRange: '20 Nisan - 20 Mayıs',
    element: 'Toprak',
    planet: 'Venüs',
    traits: ['Sabırlı', 'Güvenilir', 'Kararlı', 'Keyfine düşkün', 'İnatçı'],
  },
  {
    name: 'İkizler',
    from: [5, 21],
    dateRange: '21 Mayıs - 20 Haziran',
    element: 'Hava',
    planet: 'Merkür',
    traits: ['Meraklı', 'Konuşkan', 'Esprili', 'Uyumlu', 'Kararsız'],
  },
  {
    name: 'Yengeç',
    from: [6, 21],
    dateRange: '21 Haziran - 22 Temmuz',
    element: 'Su',
    planet: 'Ay',
    traits: ['Duygusal', 'Koruyucu', 'Sadık', 'Sezgisel', 'Hassas'],
  },
  {
    name: 'Aslan',
    from: [7, 23],
    dateRange: '23 Temmuz - 22 Ağustos',
    element: 'Ateş',
    planet: 'Güneş',
    traits: ['Özgüvenli', 'Cömert', 'Yaratıcı', 'Sıcakkanlı', 'Gururlu'],
  },
  {
    name: 'Başak',
    from: [8, 23],
    dateRange: '23 Ağustos - 22 Eylül',
    element: 'Toprak',
    planet: 'Merkür',
    traits: ['Titiz', 'Analitik', 'Çalışkan', 'Yardımsever', 'Eleştirel'],
  },
  {
    name: 'Terazi',
    from: [9, 23],
    dateRange: '23 Eylül - 22 Ekim',
    element: 'Hava',
    planet: 'Venüs',
    traits: ['Adil', 'Diplomatik', 'Zarif', 'Sosyal', 'Kararsız'],
  },
  {
    name: 'Akrep',
    from: [10, 23],
    dateRange: '23 Ekim - 21 Kasım',
    element: 'Su',
    planet: 'Plüton',
    traits: ['Tutkulu', 'Kararlı', 'Gizemli', 'Sezgisel', 'Kıskanç'],
  },
  {
    name: 'Yay',
    from: [11, 22],
    dateRange: '22 Kasım - 21 Aralık',
    element: 'Ateş',
    planet: 'Jüpiter',
    traits: ['İyimser', 'Özgür ruhlu', 'Maceracı', 'Dürüst', 'Sabırsız'],
  },
  {
    name: 'Oğlak',
    from: [12, 22],
    dateRange: '22 Aralık - 19 Ocak',
    element: 'Toprak',
    planet: 'Satürn',
    traits: ['Disiplinli', 'Sorumlu', 'Hırslı', 'Sabırlı', 'Temkinli'],
  },
  {
    name: 'Kova',
    from: [1, 20],
    dateRange: '20 Ocak - 18 Şubat',
    element: 'Hava',
    planet: 'Uranüs',
    traits: ['Bağımsız', 'Yenilikçi', 'İnsancıl', 'Özgün', 'Mesafeli'],
  },
  {
    name: 'Balık',
    from: [2, 19],
    dateRange: '19 Şubat - 20 Mart',
    element: 'Su',
    planet: 'Neptün',
    traits: ['Hayalperest', 'Şefkatli', 'Sanatsal', 'Sezgisel', 'Duygusal'],
  },
];

/** The sun sign of a birth date 'YYYY-MM-DD' by the fixed date ranges; null for an invalid date. */
export function sunSignOf(birthDate: string): ZodiacSign | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!match) return null;
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const key = month * 100 + day;
  // The last sign whose start is on or before the date; before 20 January it is still Oğlak.
  let found: ZodiacSign | null = null;
  for (const sign of zodiacSigns) {
    const start = sign.from[0] * 100 + sign.from[1];
    if (start <= key && (!found || start > found.from[0] * 100 + found.from[1])) found = sign;
  }
  return found ?? zodiacSigns.find((s) => s.name === 'Oğlak')!;
}

/** The offset of a time zone from UTC at an instant, in milliseconds (history included, from the browser's tz data). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - instant;
}

/** The UTC instant of a wall-clock date and time in a time zone. */
export function zonedInstant(birthDate: string, birthTime: string, timeZone: string): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  const t = /^(\d{2}):(\d{2})/.exec(birthTime);
  if (!d || !t) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  const first = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(first, timeZone));
}

const rad = Math.PI / 180;

/**
 * The ecliptic longitude (degrees, 0–360) rising on the eastern horizon: from the local sidereal time (Greenwich
 * apparent sidereal time plus the east longitude) and the obliquity of the ecliptic:
 * λ = atan2(cos θ, −(sin θ cos ε + tan φ sin ε)), θ the local sidereal angle, φ the latitude.
 */
export function ascendantLongitude(instant: Date, latitude: number, longitude: number): number {
  const time = MakeTime(instant);
  const theta = ((((SiderealTime(time) + longitude / 15) % 24) + 24) % 24) * 15 * rad;
  const centuries = time.tt / 36525;
  const epsilon = (23.4392911 - 0.0130042 * centuries) * rad;
  const phi = latitude * rad;
  const lambda = Math.atan2(
    Math.cos(theta),
    -(Math.sin(theta) * Math.cos(epsilon) + Math.tan(phi) * Math.sin(epsilon)),
  );
  return (((lambda / rad) % 360) + 360) % 360;
}

/** The rising sign of a birth at a place (Türkiye's time zone unless told). */
export function risingSignOf(
  birth: { birthDate: string; birthTime: string; latitude: number; longitude: number },
  timeZone = 'Europe/Istanbul',
): ZodiacSign | null {
  const instant = zonedInstant(birth.birthDate, birth.birthTime, timeZone);
  if (!instant || Number.isNaN(instant.getTime())) return null;
  return zodiacSigns[Math.floor(ascendantLongitude(instant, birth.latitude, birth.longitude) / 30)] ?? null;
}
