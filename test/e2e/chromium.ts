/**
 * Chromium for the browser tests, in one place: the headless shell a lane shares (started by test/global-setup.ts,
 * which files connect to) and the launch of a browser of a file's own (support.ts `launchBrowser`).
 */
import { chromium, type Browser, type BrowserServer } from 'playwright-core';
import { CHROMIUM_ARGS, ensureChromium, ensureHeadlessChromium, which } from '../../deploy/local/install.mjs';

const ARGS = [...CHROMIUM_ARGS];

/** A browser of the caller's own: the headless shell, or with `full` the whole browser. */
export function launchChromium(full: boolean): Promise<Browser> {
  return chromium.launch({
    executablePath: full ? ensureChromium() : ensureHeadlessChromium(),
    headless: true,
    args: ARGS,
  });
}

/**
 * The headless shell as a server the lane's files connect to (`chromium.connect`), so that a file opens contexts in
 * it rather than starting Chromium: each start cost about 2 s of CPU (browser, GPU and utility processes), once per
 * browser test file. Null when the shell is not installed (a run of unit tests alone installs nothing; the first
 * browser file then installs it and launches its own, as before).
 */
export function startSharedHeadless(): Promise<BrowserServer> | null {
  const executablePath = process.env['CHROMIUM_HEADLESS_PATH'] || which('chromium-headless-shell');
  if (!executablePath) return null;
  return chromium.launchServer({ executablePath, headless: true, args: ARGS });
}

/** The lane's shared headless shell, through its endpoint; closing the connection closes the contexts made in it. */
export const connectShared = (endpoint: string): Promise<Browser> => chromium.connect(endpoint);
