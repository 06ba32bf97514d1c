import { describe, expect, it } from 'vitest';
import { exponentialBackoff, retry, steppedBackoff, within } from '@meydan/kit';

describe('retry', () => {
  it('tries again until the work succeeds, waiting the backoff of each retry', async () => {
    const waited: number[] = [];
    let calls = 0;
    const result = await retry(
      async (attempt) => {
        calls++;
        if (attempt < 3) throw new Error(`failure ${attempt}`);
        return 'done';
      },
      {
        attempts: 5,
        backoff: (n) => {
          waited.push(n);
          return 1;
        },
      },
    );
    expect(result).toBe('done');
    expect(calls).toBe(3);
    expect(waited).toEqual([1, 2]);
  });

  it('throws the last failure once the attempts are spent', async () => {
    let calls = 0;
    await expect(
      retry(
        async (attempt) => {
          calls++;
          throw new Error(`failure ${attempt}`);
        },
        { attempts: 3 },
      ),
    ).rejects.toThrow('failure 3');
    expect(calls).toBe(3);
  });

  it('does not retry a failure that retryIf refuses', async () => {
    let calls = 0;
    const fatal = new Error('fatal');
    await expect(
      retry(
        async () => {
          calls++;
          throw fatal;
        },
        { attempts: 5, retryIf: (err) => err !== fatal },
      ),
    ).rejects.toBe(fatal);
    expect(calls).toBe(1);
  });

  it('stops at once when its signal aborts, also in the middle of a wait', async () => {
    const stop = new AbortController();
    let calls = 0;
    const started = Date.now();
    const result = retry(
      async (attempt) => {
        calls++;
        // Aborted once this failure has sent retry into its minute-long wait (after the promise jobs it runs now).
        setImmediate(() => stop.abort());
        throw new Error(`failure ${attempt}`);
      },
      { attempts: Number.POSITIVE_INFINITY, backoff: () => 60_000, signal: stop.signal },
    );
    await expect(result).rejects.toThrow('failure 1');
    expect(calls).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('backoffs', () => {
  it('exponential: doubles from the first delay up to the cap', () => {
    const delay = exponentialBackoff(500, 5000);
    expect([1, 2, 3, 4, 5, 6, 100].map(delay)).toEqual([500, 1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it('stepped: one delay per retry, the last repeating', () => {
    const delay = steppedBackoff([100, 400]);
    expect([1, 2, 3, 9].map(delay)).toEqual([100, 400, 400, 400]);
    expect(() => steppedBackoff([])).toThrow();
  });
});

describe('within', () => {
  it('passes on the answer or the failure that comes in time, and fails with its message once the time is up', async () => {
    await expect(within(Promise.resolve('cevap'), 1000)).resolves.toBe('cevap');
    await expect(within(Promise.reject(new Error('bozuk')), 1000)).rejects.toThrow('bozuk');
    await expect(within(new Promise(() => undefined), 20, 'no answer within 20 ms')).rejects.toThrow(
      'no answer within 20 ms',
    );
    await expect(within(new Promise(() => undefined), 20)).rejects.toThrow('timeout');
  });
});
