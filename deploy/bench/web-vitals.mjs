// Core Web Vitals of the main screens as a member's phone sees them: Chromium (playwright-core, the browser tests'
// install) with a phone's viewport, touch and user agent, the CPU slowed 4× and the network at Lighthouse's "slow 4G"
// through the DevTools protocol. Every load is a fresh context (a first visit: no HTTP cache, no service worker yet);
// LCP and CLS come from PerformanceObservers installed before the page's own scripts. Each page is loaded `runs`
// times and each figure is the median of its runs.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium } from '../local/install.mjs';

/** @typedef {{ startTime: number, value: number }} LayoutShift */
/** @typedef {LayoutShift & { sources: (string | null)[] }} RecordedShift */
/** What observeVitals records in the page: the last LCP candidate and what it was, and every layout shift. */
/** @typedef {{ lcp: number | null, lcpElement: string | null, shifts: RecordedShift[] }} PageVitals */
/** @typedef {typeof window & { __meydanVitals: PageVitals }} VitalsWindow */
/** A layout-shift entry (the Layout Instability API; not in TypeScript's DOM library). */
/** @typedef {PerformanceEntry & { hadRecentInput: boolean, value: number, sources?: { node: Node | null }[] }} LayoutShiftEntry */

/** A 2024 mid-range Android phone: the viewport of a 6.1" screen at 3× and Chrome's mobile user agent. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
};
/** Lighthouse's slow 4G (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), in the units of the DevTools protocol. */
export const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
export const CPU_SLOWDOWN = 4;

/**
 * CLS as web-vitals defines it: shifts without recent input are grouped into session windows (a window ends at a gap
 * of 1 s or once it spans 5 s), and the page's figure is its largest window's sum, not the sum of every shift.
 * @param {readonly LayoutShift[]} shifts
 */
export function clsOfShifts(shifts) {
  let largest = 0;
  let current = 0;
  let first = 0;
  let last = 0;
  for (const { startTime, value } of shifts) {
    if (current > 0 && startTime - last < 1000 && startTime - first < 5000) {
      current += value;
    } else {
      current = value;
      first = startTime;
    }
    last = startTime;
    largest = Math.max(largest, current);
  }
  return largest;
}

/**
 * @param {readonly (number | null | undefined)[]} values
 * @returns {number | null}
 */
export const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  const at = (/** @type {number} */ i) => /** @type {number} */ (sorted[i]);
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
};

/** Runs in the page before its scripts: records LCP candidates and layout shifts, with what they were about. */
function observeVitals() {
  /** @param {Element | null | undefined} node */
  const describe = (node) => {
    if (node?.nodeType !== 1) return node ? '#text' : null;
    const label = node.getAttribute('aria-label') || node.getAttribute('data-testid');
    const text = (node.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${node.tagName.toLowerCase()}${label ? `[${label}]` : ''}${text ? ` "${text}"` : ''}`;
  };
  /** @type {PageVitals} */
  const vitals = { lcp: null, lcpElement: null, shifts: [] };
  /** @type {VitalsWindow} */ (window).__meydanVitals = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      vitals.lcp = entry.startTime;
      vitals.lcpElement = describe(/** @type {LargestContentfulPaint} */ (entry).element);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of /** @type {LayoutShiftEntry[]} */ (list.getEntries())) {
      if (entry.hadRecentInput) continue;
      vitals.shifts.push({
        startTime: entry.startTime,
        value: entry.value,
        sources: (entry.sources || []).map((s) => describe(/** @type {Element | null} */ (s.node))),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/**
 * One load of `url` in a fresh phone context: LCP, CLS, FCP and what the largest element and the shifts were.
 * @param {import('playwright-core').Browser} browser
 * @param {{ base: string, url: string, sid: string | null | undefined, settleMs: number }} load
 */
async function loadOnce(browser, { base, url, sid, settleMs }) {
  const context = await browser.newContext({ ...PHONE, baseURL: base, locale: 'tr-TR', timezoneId: 'Europe/Istanbul' });
  try {
    if (sid) await context.addCookies([{ name: 'sid', value: sid, url: base }]);
    await context.addInitScript(observeVitals);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // Whatever the screen fetches after `load` (its chunk, its API calls, avatars) is part of what it shows.
    await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined);
    await page.waitForTimeout(settleMs);
    const { lcp, lcpElement, shifts, fcp } = await page.evaluate(() => ({
      .../** @type {VitalsWindow} */ (window).__meydanVitals,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    }));
    const cls = clsOfShifts(shifts);
    const biggest = [...shifts].sort((a, b) => b.value - a.value).slice(0, 3);
    return {
      lcpMs: lcp,
      cls,
      fcpMs: fcp,
      lcpElement,
      shifts: biggest.map((s) => ({
        atMs: Math.round(s.startTime),
        value: Number(s.value.toFixed(4)),
        sources: s.sources,
      })),
    };
  } finally {
    await context.close();
  }
}

/**
 * LCP and CLS of the four screens a member sees most, on the phone profile: the feed at `/` and `/profil` signed in
 * as the member whose session is `sid`, a poll's page `/anket/{pollId}` as that member, and a share-link poll
 * `/s/{shareCode}` as a visitor. Returns, per page, the medians over `runs` loads, each run's figures and the verdicts.
 * @param {{ base: string, sid: string | undefined, pollId: string, shareCode: string | null, runs?: number, settleMs?: number, say?: (line: string) => void }} options
 */
export async function measureWebVitals({ base, sid, pollId, shareCode, runs = 3, settleMs = 1500, say = () => {} }) {
  const pages = [
    { name: 'feed', path: '/', sid },
    { name: 'share_link', path: `/s/${shareCode}`, sid: null },
    { name: 'profile', path: '/profil', sid },
    { name: 'poll', path: `/anket/${pollId}`, sid },
  ];
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  /** @type {Record<string, { path: string, as: string, lcpMs: number | null, cls: number | null, fcpMs: number | null, loads: Awaited<ReturnType<typeof loadOnce>>[] }>} */
  const figures = {};
  say(`· web_vitals: ${pages.length} pages × ${runs} loads, phone profile (4× CPU, slow 4G)`);
  try {
    for (const { name, path, sid: pageSid } of pages) {
      /** @type {Awaited<ReturnType<typeof loadOnce>>[]} */
      const loads = [];
      for (let i = 0; i < runs; i++)
        loads.push(await loadOnce(browser, { base, url: `${base}${path}`, sid: pageSid, settleMs }));
      const lcpMs = median(loads.map((l) => l.lcpMs));
      const cls = median(loads.map((l) => l.cls));
      figures[name] = {
        path,
        as: pageSid ? 'member' : 'visitor',
        lcpMs,
        cls,
        fcpMs: median(loads.map((l) => l.fcpMs)),
        loads,
      };
      say(
        `  ${name} (${path}): LCP ${lcpMs === null ? 'n/a' : `${Math.round(lcpMs)} ms`}, CLS ${cls === null ? 'n/a' : cls.toFixed(3)} (median of ${runs}; LCP element ${/** @type {{ lcpElement: string | null }} */ (loads.at(-1)).lcpElement ?? 'none'})`,
      );
    }
  } finally {
    await browser.close();
  }
  return {
    profile: { ...PHONE, network: SLOW_4G, cpuSlowdown: CPU_SLOWDOWN, runs, cls: 'largest session window' },
    pages: figures,
  };
}
