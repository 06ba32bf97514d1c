import { describe, expect, it, vi } from 'vitest';
import { TtlCache } from '@meydan/kit';

describe('TtlCache', () => {
  it('keeps a found value and a remembered null until the time is up', async () => {
    // Long enough that a loaded machine still reads both before they expire.
    const cache = new TtlCache<{ userId: string } | null>(300);
    cache.set('sid-known', { userId: 'u1' });
    cache.set('sid-unknown', null);
    expect(cache.get('sid-known')).toEqual({ userId: 'u1' });
    expect(cache.get('sid-unknown')).toBeNull();
    expect(cache.get('sid-never-seen')).toBeUndefined();
    // Each expires its own time after it was set: on a loaded machine the second set may come a few ms later.
    await vi.waitFor(() => expect(cache.get('sid-known')).toBeUndefined(), { timeout: 2000, interval: 10 });
    await vi.waitFor(() => expect(cache.get('sid-unknown')).toBeUndefined(), { timeout: 2000, interval: 10 });
  });

  it('keeps nothing with a time of 0', () => {
    const cache = new TtlCache<string>(0);
    cache.set('doc', 'merged');
    expect(cache.get('doc')).toBeUndefined();
  });

  it('drops the least recently used entry when full', () => {
    const cache = new TtlCache<number>(60_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('takes memory for the entries it holds, not for the most it may hold', () => {
    // lru-cache given `max` sets aside its arrays at once: 38 bytes an entry here would be 1.9 GB.
    const before = process.memoryUsage();
    const cache = new TtlCache<number>(60_000, 50_000_000);
    for (let i = 0; i < 1000; i++) cache.set(`k${i}`, i);
    const after = process.memoryUsage();
    const grewMb = (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / 1048576;
    expect(grewMb).toBeLessThan(50);
    expect(cache.get('k0')).toBe(0);
    expect(cache.get('k999')).toBe(999);
  });

  it('forgets every entry a test picks (a revoked user’s sessions and tokens)', () => {
    const cache = new TtlCache<{ userId: string } | null>(60_000);
    cache.set('s1', { userId: 'u1' });
    cache.set('s2', { userId: 'u2' });
    cache.set('s3', { userId: 'u1' });
    cache.set('s4', null);
    cache.deleteWhere((v) => v?.userId === 'u1');
    expect(cache.get('s1')).toBeUndefined();
    expect(cache.get('s3')).toBeUndefined();
    expect(cache.get('s2')).toEqual({ userId: 'u2' });
    expect(cache.get('s4')).toBeNull();
  });

  it('keeps an entry for its own time when given one, and within a weight bound', async () => {
    const cache = new TtlCache<string>(60_000, 100, { maxSize: 10, sizeOf: (v) => v.length });
    cache.set('short', 'a', 30);
    cache.set('long', 'b');
    await vi.waitFor(() => expect(cache.get('short')).toBeUndefined(), { timeout: 2000, interval: 10 });
    expect(cache.get('long')).toBe('b');
    cache.set('heavy', 'x'.repeat(8));
    cache.set('heavier', 'y'.repeat(5));
    expect(cache.get('heavy')).toBeUndefined();
    expect(cache.get('heavier')).toBe('yyyyy');
    cache.set('too-heavy', 'z'.repeat(11));
    expect(cache.get('too-heavy')).toBeUndefined();
  });
});
