// Writes the JSON schemas kubeconform validates the manifests' custom resources against (Gateway API's Gateway and
// HTTPRoute, the Prometheus operator's PodMonitor, ServiceMonitor and PrometheusRule), from the CustomResourceDefinitions
// in those projects' Go modules (fetched through the Go module proxy: no other network is needed). Run it again after
// changing a version below:
//   node deploy/k8s/crd-schemas/generate.mjs
// Each schema is `<group>/<kind>_<version>.json` (kubeconform's
// `-schema-location '…/crd-schemas/{{ .Group }}/{{ .ResourceKind }}_{{ .ResourceAPIVersion }}.json'`), made strict as
// kubeconform's own openapi2jsonschema does: an object that lists its properties admits no other.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));

/** The modules, and the CRD files in each that define the kinds Meydan's manifests use. */
export const SOURCES = [
  {
    module: 'sigs.k8s.io/gateway-api',
    version: 'v1.6.3',
    files: ['config/crd/standard/gateway.networking.k8s.io_gateways.yaml', 'config/crd/standard/gateway.networking.k8s.io_httproutes.yaml'],
  },
  {
    module: 'github.com/prometheus-operator/prometheus-operator',
    version: 'v0.85.0',
    files: [
      'example/prometheus-operator-crd/monitoring.coreos.com_podmonitors.yaml',
      'example/prometheus-operator-crd/monitoring.coreos.com_servicemonitors.yaml',
      'example/prometheus-operator-crd/monitoring.coreos.com_prometheusrules.yaml',
    ],
  },
];

/**
 * The module's folder in Go's module cache, downloaded through the proxy when missing.
 * @param {string} module
 * @param {string} version
 * @returns {string}
 */
function moduleDir(module, version) {
  const run = spawnSync('go', ['mod', 'download', '-json', `${module}@${version}`], { encoding: 'utf8', env: { ...process.env, GOFLAGS: '-mod=mod' } });
  const info = run.stdout ? JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) : {};
  if (run.status !== 0 || !info.Dir) throw new Error(`go mod download ${module}@${version} failed:\n${info.Error ?? ''}${run.stderr}`);
  return info.Dir;
}

/**
 * The schema made strict: every object with listed properties and no rule of its own for others admits none.
 * @param {unknown} schema
 * @returns {unknown}
 */
export function strict(schema) {
  if (Array.isArray(schema)) return schema.map(strict);
  if (!schema || typeof schema !== 'object') return schema;
  const out = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, strict(value)]));
  if (out.properties && out.additionalProperties === undefined && !out['x-kubernetes-preserve-unknown-fields']) out.additionalProperties = false;
  return out;
}

/**
 * @typedef {{ spec: { group: string, names: { kind: string }, versions: { name: string, served: boolean, schema: { openAPIV3Schema: unknown } }[] } }} CustomResourceDefinition
 */
/**
 * Every served version of the CRD as `[path, schema]`, the path relative to this folder.
 * @param {CustomResourceDefinition} crd
 * @returns {[string, unknown][]}
 */
export function schemasOf(crd) {
  const { group, names } = crd.spec;
  return crd.spec.versions
    .filter((v) => v.served)
    .map((v) => [join(group, `${names.kind.toLowerCase()}_${v.name}.json`), strict(v.schema.openAPIV3Schema)]);
}

/** Every schema the pinned CRDs give, as `{ path, text, from }` (path relative to this folder; text as written). */
export function generate() {
  /** @type {{ path: string, text: string, from: string }[]} */
  const schemas = [];
  for (const { module, version, files } of SOURCES) {
    const dir = moduleDir(module, version);
    for (const file of files) {
      for (const doc of parseAllDocuments(readFileSync(join(dir, file), 'utf8'))) {
        const crd = doc.toJSON();
        if (crd?.kind !== 'CustomResourceDefinition') continue;
        for (const [path, schema] of schemasOf(crd)) schemas.push({ path, text: `${JSON.stringify(schema)}\n`, from: `${module}@${version}` });
      }
    }
  }
  return schemas;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const schemas = generate();
  // Each group's folder is written afresh: a version no longer served leaves no schema behind.
  for (const group of new Set(schemas.map((s) => dirname(s.path)))) rmSync(join(here, group), { recursive: true, force: true });
  for (const { path, text, from } of schemas) {
    mkdirSync(dirname(join(here, path)), { recursive: true });
    writeFileSync(join(here, path), text);
    process.stdout.write(`${path} (${from})\n`);
  }
}
