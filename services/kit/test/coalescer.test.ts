import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Coalescer } from '@meydan/kit';

describe('Coalescer', () => {
  let emitted: [string, number, boolean][];
  const make = (isStale?: (candidate: number, current: number) => boolean) =>
    new Coalescer<number>(1000, (key, value, trailing) => emitted.push([key, value, trailing]), isStale);

  beforeEach(() => {
    vi.useFakeTimers();
    emitted = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first value at once, then at most one per interval, the last value always (trailing)', () => {
    const coalescer = make();
    coalescer.push('poll-1', 1);
    expect(emitted).toEqual([['poll-1', 1, false]]);
    for (let v = 2; v <= 50; v++) coalescer.push('poll-1', v);
    expect(emitted).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(emitted).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(emitted).toEqual([
      ['poll-1', 1, false],
      ['poll-1', 50, true],
    ]);
    // Quiet for an interval: the next value goes out at once again.
    vi.advanceTimersByTime(1000);
    coalescer.push('poll-1', 51);
    expect(emitted.at(-1)).toEqual(['poll-1', 51, false]);
    coalescer.close();
  });

  it('throttles each key on its own', () => {
    const coalescer = make();
    coalescer.push('a', 1);
    coalescer.push('b', 1);
    coalescer.push('a', 2);
    expect(emitted).toEqual([
      ['a', 1, false],
      ['b', 1, false],
    ]);
    vi.advanceTimersByTime(1000);
    expect(emitted.at(-1)).toEqual(['a', 2, true]);
    expect(emitted).toHaveLength(3);
    coalescer.close();
  });

  it('keeps the newer waiting value when an older one arrives late', () => {
    const coalescer = make((candidate, current) => candidate < current);
    coalescer.push('k', 1);
    coalescer.push('k', 9);
    coalescer.push('k', 4);
    vi.advanceTimersByTime(1000);
    expect(emitted.at(-1)).toEqual(['k', 9, true]);
    coalescer.close();
  });

  it('drops what is waiting when closed', () => {
    const coalescer = make();
    coalescer.push('k', 1);
    coalescer.push('k', 2);
    coalescer.close();
    vi.advanceTimersByTime(5000);
    expect(emitted).toEqual([['k', 1, false]]);
  });
});
