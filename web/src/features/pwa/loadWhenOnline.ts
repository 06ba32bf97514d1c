/**
 * Runs `load` (the service worker's code, fetched and started) `delayMs` from now. A load that fails because the page
 * went offline in the meantime (a phone in a tunnel) is no error of the page's: it is tried again once the browser is
 * back online, as often as that happens, until one load succeeds.
 */
export function loadWhenOnline(load: () => Promise<unknown>, delayMs: number, target: EventTarget = window): void {
  const attempt = () => {
    load().catch(() => target.addEventListener('online', attempt, { once: true }));
  };
  setTimeout(attempt, delayMs);
}
