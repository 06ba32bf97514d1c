// Installs Schemathesis (the OpenAPI fuzzer, from PyPI) into a virtualenv of the project's own, once, and says
// where its CLI is. The venv lives in the cache dir (outside the repo, so fresh clones reuse it) and is rebuilt
// when deploy/fuzz/requirements.txt changes. Plain Node with built-ins only: ensure-deps runs it before npm install.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir, which } from '../local/servers.mjs';

const requirements = join(dirname(fileURLToPath(import.meta.url)), 'requirements.txt');

/** The virtualenv: MEYDAN_VENV, else ~/.cache/meydan/venv. */
export const venvDir = process.env.MEYDAN_VENV || join(cacheDir, 'venv');

const say = (line) => process.stderr.write(`${line}\n`);

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  return { ok: result.status === 0, out: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** The path of the `schemathesis` CLI, installing it first when the venv is missing or its pins changed. */
export function ensureSchemathesis() {
  const cli = join(venvDir, 'bin', 'schemathesis');
  const marker = join(venvDir, '.meydan-requirements');
  const wanted = createHash('sha256').update(readFileSync(requirements)).digest('hex');
  if (existsSync(cli) && existsSync(marker) && readFileSync(marker, 'utf8').trim() === wanted) return cli;

  const python = which('python3');
  if (!python) throw new Error('python3 is missing: install it (e.g. apt-get install python3 python3-venv) to run the fuzz tests');
  say(`installing Schemathesis into ${venvDir} (first run only)…`);
  rmSync(venvDir, { recursive: true, force: true });
  const venv = run(python, ['-m', 'venv', venvDir]);
  if (!venv.ok) throw new Error(`python3 -m venv failed (on Debian: apt-get install python3-venv):\n${venv.out.slice(-2000)}`);
  const pip = run(join(venvDir, 'bin', 'python'), ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '-r', requirements]);
  if (!pip.ok) {
    rmSync(venvDir, { recursive: true, force: true });
    throw new Error(`installing Schemathesis failed:\n${pip.out.slice(-3000)}`);
  }
  writeFileSync(marker, `${wanted}\n`);
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
