// Installs the tools the tests, the benches and the chaos runs use, once, into the cache: k6, kubeconform with the
// Kubernetes JSON schemas it validates the rendered manifests against (from the PyPI package kubernetes-validate, in a
// virtualenv of the project's own), and Schemathesis (the OpenAPI fuzzer, from PyPI, in a virtualenv of its own).
// The virtualenvs live in the cache dir (outside the repo, so fresh clones reuse them) and are rebuilt when their
// requirements file here changes. Plain Node with built-ins only: ensure-deps runs it before npm install.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir, which } from './install.mjs';
import { ensureVenv } from './venv.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const KUBECONFORM_VERSION = 'v0.8.0';
const K6_MODULE = 'go.k6.io/k6';
const K6_VERSION = 'v1.3.0';
/**
 * The Kubernetes versions the manifests must be valid for: the oldest whose API has everything they use (the preStop
 * `sleep` action is 1.30's) and the newest the schemas package has.
 */
export const KUBERNETES_VERSIONS = ['1.30.0', '1.37.0'];
const schemasRequirements = join(here, 'k8s-schemas-requirements.txt');
const schemasVenv = join(cacheDir, 'venv-k8s-schemas');
const schemathesisRequirements = join(here, 'schemathesis-requirements.txt');

/** Schemathesis's virtualenv: MEYDAN_VENV, else ~/.cache/meydan/venv. */
export const venvDir = process.env.MEYDAN_VENV || join(cacheDir, 'venv');

/** The path of the `schemathesis` CLI, installing it first when the venv is missing or its pins changed. */
export function ensureSchemathesis() {
  const cli = join(venvDir, 'bin', 'schemathesis');
  ensureVenv({ dir: venvDir, requirements: schemathesisRequirements, ready: cli, what: 'Schemathesis' });
  return cli;
}

/** kubeconform, installed with `go install` into the cache once. */
export function ensureKubeconform() {
  const binary = join(cacheDir, 'bin', `kubeconform-${KUBECONFORM_VERSION}`);
  if (existsSync(binary)) return binary;
  const goBin = which('go');
  if (!goBin) throw new Error('Go is needed to install kubeconform (the manifest validator)');
  mkdirSync(dirname(binary), { recursive: true });
  const gobin = mkdtempSync(join(dirname(binary), '.kubeconform-'));
  try {
    const result = spawnSync(
      goBin,
      ['install', `github.com/yannh/kubeconform/cmd/kubeconform@${KUBECONFORM_VERSION}`],
      {
        encoding: 'utf8',
        env: { ...process.env, GOBIN: gobin, GOFLAGS: '' },
      },
    );
    if (result.status !== 0) throw new Error(`go install kubeconform failed:\n${result.stdout}${result.stderr}`);
    renameSync(join(gobin, 'kubeconform'), binary);
  } finally {
    rmSync(gobin, { recursive: true, force: true });
  }
  return binary;
}

/**
 * The strict Kubernetes JSON schemas of each of KUBERNETES_VERSIONS, as a folder kubeconform reads
 * (`<kind>[-<group>]-<version>.json`): kubernetes-validate's, whose `$ref`s into `/api/_definitions.json` are rewritten to
 * that file's path (kubeconform resolves no server-relative reference).
 */
export function ensureKubeSchemas() {
  const sitePackages = () => {
    const lib = join(schemasVenv, 'lib');
    const python = existsSync(lib) ? readdirSync(lib).find((d) => d.startsWith('python3')) : undefined;
    return python
      ? join(lib, python, 'site-packages', 'kubernetes_validate', 'kubernetes-json-schema')
      : join(lib, 'missing');
  };
  ensureVenv({
    dir: schemasVenv,
    requirements: schemasRequirements,
    ready: sitePackages(),
    what: 'the Kubernetes JSON schemas (kubernetes-validate)',
    extraArgs: ['--no-deps'],
  });
  const source = sitePackages();
  const pins = createHash('sha256').update(readFileSync(schemasRequirements)).digest('hex').slice(0, 12);
  /** @type {Record<string, string>} */
  const folders = {};
  for (const version of KUBERNETES_VERSIONS) {
    const out = join(cacheDir, 'k8s-schemas', `${pins}-v${version}-strict`);
    folders[version] = out;
    if (existsSync(join(out, '.complete'))) continue;
    const from = join(source, `v${version}-local-strict`);
    if (!existsSync(from)) throw new Error(`kubernetes-validate has no schemas for Kubernetes ${version}`);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    const definitions = `"file://${join(out, '_definitions.json')}#`;
    for (const file of readdirSync(from).filter((f) => f.endsWith('.json'))) {
      writeFileSync(
        join(out, file),
        readFileSync(join(from, file), 'utf8').replaceAll('"/api/_definitions.json#', definitions),
      );
    }
    writeFileSync(join(out, '.complete'), '');
  }
  return folders;
}

/** k6 built from the Go module proxy (`go install …@version` is refused by the proxy's listing here). */
export function ensureK6() {
  const binary = join(cacheDir, 'bin', `k6-${K6_VERSION}`);
  if (existsSync(binary)) return binary;
  const go = which('go');
  if (!go) throw new Error('k6 is missing and Go is not installed: install Go 1.22+');
  process.stdout.write(`building k6 ${K6_VERSION} with Go (first run only, a few minutes)…\n`);
  const dl = spawnSync(go, ['mod', 'download', '-json', `${K6_MODULE}@${K6_VERSION}`], { encoding: 'utf8' });
  if (dl.status !== 0) throw new Error(`go mod download ${K6_MODULE}@${K6_VERSION} failed:\n${dl.stdout}${dl.stderr}`);
  const moduleDir = JSON.parse(dl.stdout.slice(dl.stdout.indexOf('{'))).Dir;
  const src = join(tmpdir(), `meydan-k6-src-${process.pid}`);
  rmSync(src, { recursive: true, force: true });
  cpSync(moduleDir, src, { recursive: true });
  spawnSync('chmod', ['-R', 'u+w', src]);
  mkdirSync(join(cacheDir, 'bin'), { recursive: true });
  // The module zip has vendor/modules.txt but no vendored code: build in module mode. Built beside the binary and
  // renamed into place: another process asking at the same time never runs a half-written file.
  const partial = `${binary}.${process.pid}.partial`;
  const build = spawnSync(go, ['build', '-mod=mod', '-trimpath', '-o', partial, '.'], { cwd: src, encoding: 'utf8' });
  rmSync(src, { recursive: true, force: true });
  if (build.status !== 0) {
    rmSync(partial, { force: true });
    throw new Error(`building k6 failed:\n${(build.stdout + build.stderr).slice(-3000)}`);
  }
  chmodSync(partial, 0o755);
  renameSync(partial, binary);
  return binary;
}
