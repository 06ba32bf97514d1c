// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useThrottledAnnouncement } from '../src/ui/useThrottledAnnouncement';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('throttled live announcement', () => {
  it('says nothing for the first value, the first change at once, then at most one change per interval, ending on the latest', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
    const { result, rerender } = renderHook(({ text }) => useThrottledAnnouncement(text, 10_000), {
      initialProps: { text: 'Toplam 0 oy' },
    });
    expect(result.current).toBe('');

    rerender({ text: 'Toplam 1 oy' });
    act(() => void vi.advanceTimersByTime(0));
    expect(result.current).toBe('Toplam 1 oy');

    // Two more pushes within the interval are not read out one by one.
    act(() => void vi.advanceTimersByTime(2_000));
    rerender({ text: 'Toplam 2 oy' });
    act(() => void vi.advanceTimersByTime(2_000));
    rerender({ text: 'Toplam 3 oy' });
    act(() => void vi.advanceTimersByTime(5_000));
    expect(result.current).toBe('Toplam 1 oy');

    // Ten seconds after the last announcement: the latest value.
    act(() => void vi.advanceTimersByTime(1_000));
    expect(result.current).toBe('Toplam 3 oy');
  });

  it('stays quiet when the value goes back to the one first shown before anything was said', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ text }) => useThrottledAnnouncement(text, 10_000), {
      initialProps: { text: 'Toplam 5 oy' },
    });
    rerender({ text: 'Toplam 6 oy' });
    rerender({ text: 'Toplam 5 oy' });
    act(() => void vi.advanceTimersByTime(20_000));
    expect(result.current).toBe('');
  });
});
