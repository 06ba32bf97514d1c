// A Python virtualenv of the project's own, in the cache dir (outside the repo, so fresh clones reuse it), holding
// what a requirements file pins and rebuilt when that file changes. Plain Node with built-ins only: ensure-deps runs
// it before npm install.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { which } from './install.mjs';

const say = (/** @type {string} */ line) => process.stderr.write(`${line}\n`);

/**
 * @param {string} command
 * @param {string[]} args
 */
function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  return { ok: result.status === 0, out: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/**
 * Makes sure `dir` is a virtualenv with `requirements` installed (pip's `extraArgs` added), unless `ready` (a file the
 * install leaves) exists and the requirements have not changed since. `what` names it in messages.
 * @param {{ dir: string, requirements: string, ready: string, what: string, extraArgs?: string[] }} options
 * @returns {boolean} whether it installed
 */
export function ensureVenv({ dir, requirements, ready, what, extraArgs = [] }) {
  const marker = join(dir, '.meydan-requirements');
  const wanted = createHash('sha256').update(readFileSync(requirements)).digest('hex');
  if (existsSync(ready) && existsSync(marker) && readFileSync(marker, 'utf8').trim() === wanted) return false;

  const python = which('python3');
  if (!python)
    throw new Error(`python3 is missing: install it (e.g. apt-get install python3 python3-venv) for ${what}`);
  say(`installing ${what} into ${dir} (first run only)…`);
  rmSync(dir, { recursive: true, force: true });
  const venv = run(python, ['-m', 'venv', dir]);
  if (!venv.ok)
    throw new Error(`python3 -m venv failed (on Debian: apt-get install python3-venv):\n${venv.out.slice(-2000)}`);
  const pip = run(join(dir, 'bin', 'python'), [
    '-m',
    'pip',
    'install',
    '--disable-pip-version-check',
    '--no-input',
    ...extraArgs,
    '-r',
    requirements,
  ]);
  if (!pip.ok) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`installing ${what} failed:\n${pip.out.slice(-3000)}`);
  }
  writeFileSync(marker, `${wanted}\n`);
  return true;
}
