// Builds the offline renderers the deployment test uses, once, into the cache: compose-check (this folder's Go
// program on compose-go, what `docker compose config` runs) and kustomize (when kubectl is not installed). kubeconform
// and the Kubernetes JSON schemas come from ../local/ensure-tools.mjs.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir, which } from '../local/install.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const KUSTOMIZE_VERSION = 'v5.5.0';

/**
 * @param {string[]} args
 * @param {string} [cwd]
 */
function go(args, cwd) {
  const goBin = which('go');
  if (!goBin) throw new Error('Go is needed to build the deployment validators');
  const result = spawnSync(goBin, args, { cwd, encoding: 'utf8', env: { ...process.env, GOFLAGS: '-mod=mod' } });
  if (result.status !== 0) throw new Error(`go ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** The compose-check binary, rebuilt when its sources change. */
export function ensureComposeCheck() {
  const src = join(here, 'compose-check');
  const hash = createHash('sha256');
  for (const f of ['main.go', 'go.mod', 'go.sum']) hash.update(readFileSync(join(src, f)));
  const binary = join(cacheDir, 'bin', `compose-check-${hash.digest('hex').slice(0, 12)}`);
  if (!existsSync(binary)) {
    mkdirSync(dirname(binary), { recursive: true });
    go(['build', '-o', binary, '.'], src);
  }
  return binary;
}

/**
 * A command that renders a kustomization: `kubectl kustomize`, `kustomize build`, or kustomize built with Go.
 * @returns {[string, string]}
 */
export function ensureKustomize() {
  const kubectl = which('kubectl');
  if (kubectl) return [kubectl, 'kustomize'];
  const kustomize = which('kustomize');
  if (kustomize) return [kustomize, 'build'];
  const binary = join(cacheDir, 'bin', `kustomize-${KUSTOMIZE_VERSION}`);
  if (!existsSync(binary)) {
    const download = go(['mod', 'download', '-json', `sigs.k8s.io/kustomize/kustomize/v5@${KUSTOMIZE_VERSION}`]);
    const dir = JSON.parse(download.slice(download.indexOf('{'))).Dir;
    mkdirSync(dirname(binary), { recursive: true });
    go(['build', '-o', binary, '.'], dir);
  }
  return [binary, 'build'];
}
