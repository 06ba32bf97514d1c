// Installs what Meydan's servers and tests need on this machine when it is missing: Debian packages with apt-get
// (PostgreSQL, the card font, Chromium), and says where built tools are kept. Plain Node with built-ins only: it runs
// before `npm install`.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';

/** Where built tools are kept between runs (outside the repo, so fresh clones reuse them). */
export const cacheDir = process.env.MEYDAN_CACHE_DIR || join(homedir(), '.cache', 'meydan');

export const say = (/** @type {string} */ line) => process.stderr.write(`${line}\n`);

/**
 * The absolute path of a command on PATH (or in sbin), or null.
 * @param {string} command
 * @returns {string | null}
 */
export function which(command) {
  const dirs = (process.env.PATH || '').split(delimiter).concat(['/usr/sbin', '/usr/local/sbin', '/sbin']);
  for (const dir of dirs) {
    const candidate = join(dir, command);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* keep looking */
    }
  }
  return null;
}

/**
 * A command run to its end, its output kept.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
  return { ok: result.status === 0, status: result.status, out: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

let aptUpdated = false;

/**
 * Installs Debian packages with apt-get when we are root; otherwise says what to install.
 * @param {string[]} packages
 */
export function aptInstall(packages) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = which('apt-get');
  if (!isRoot || !apt) {
    throw new Error(`missing ${packages.join(', ')}: install them (e.g. sudo apt-get install ${packages.join(' ')})`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    say(`installing ${packages.join(', ')} with apt-get…`);
    const update = run(apt, ['update'], { env });
    if (!update.ok) throw new Error(`apt-get update failed:\n${update.out.slice(-2000)}`);
    aptUpdated = true;
  }
  const install = run(apt, ['install', '-y', '--no-install-recommends', ...packages], { env });
  if (!install.ok) throw new Error(`apt-get install ${packages.join(' ')} failed:\n${install.out.slice(-2000)}`);
}

/** PostgreSQL's programs (initdb, pg_basebackup, pg_ctl, postgres) from Debian's package, the newest
 * installed; installed when missing (`npm run chaos:cluster`'s PostgreSQL primary and standby). */
export function ensurePostgres() {
  const base = '/usr/lib/postgresql';
  const newest = () =>
    existsSync(base)
      ? readdirSync(base)
          .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
          .sort((a, b) => Number(b) - Number(a))[0]
      : undefined;
  if (!newest()) aptInstall(['postgresql']);
  const version = newest();
  if (!version) throw new Error(`postgresql was installed but ${base}/<version>/bin/initdb is missing`);
  return join(base, version, 'bin');
}

/** The font the polls service draws link-preview cards with (every Turkish letter): Debian's fonts-dejavu-core. */
export const CARD_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
export function ensureCardFont() {
  if (!existsSync(CARD_FONT)) aptInstall(['fonts-dejavu-core']);
}

/**
 * The path of `command`: `override` (an operator's choice) or the first of `names` on PATH, else installed from Debian's
 * `debianPackage`.
 * @param {string} debianPackage
 * @param {[string, ...string[]]} names
 * @param {string | undefined} override
 */
function ensureAptCommand(debianPackage, names, override) {
  const found = override || names.map((name) => which(name)).find(Boolean);
  if (found) return found;
  aptInstall([debianPackage]);
  const installed = which(names[0]);
  if (!installed) throw new Error(`${debianPackage} was installed but ${names[0]} is not on PATH`);
  return installed;
}

/**
 * Chromium's options for a headless run on this kind of machine (the browser tests and the bench's web vitals): no
 * sandbox (root in a container), no GPU, and none of the browser's own traffic (QUIC, updates, sync) beside the page's.
 */
export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

/** Debian's Chromium for the browser tests (Playwright drives it; no browser download). */
export function ensureChromium() {
  return ensureAptCommand('chromium', ['chromium', 'chromium-browser'], process.env.CHROMIUM_PATH);
}

/**
 * Debian's Chromium headless shell, the same engine without the browser around it (as Playwright runs headless by
 * default): a browser test spends about a fifth less CPU in it. It lacks what only the whole browser has, such as
 * notification permissions for a service worker's pushes; a test that needs those launches `ensureChromium()`'s.
 * CHROMIUM_HEADLESS_PATH chooses another binary.
 */
export function ensureHeadlessChromium() {
  return ensureAptCommand('chromium-headless-shell', ['chromium-headless-shell'], process.env.CHROMIUM_HEADLESS_PATH);
}

/** promtool (`promtool check rules`, `promtool test rules` on the alerts), from Debian's prometheus package when missing. */
export function ensurePromtool() {
  return ensureAptCommand('prometheus', ['promtool'], undefined);
}
