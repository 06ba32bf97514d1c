/**
 * The service worker's code is loaded a while after the page (web/src/main.tsx): a load that fails because the page
 * went offline meanwhile raises no error in the page and is tried again once the browser is back online.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWhenOnline } from '../src/features/pwa/loadWhenOnline';

afterEach(() => vi.useRealTimers());

describe('loadWhenOnline', () => {
  it('loads after the delay; a failed load is no unhandled error and is tried again at each return online until one succeeds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const network = new EventTarget();
    const outcomes = [false, false, true];
    const load = vi.fn(() => {
      const ok = outcomes.shift();
      return ok
        ? Promise.resolve('started')
        : Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    });
    try {
      loadWhenOnline(load, 3000, network);
      await vi.advanceTimersByTimeAsync(2999);
      expect(load).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(load).toHaveBeenCalledTimes(1);
      // Offline: nothing more until the browser says it is back.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(load).toHaveBeenCalledTimes(1);
      network.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
      network.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(3));
      // Loaded: a later return online loads nothing again.
      await Promise.resolve();
      network.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
      expect(load).toHaveBeenCalledTimes(3);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
