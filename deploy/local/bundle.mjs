// One file per Node process: each service's and the gateway's built entry (`dist/main.js`, from `tsc -b`) bundled
// with the workspaces and packages it imports into `dist/main.bundle.mjs`, which the launcher (stack.mjs) starts.
// Loading ~1,500 small modules cost a process about 1.2 s of CPU to start, one file about 0.7 s: every browser test
// file starts seven processes, a supervisor's restart or a failover one. The packages that find files of their own
// at run time (native addons, worker threads, optional drivers) stay outside and are loaded from node_modules as
// before. Plain Node with built-ins only at load; esbuild (a devDependency) is imported when a bundle is made.
import { existsSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspaces whose `dist/main.js` is a process. */
export const PROCESS_WORKSPACES = Object.freeze([
  'services/auth',
  'services/polls',
  'services/social',
  'services/notifications',
  'services/contact',
  'services/admin',
  'gateway',
]);

/**
 * Loaded from node_modules, not bundled: native addons and their loaders (sharp), pino (its transports run in worker
 * threads that load files by path), OpenTelemetry (required at run time, only when tracing is on, so that its
 * instrumentations see node:http loaded), the optional parts of the MongoDB and WebSocket drivers, and the packages
 * a process loads with `await import(…)` on first use (the xlsx writer, the mailer, Web Push). V8 holds a script's
 * whole source for as long as the process runs, so a package bundled is resident from the start even when never
 * loaded: exceljs and what it brings are 2.6 MB of polls' and admin's bundles.
 */
export const EXTERNAL = Object.freeze([
  'sharp',
  'exceljs',
  'nodemailer',
  'web-push',
  'pino',
  'pino-pretty',
  'thread-stream',
  '@opentelemetry/*',
  'kerberos',
  'snappy',
  '@mongodb-js/zstd',
  '@aws-sdk/credential-providers',
  'mongodb-client-encryption',
  'gcp-metadata',
  'socks',
  'aws4',
  'bufferutil',
  'utf-8-validate',
]);

/** Where a workspace's bundle is. */
export const bundleOf = (/** @type {string} */ root, /** @type {string} */ workspace) =>
  join(root, workspace, 'dist', 'main.bundle.mjs');

/**
 * The newest modification time (ms) of the JavaScript under `dir`, 0 when there is none.
 * @param {string} dir
 * @returns {number}
 */
function newestJs(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Whether the workspace's bundle is missing or older than what it is made of: its own build, proto's and the kit's,
 * the installed packages (package-lock.json) and this file's way of bundling.
 * @param {string} root
 * @param {string} workspace
 */
export function bundleStale(root, workspace) {
  const bundle = bundleOf(root, workspace);
  if (!existsSync(bundle)) return true;
  const made = statSync(bundle).mtimeMs;
  const inputs = [
    newestJs(join(root, workspace, 'dist')),
    newestJs(join(root, 'proto', 'dist')),
    newestJs(join(root, 'services', 'kit', 'dist')),
    existsSync(join(root, 'package-lock.json')) ? statSync(join(root, 'package-lock.json')).mtimeMs : 0,
    statSync(fileURLToPath(import.meta.url)).mtimeMs,
  ];
  return inputs.some((mtime) => mtime > made);
}

/**
 * The bundle's text with every character beyond ASCII written as a `\uXXXX` escape. esbuild already writes them so
 * in strings, templates and names, but not in regular expressions (`/[çğıöşü]/`). One such character is enough for V8
 * to hold the whole source, which it keeps for the process's life, in two bytes per character instead of one: 6–9 MB
 * more of each service's resident memory. In a regular expression the escape means the same character.
 * @param {string} text
 */
export function asciiOnly(text) {
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Bundles one workspace's `dist/main.js` (it must be built). Written beside it under a temporary name, then renamed,
 * so that a process started meanwhile reads the old bundle or the new one, never half of one.
 * @param {string} root
 * @param {string} workspace
 */
export async function bundleWorkspace(root, workspace) {
  const entry = join(root, workspace, 'dist', 'main.js');
  if (!existsSync(entry)) throw new Error(`${workspace}/dist/main.js missing: run npx tsc -b`);
  const { build } = await import('esbuild');
  const target = bundleOf(root, workspace);
  const temporary = `${target}.${process.pid}.tmp`;
  const { outputFiles } = await build({
    entryPoints: [entry],
    outfile: temporary,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external: [...EXTERNAL],
    // The CommonJS packages inside an ES module bundle still call require (for node's own modules and the externals).
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module';\nconst require = __bundleRequire(import.meta.url);",
    },
    logLevel: 'error',
    legalComments: 'none',
    // V8 holds a script's source for the process's life. Without indentation and comments (proto's JSDoc among them)
    // polls' is 4.3 MB instead of 6.3, its idle RSS 4 MB lower. Names stay, and stack traces with them; a bundle's
    // lines never matched dist's.
    minifyWhitespace: true,
  });
  const output = outputFiles?.[0];
  if (!output) throw new Error(`esbuild wrote no bundle for ${workspace}`);
  writeFileSync(temporary, asciiOnly(output.text));
  renameSync(temporary, target);
}

/**
 * Makes every process workspace's bundle that is missing or stale; resolves with the workspaces it bundled.
 * @param {string} root
 * @param {readonly string[]} [workspaces]
 * @returns {Promise<string[]>}
 */
export async function ensureBundles(root, workspaces = PROCESS_WORKSPACES) {
  const stale = workspaces.filter((workspace) => bundleStale(root, workspace));
  await Promise.all(stale.map((workspace) => bundleWorkspace(root, workspace)));
  return stale;
}
