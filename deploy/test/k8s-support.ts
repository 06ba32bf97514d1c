/** What the Kubernetes checks share: rendering an overlay offline, and where kubeconform finds the CRDs' schemas. */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { ensureKustomize } from '../tools/manifest-tools.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * kubeconform's `-schema-location` for the custom resources (Gateway API, Prometheus operator): the JSON schemas
 * vendored in deploy/k8s/crd-schemas by its generate.mjs.
 */
export const CRD_SCHEMAS = `${root}deploy/k8s/crd-schemas/{{ .Group }}/{{ .ResourceKind }}_{{ .ResourceAPIVersion }}.json`;

/**
 * A parsed YAML or JSON document (a manifest's spec, a compose project, skaffold.yaml), read field by field: the checks
 * themselves say what shape they expect, and fail when it is not there.
 */
// biome-ignore lint/suspicious/noExplicitAny: parsed YAML, navigated by the tests that assert its shape
export type Yaml = any;

export type K8s = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Yaml;
  data?: Record<string, string>;
};

/**
 * An overlay as kustomize renders it, from a copy of deploy/k8s in which each git-ignored secrets file the overlay's
 * secretGenerator names holds a made-up value (these checks read no secret; deploy.test.ts checks the Secrets).
 */
export function renderOverlayYaml(overlay: string): string {
  const [cmd, verb] = ensureKustomize();
  const copy = mkdtempSync(join(tmpdir(), 'meydan-k8s-ops-'));
  try {
    cpSync(`${root}deploy/k8s`, copy, {
      recursive: true,
      filter: (src) => !src.endsWith('secrets.env') && !src.endsWith('secret.env'),
    });
    const dir = join(copy, 'overlays', overlay);
    const kustomization = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8'));
    for (const generator of kustomization.secretGenerator ?? []) {
      for (const file of generator.envs ?? []) writeFileSync(join(dir, file), 'MADE_UP=made-up-value\n');
    }
    return execFileSync(cmd, [verb, dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

export const renderOverlay = (overlay: string): K8s[] =>
  parseAllDocuments(renderOverlayYaml(overlay)).map((d) => d.toJSON() as K8s);

/** Whether a label selector (matchLabels, matchExpressions with In / NotIn / Exists) selects these labels. */
export function selects(
  selector: {
    matchLabels?: Record<string, string>;
    matchExpressions?: { key: string; operator: string; values?: string[] }[];
  },
  labels: Record<string, string>,
): boolean {
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
  const byExpression = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    if (operator === 'In') return key in labels && values.includes(labels[key]!);
    if (operator === 'NotIn') return !(key in labels) || !values.includes(labels[key]!);
    if (operator === 'Exists') return key in labels;
    if (operator === 'DoesNotExist') return !(key in labels);
    throw new Error(`unknown selector operator ${operator}`);
  });
  return byLabel && byExpression;
}

/** The workloads' pod templates: Deployments, StatefulSets and Jobs. */
export const podTemplates = (docs: K8s[]) =>
  docs
    .filter((d) => ['Deployment', 'StatefulSet', 'Job'].includes(d.kind))
    .map((d) => ({ workload: d, pod: d.spec.template }));
