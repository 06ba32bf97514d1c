import { describe, expect, it } from 'vitest';
import { istanbulLastDays, istanbulMonthStart } from '../src/domain/month.js';
import { containsPattern, foldTurkish, searchText } from '../src/domain/search.js';

describe('the days of the trend chart (Europe/Istanbul, UTC+3)', () => {
  it('end with today in Istanbul, each from Istanbul midnight to the next, across a month and a year', () => {
    const days = istanbulLastDays(new Date('2026-03-01T20:59:00Z'), 3);
    expect(days.map((d) => d.date)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(days[2]!.start.toISOString()).toBe('2026-02-28T21:00:00.000Z');
    expect(days[2]!.end.toISOString()).toBe('2026-03-01T21:00:00.000Z');
    expect(days[0]!.end).toEqual(days[1]!.start);
    // 21:30 UTC on New Year's Eve is already the 1st in Istanbul.
    expect(istanbulLastDays(new Date('2026-12-31T21:30:00Z'), 2).map((d) => d.date)).toEqual([
      '2026-12-31',
      '2027-01-01',
    ]);
  });
});

describe('the month of the admin stats (Europe/Istanbul, UTC+3)', () => {
  it('begins at Istanbul midnight of the 1st: 21:00 UTC on the last day of the month before', () => {
    expect(istanbulMonthStart(new Date('2026-03-15T12:00:00Z')).toISOString()).toBe('2026-02-28T21:00:00.000Z');
  });

  it('already counts 21:30 UTC on the 31st as the next month in Istanbul', () => {
    expect(istanbulMonthStart(new Date('2026-03-31T21:30:00Z')).toISOString()).toBe('2026-03-31T21:00:00.000Z');
    expect(istanbulMonthStart(new Date('2026-03-31T20:59:59Z')).toISOString()).toBe('2026-02-28T21:00:00.000Z');
  });

  it('turns the year in Istanbul before it does in UTC', () => {
    expect(istanbulMonthStart(new Date('2026-12-31T22:00:00Z')).toISOString()).toBe('2026-12-31T21:00:00.000Z');
    expect(istanbulMonthStart(new Date('2027-01-01T00:00:00Z')).toISOString()).toBe('2026-12-31T21:00:00.000Z');
  });
});

describe('Turkish-aware search', () => {
  it('folds İ/i and I/ı to one letter, whatever the case', () => {
    for (const spelling of ['IRMAK', 'ırmak', 'Irmak', 'irmak', 'İRMAK']) expect(foldTurkish(spelling)).toBe('irmak');
    expect(foldTurkish('İstanbul')).toBe('istanbul');
  });

  it('matches a folded query inside the stored fields, taking regex characters literally', () => {
    const stored = searchText('ırmak_ışık', 'irmak@example.com', 'Irmak Işık');
    expect(new RegExp(containsPattern('IŞIK')).test(stored)).toBe(true);
    expect(new RegExp(containsPattern('İRMAK@')).test(stored)).toBe(true);
    expect(new RegExp(containsPattern('.*')).test(stored)).toBe(false);
  });
});
