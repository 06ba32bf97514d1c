// Installs Schemathesis (the OpenAPI fuzzer, from PyPI) into a virtualenv of the project's own, once, and says
// where its CLI is. The venv lives in the cache dir (outside the repo, so fresh clones reuse it) and is rebuilt
// when deploy/fuzz/requirements.txt changes. Plain Node with built-ins only: ensure-deps runs it before npm install.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir } from '../local/servers.mjs';
import { ensureVenv } from '../tools/venv.mjs';

const requirements = join(dirname(fileURLToPath(import.meta.url)), 'requirements.txt');

/** The virtualenv: MEYDAN_VENV, else ~/.cache/meydan/venv. */
export const venvDir = process.env.MEYDAN_VENV || join(cacheDir, 'venv');

/** The path of the `schemathesis` CLI, installing it first when the venv is missing or its pins changed. */
export function ensureSchemathesis() {
  const cli = join(venvDir, 'bin', 'schemathesis');
  ensureVenv({ dir: venvDir, requirements, ready: cli, what: 'Schemathesis' });
  return cli;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(`${ensureSchemathesis()}\n`);
  } catch (err) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
}
