import { Body, Ecliptic, GeoVector, Observer, SearchRiseSet } from 'astronomy-engine';
import { describe, expect, it } from 'vitest';
import { provinces } from '../src/features/questionnaire/places.generated';
import {
  ascendantLongitude,
  risingSignOf,
  sunSignOf,
  zodiacSigns,
  zonedInstant,
} from '../src/features/questionnaire/zodiac';

const province = (name: string) => provinces.find((p) => p.name === name)!;

describe('sun sign', () => {
  it('follows the fixed date ranges, edges included', () => {
    expect(sunSignOf('1990-03-21')?.name).toBe('Koç');
    expect(sunSignOf('1990-03-20')?.name).toBe('Balık');
    expect(sunSignOf('1985-01-19')?.name).toBe('Oğlak');
    expect(sunSignOf('1985-01-20')?.name).toBe('Kova');
    expect(sunSignOf('2000-12-22')?.name).toBe('Oğlak');
    expect(sunSignOf('2000-08-23')?.name).toBe('Başak');
    expect(sunSignOf('1999-13-01')).toBeNull();
  });

  it('has twelve signs with a range, element, planet and five traits each', () => {
    expect(zodiacSigns).toHaveLength(12);
    for (const sign of zodiacSigns) expect(sign.traits).toHaveLength(5);
  });
});

describe('rising sign', () => {
  it("converts Türkiye's wall clock with its historical offsets (+02:00 in winter 1990, +03:00 since 2016)", () => {
    expect(zonedInstant('1990-01-15', '12:00', 'Europe/Istanbul')?.toISOString()).toBe('1990-01-15T10:00:00.000Z');
    expect(zonedInstant('2020-01-15', '12:00', 'Europe/Istanbul')?.toISOString()).toBe('2020-01-15T09:00:00.000Z');
  });

  /**
   * An independent check: at sunrise the Sun stands on the ascendant, so the ascendant's longitude equals the Sun's
   * apparent ecliptic longitude (astronomy-engine's own rise search and ecliptic, not the formula under test), within
   * a few degrees (sunrise is taken with the Sun's centre 0.83° below the horizon, for refraction and the disc).
   */
  it.each([
    ['İstanbul', '2000-05-05'],
    ['Van', '1987-11-10'],
    ['Muğla', '2015-02-01'],
    ['Kars', '1975-08-15'],
  ])('puts the Sun on the ascendant at sunrise in %s on %s', (name, date) => {
    const place = province(name);
    const observer = new Observer(place.lat, place.lon, 0);
    const sunrise = SearchRiseSet(Body.Sun, observer, +1, new Date(`${date}T00:00:00Z`), 1)!;
    const sunLongitude = Ecliptic(GeoVector(Body.Sun, sunrise, true)).elon;
    const asc = ascendantLongitude(sunrise.date, place.lat, place.lon);
    const diff = Math.abs(((asc - sunLongitude + 540) % 360) - 180);
    expect(diff).toBeLessThan(2.5);
  });

  it('is the sun sign at sunrise and the opposite sign at sunset', () => {
    // 5 May 2000, İstanbul (UTC+3 summer time): sunrise about 06:00 and sunset about 20:05, the Sun in mid Taurus.
    const istanbul = province('İstanbul');
    const at = (time: string) =>
      risingSignOf({ birthDate: '2000-05-05', birthTime: time, latitude: istanbul.lat, longitude: istanbul.lon })?.name;
    expect(at('06:00')).toBe('Boğa');
    // At sunset the Sun is on the descendant: the sign opposite Taurus rises.
    expect(at('20:15')).toBe('Akrep');
  });

  it('has coordinates for all 81 provinces, each inside Türkiye', () => {
    expect(provinces).toHaveLength(81);
    for (const p of provinces) {
      expect(p.lat).toBeGreaterThan(35.8);
      expect(p.lat).toBeLessThan(42.2);
      expect(p.lon).toBeGreaterThan(25.6);
      expect(p.lon).toBeLessThan(44.9);
      expect(p.districts.length).toBeGreaterThan(0);
    }
  });
});
