// Makes a fresh clone runnable: installs npm dependencies when they are missing or stale and,
// with --servers, what the tests run: the server programs (nats-server, redis-server, FerretDB or mongod), Chromium,
// the card font (fonts-dejavu-core), Schemathesis (the fuzz test), kubeconform with the Kubernetes JSON schemas
// (the manifest validation), promtool (the alert rules' tests: Debian's `prometheus` package), and k6 (the load
// scripts' check and the short chaos runs); with --servers or --postgres, PostgreSQL (`npm run chaos:cluster` and its
// short run in the tests).
// Plain Node with built-ins only: it runs before `npm install`.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureK6, ensureKubeconform, ensureKubeSchemas, ensureSchemathesis } from './ensure-tools.mjs';
import { ensureCardFont, ensureChromium, ensureHeadlessChromium, ensurePostgres, ensurePromtool } from './install.mjs';
import { ensureServerBinaries } from './servers.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Runs `npm install` when node_modules is missing or older than package-lock.json. */
export function ensureNpmDependencies() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return false;
  process.stderr.write('installing npm dependencies…\n');
  const args = existsSync(lock) && !existsSync(join(root, 'node_modules')) ? ['ci'] : ['install'];
  const result = spawnSync('npm', [...args, '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm ${args[0]} failed (exit ${result.status})`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    ensureNpmDependencies();
    if (process.argv.includes('--servers')) {
      ensureServerBinaries({ mongo: !process.env.TEST_MONGO_URL });
      ensureChromium();
      ensureHeadlessChromium();
      ensureCardFont();
      ensureSchemathesis();
      ensureKubeconform();
      ensureKubeSchemas();
      ensurePromtool();
      ensureK6();
    }
    if (process.argv.includes('--servers') || process.argv.includes('--postgres')) ensurePostgres();
  } catch (err) {
    process.stderr.write(`${/** @type {Error} */ (err).message}\n`);
    process.exit(1);
  }
}
