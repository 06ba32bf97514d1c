/**
 * The one wait by the clock a test may make: a named proof that something does NOT happen (no fourth mail, no
 * restart after a stop, no update after the last one). Everything else waits for the event or the state its
 * assertion needs (`until` in test/harness.ts, `vi.waitFor`, `expect.poll`, an acknowledgement, a subscription).
 * Each use is listed, with what it proves, in test/no-clock-waits.test.ts, and lasts 1.5 s at most.
 */
export const LONGEST_QUIET_MS = 1_500;

export function quietFor(ms: number, what: string): Promise<void> {
  if (ms > LONGEST_QUIET_MS)
    throw new Error(`quietFor(${ms}, '${what}'): a proof of absence lasts ${LONGEST_QUIET_MS} ms at most`);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Work that takes time inside a stand-in or a handler under test (a slow answer, a job that overlaps the next), not
 * a wait of the test itself: the test waits for what that work leads to. Listed like `quietFor`.
 */
export function busyFor(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
