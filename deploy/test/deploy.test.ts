/**
 * The deployment files, checked offline: docker-compose.yml loaded by compose-go (as `docker compose config`
 * does), both kustomize overlays rendered, skaffold.yaml and the Dockerfile kept in step with the workspaces, and the
 * memory settings (deploy/local/node-runtime.mjs) carried by the image and left alone by compose and the manifests.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceNames } from '@meydan/proto';
import { ConfigError, loadConfig } from '@meydan/kit';
import { trustProxyOption } from '../../gateway/src/config.js';
import { authConfigSchema } from '../../services/auth/src/config.js';
import { defaultMetricsPorts } from '../../services/kit/src/metrics.js';
import { KUBERNETES_VERSIONS, ensureComposeCheck, ensureKubeSchemas, ensureKubeconform, ensureKustomize } from '../tools/ensure-tools.mjs';
import { RUNTIME_ENV, RUNTIME_NODE_OPTIONS } from '../local/node-runtime.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const apps = ['gateway', ...serviceNames];
const workspaceOf = (app: string) => (app === 'gateway' ? 'gateway' : `services/${app}`);

type K8s = {
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: any;
  data?: Record<string, string>;
};

/** The memory settings as the image must carry them: the same values as local processes get. */
const runtimeSettings: Record<string, string> = { ...RUNTIME_ENV, NODE_OPTIONS: RUNTIME_NODE_OPTIONS.join(' ') };

/** An environment may leave a memory setting to the image, or repeat the image's value; never replace it. */
function expectRuntimeKept(env: Record<string, unknown> | undefined, where: string) {
  for (const [key, value] of Object.entries(runtimeSettings)) {
    if (env?.[key] !== undefined) expect(String(env[key]), `${where} ${key}`).toBe(value);
  }
}

/** The ENV variables of the Dockerfile's last stage (the image that runs), quotes removed. */
function imageEnv(dockerfile: string): Record<string, string> {
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const [, line] of lastStage.matchAll(/^ENV (.+)$/gm)) {
    for (const [, key, quoted, bare] of line!.matchAll(/([A-Z_][A-Z0-9_]*)=(?:"([^"]*)"|(\S*))/g)) env[key!] = quoted ?? bare!;
  }
  return env;
}

/** What a user puts in the git-ignored deploy/k8s/overlays/local/secrets.env (made up here). */
const LOCAL_SECRETS = { INTERNAL_SECRET: 'b'.repeat(64), ADMIN_EMAIL: 'admin@meydan.local', ADMIN_PASSWORD: 'yerel-kume-sifresi' };

/**
 * Renders an overlay from a copy of deploy/k8s, so the local overlay's git-ignored secrets.env is the test's (written
 * unless `secretsEnv` is null), never the developer's own. Throws kustomize's error.
 */
function render(overlay: string, secretsEnv: Record<string, string> | null = LOCAL_SECRETS): K8s[] {
  return parseAllDocuments(renderYaml(overlay, secretsEnv)).map((d) => d.toJSON() as K8s);
}

/** The overlay's YAML as kustomize prints it, rendered as `render` does. */
function renderYaml(overlay: string, secretsEnv: Record<string, string> | null = LOCAL_SECRETS): string {
  const [cmd, verb] = ensureKustomize();
  const copy = mkdtempSync(join(tmpdir(), 'meydan-k8s-'));
  try {
    cpSync(`${root}deploy/k8s`, copy, { recursive: true, filter: (src) => !src.endsWith('secrets.env') });
    if (overlay === 'local' && secretsEnv) {
      writeFileSync(join(copy, 'overlays/local/secrets.env'), Object.entries(secretsEnv).map(([k, v]) => `${k}=${v}\n`).join(''));
    }
    return execFileSync(cmd, [verb, join(copy, 'overlays', overlay)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The two variables docker-compose.yml requires (made up here; a user keeps theirs in .env). */
const COMPOSE_SECRETS = { INTERNAL_SECRET: 'a'.repeat(64), ADMIN_PASSWORD: 'compose-sifresi-123' };
const composeCheck = (env: Record<string, string>, file = `${root}docker-compose.yml`) => {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['INTERNAL_SECRET', 'ADMIN_PASSWORD'].includes(k)));
  return spawnSync(ensureComposeCheck(), [file], { encoding: 'utf8', cwd: root, env: { ...clean, ...env } });
};

describe('docker-compose.yml', () => {
  let project: { services: Record<string, any> };
  beforeAll(() => {
    const run = composeCheck(COMPOSE_SECRETS);
    expect(run.status, run.stderr).toBe(0);
    project = JSON.parse(run.stdout);
  }, 180_000);

  it('does not start without a secret and an administrator password of the user’s own, and says which is missing', () => {
    const run = composeCheck({});
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('required variable INTERNAL_SECRET is missing a value: set INTERNAL_SECRET (at least 16 characters) in .env');
    expect(run.stderr).toContain('required variable ADMIN_PASSWORD is missing a value');
    // What the user set is what every process gets: no value of the file's own.
    for (const app of apps) expect(project.services[app].environment['INTERNAL_SECRET'], app).toBe(COMPOSE_SECRETS.INTERNAL_SECRET);
    expect(project.services['auth'].environment['ADMIN_PASSWORD']).toBe(COMPOSE_SECRETS.ADMIN_PASSWORD);
    const text = readFileSync(`${root}docker-compose.yml`, 'utf8');
    expect(text).not.toMatch(/INTERNAL_SECRET:-|ADMIN_PASSWORD:-|meydan-admin/);
  });

  it('runs the six services, the gateway and their servers', () => {
    expect(Object.keys(project.services).sort()).toEqual([...apps, 'nats', 'redis', 'mongo', 'maildev'].sort());
  });

  it('builds every app from the one Dockerfile with an existing workspace', () => {
    for (const app of apps) {
      const build = project.services[app].build;
      expect(build.dockerfile, app).toBe('deploy/docker/Dockerfile');
      expect(build.args.WORKSPACE, app).toBe(workspaceOf(app));
      expect(existsSync(`${root}${workspaceOf(app)}/src/main.ts`), app).toBe(true);
    }
  });

  it('publishes only the gateway, and the mail inbox (every reset link) to this machine alone', () => {
    const published = Object.entries(project.services)
      .filter(([, s]) => s.ports?.length)
      .map(([name, s]) => `${name}:${s.ports.map((p: { published: string; host_ip?: string }) => `${p.host_ip ?? '*'}:${p.published}`).join(',')}`);
    expect(published.sort()).toEqual(['gateway:*:8080', 'maildev:127.0.0.1:1080']);
  });

  it('gives every app its servers and the gateway every service address', () => {
    for (const app of apps) {
      const env = project.services[app].environment;
      for (const key of ['NATS_URL', 'REDIS_URL', 'MONGO_URL', 'INTERNAL_SECRET', 'SMTP_URL']) expect(env[key], `${app} ${key}`).toBeTruthy();
    }
    const gatewayEnv = project.services['gateway'].environment;
    for (const service of serviceNames) expect(gatewayEnv[`${service.toUpperCase()}_URL`]).toBe(`http://${service}:8080`);
    // The gateway is reached directly here, with no proxy in front: nothing may claim another client IP.
    expect(gatewayEnv['TRUST_PROXY'] ?? 'false').not.toBe('true');
  });

  it('leaves the memory settings to the image', () => {
    for (const app of apps) expectRuntimeKept(project.services[app].environment, app);
  });

  it('is validated against the compose specification: a misspelt key stops it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'meydan-compose-'));
    try {
      const file = join(dir, 'docker-compose.yml');
      writeFileSync(file, readFileSync(`${root}docker-compose.yml`, 'utf8').replace(/^(  gateway:\n)/m, '$1    restartt: always\n'));
      expect(readFileSync(file, 'utf8')).toContain('restartt');
      // With the secrets the file requires, so that the misspelt key is what stops it.
      const run = composeCheck(COMPOSE_SECRETS, file);
      expect(run.status).not.toBe(0);
      expect(run.stderr).toMatch(/restartt/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Kubernetes overlays', () => {
  const overlays: Record<string, K8s[]> = {};
  beforeAll(() => {
    overlays['local'] = render('local');
    overlays['production'] = render('production');
  }, 300_000);

  it.each(['local', 'production'])('%s: every app is a hardened Deployment with probes, limits and a Service', (overlay) => {
    const docs = overlays[overlay]!;
    for (const app of apps) {
      const deployment = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === app);
      expect(deployment, app).toBeDefined();
      const pod = deployment!.spec.template.spec;
      const [container] = pod.containers;
      expect(container.readinessProbe.httpGet.path, app).toBe('/readyz');
      expect(container.livenessProbe.httpGet.path, app).toBe('/healthz');
      expect(container.resources.requests.cpu, app).toBeTruthy();
      expect(container.resources.limits.memory, app).toBeTruthy();
      expect(pod.securityContext.runAsNonRoot, app).toBe(true);
      expect(container.securityContext.readOnlyRootFilesystem, app).toBe(true);
      // A generated Secret carries a content hash suffix, and kustomize rewrites the references to it.
      const sources = container.envFrom.map((e: any) => (e.configMapRef?.name ?? e.secretRef?.name).replace(/-[a-z0-9]{10}$/, ''));
      expect(sources).toEqual(['meydan-config', 'meydan-secrets']);
      const service = docs.find((d) => d.kind === 'Service' && d.metadata.name === app);
      expect(service!.spec.ports[0].port, app).toBe(8080);
      expect(deployment!.metadata.namespace, app).toBe('meydan');
    }
  });

  it.each(['local', 'production'])('%s: only the gateway is exposed; services accept HTTP only from it', (overlay) => {
    const docs = overlays[overlay]!;
    const ingresses = docs.filter((d) => d.kind === 'Ingress');
    expect(ingresses).toHaveLength(1);
    expect(ingresses[0]!.spec.rules[0].http.paths[0].backend.service.name).toBe('gateway');
    const policies = Object.fromEntries(docs.filter((d) => d.kind === 'NetworkPolicy').map((d) => [d.metadata.name, d.spec]));
    expect(policies['default-deny-ingress']).toEqual({ podSelector: {}, policyTypes: ['Ingress'] });
    expect(policies['services-from-gateway'].podSelector.matchLabels).toEqual({ tier: 'service' });
    expect(policies['services-from-gateway'].ingress[0].from[0].podSelector.matchLabels).toEqual({ app: 'gateway' });
    for (const app of serviceNames) {
      const d = docs.find((x) => x.kind === 'Deployment' && x.metadata.name === app)!;
      expect(d.spec.template.metadata.labels.tier, app).toBe('service');
    }
  });

  it.each(['local', 'production'])('%s: the gateway trusts X-Forwarded-For only from named proxies, never from anyone', (overlay) => {
    const config = overlays[overlay]!.find((d) => d.kind === 'ConfigMap' && d.metadata.name.startsWith('meydan-config'))!;
    const trustProxy = config.data!['TRUST_PROXY'];
    expect(trustProxy).toBeDefined();
    expect(trustProxy!.trim().toLowerCase()).not.toBe('true');
    expect(trustProxyOption(trustProxy!)).not.toBe(false);
    for (const doc of overlays[overlay]!) {
      for (const container of doc.spec?.template?.spec?.containers ?? []) {
        for (const env of container.env ?? []) if (env.name === 'TRUST_PROXY') expect(env.value, doc.metadata.name).not.toBe('true');
      }
    }
  });

  it.each(['local', 'production'])('%s: no Deployment or ConfigMap replaces the image’s memory settings', (overlay) => {
    for (const doc of overlays[overlay]!) {
      if (doc.kind === 'ConfigMap') expectRuntimeKept(doc.data, doc.metadata.name);
      for (const container of doc.spec?.template?.spec?.containers ?? []) {
        const env = Object.fromEntries((container.env ?? []).map((e: { name: string; value?: string }) => [e.name, e.value ?? '(from a reference)']));
        expectRuntimeKept(env, `${doc.metadata.name}/${container.name}`);
      }
    }
  });

  it.each(['local', 'production'])('%s: Prometheus scrapes every process on its metrics port, and may reach it', (overlay) => {
    const docs = overlays[overlay]!;
    for (const app of apps) {
      const pod = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === app)!.spec.template;
      const port = defaultMetricsPorts[app as keyof typeof defaultMetricsPorts];
      expect(pod.metadata.annotations, app).toEqual({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(port), 'prometheus.io/path': '/metrics' });
      expect(pod.spec.containers[0].ports, app).toContainEqual({ name: 'metrics', containerPort: port });
      // The Service (what the ingress reaches) never carries the metrics port.
      const service = docs.find((d) => d.kind === 'Service' && d.metadata.name === app)!;
      expect(service.spec.ports.map((p: { port: number }) => p.port), app).toEqual([8080]);
    }
    const policy = docs.find((d) => d.kind === 'NetworkPolicy' && d.metadata.name === 'metrics-from-monitoring')!;
    expect(policy.spec.podSelector.matchExpressions[0].values.sort()).toEqual([...apps].sort());
    const [range] = policy.spec.ingress[0].ports;
    expect([range.port, range.endPort]).toEqual([Math.min(...Object.values(defaultMetricsPorts)), Math.max(...Object.values(defaultMetricsPorts))]);
    const dashboard = docs.find((d) => d.kind === 'ConfigMap' && d.metadata.name.startsWith('meydan-grafana-dashboard'))!;
    expect(dashboard.metadata.labels?.['grafana_dashboard']).toBe('1');
    expect(JSON.parse(dashboard.data!['meydan.json']!).uid).toBe('meydan-overview');
  });

  it('the votes-autoscaling component scales polls on votes per second beside CPU', () => {
    const dir = mkdtempSync(join(tmpdir(), 'meydan-kustomize-'));
    try {
      const rel = relative(dir, `${root}deploy/k8s`);
      writeFileSync(join(dir, 'kustomization.yaml'), `resources: [${rel}/overlays/production]\ncomponents: [${rel}/components/votes-autoscaling]\n`);
      const [cmd, verb] = ensureKustomize();
      const docs = parseAllDocuments(execFileSync(cmd, [verb, dir], { encoding: 'utf8' })).map((d) => d.toJSON() as K8s);
      const hpa = docs.find((d) => d.kind === 'HorizontalPodAutoscaler' && d.metadata.name === 'polls')!;
      expect(hpa.spec.metrics.map((m: { type: string }) => m.type)).toEqual(['Resource', 'Pods']);
      expect(hpa.spec.metrics[1].pods.metric.name).toBe('meydan_votes_accepted_per_second');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** kubeconform's verdict on YAML documents, for one Kubernetes version's strict schemas. */
  const kubeconform = (yaml: string, version: string) => {
    const schemas = ensureKubeSchemas()[version]!;
    const run = spawnSync(
      ensureKubeconform(),
      ['-strict', '-verbose', '-output', 'json', '-schema-location', `${schemas}/{{ .ResourceKind }}{{ .KindSuffix }}.json`, '-'],
      { input: yaml, encoding: 'utf8' },
    );
    const report = JSON.parse(run.stdout) as { resources: { kind: string; name: string; status: string; msg: string }[] };
    // In the order of the documents' names (kubeconform validates in parallel).
    return { exitCode: run.status, resources: report.resources.sort((a, b) => a.name.localeCompare(b.name)) };
  };
  const rendered = (dir: string) => {
    const [cmd, verb] = ensureKustomize();
    return execFileSync(cmd, [verb, dir], { encoding: 'utf8' });
  };

  it.each(KUBERNETES_VERSIONS)('every overlay is valid for Kubernetes %s (kubeconform, strict schemas)', (version) => {
    const dir = mkdtempSync(join(tmpdir(), 'meydan-kustomize-'));
    const rel = relative(dir, `${root}deploy/k8s`);
    writeFileSync(join(dir, 'kustomization.yaml'), `resources: [${rel}/overlays/production]\ncomponents: [${rel}/components/votes-autoscaling]\n`);
    const withComponent = rendered(dir);
    rmSync(dir, { recursive: true, force: true });
    // The local overlay with the test's secrets.env, as the other checks render it.
    const overlaysYaml = ['local', 'production'].map((o) => renderYaml(o));
    // One run for all (kubeconform compiles each kind's schema once per run).
    const { exitCode, resources } = kubeconform([...overlaysYaml, withComponent].join('\n---\n'), version);
    expect(resources.filter((r) => r.status !== 'statusValid').map((r) => `${r.kind} ${r.name}: ${r.msg}`)).toEqual([]);
    expect(resources.length).toBe([...overlaysYaml, withComponent].reduce((n, y) => n + parseAllDocuments(y).length, 0));
    expect(exitCode).toBe(0);
  }, 300_000);

  it('kubeconform refuses a misspelt field, a wrong type and an unknown kind', () => {
    const deployment = overlays['production']!.find((d) => d.kind === 'Deployment' && d.metadata.name === 'auth')!;
    const typo = structuredClone(deployment);
    typo.spec.replica = 3;
    const wrongType = structuredClone(deployment);
    wrongType.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    typo.metadata.name = 'a-typo';
    wrongType.metadata.name = 'b-wrong-type';
    const unknown = { apiVersion: 'v1', kind: 'Pdo', metadata: { name: 'c-unknown' } };
    const { exitCode, resources } = kubeconform([typo, wrongType, unknown].map((d) => stringify(d)).join('---\n'), KUBERNETES_VERSIONS[0]!);
    expect(exitCode).not.toBe(0);
    expect(resources.map((r) => r.status)).toEqual(['statusInvalid', 'statusInvalid', 'statusError']);
    expect(resources[0]!.msg).toMatch(/replica/);
    expect(resources[1]!.msg).toMatch(/containerPort/);
  });

  it.each(['local', 'production'])('%s: autoscaled Deployments leave their count to the HPA; every app spreads over nodes', (overlay) => {
    const docs = overlays[overlay]!;
    const autoscaled = docs.filter((d) => d.kind === 'HorizontalPodAutoscaler').map((d) => d.spec.scaleTargetRef.name);
    expect(autoscaled.sort()).toEqual(['gateway', 'notifications', 'polls']);
    for (const app of apps) {
      const deployment = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === app)!;
      if (autoscaled.includes(app)) expect(deployment.spec.replicas, app).toBeUndefined();
      else expect(deployment.spec.replicas, app).toBe(overlay === 'local' ? 1 : 2);
      const spread = deployment.spec.template.spec.topologySpreadConstraints;
      expect(spread.map((c: { topologyKey: string }) => c.topologyKey), app).toEqual(['kubernetes.io/hostname', 'topology.kubernetes.io/zone']);
      for (const c of spread) expect(c.labelSelector.matchLabels, app).toEqual({ app });
    }
  });

  it.each(['local', 'production'])('%s: the ConfigMap is generated (a change rolls the pods) and the Ingress names its class', (overlay) => {
    const docs = overlays[overlay]!;
    const config = docs.find((d) => d.kind === 'ConfigMap' && d.metadata.name.startsWith('meydan-config'))!;
    expect(config.metadata.name).toMatch(/^meydan-config-[a-z0-9]{10}$/);
    for (const app of apps) {
      const deployment = docs.find((d) => d.kind === 'Deployment' && d.metadata.name === app)!;
      expect(deployment.spec.template.spec.containers[0].envFrom[0].configMapRef.name, app).toBe(config.metadata.name);
    }
    expect(docs.find((d) => d.kind === 'Ingress')!.spec.ingressClassName).toBe('nginx');
  });

  it('local: brings its own servers and a Secret made from the user’s git-ignored secrets.env', () => {
    const docs = overlays['local']!;
    for (const name of ['nats', 'redis', 'mongo']) expect(docs.some((d) => d.kind === 'StatefulSet' && d.metadata.name === name), name).toBe(true);
    const secret = docs.find((d) => d.kind === 'Secret' && d.metadata.name.startsWith('meydan-secrets'))!;
    const values = Object.fromEntries(Object.entries(secret.data!).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]));
    expect(values).toEqual(LOCAL_SECRETS);
  });

  it('local: renders nothing without secrets.env, naming the file; the file is git-ignored', () => {
    expect(() => render('local', null)).toThrow(/secrets\.env/);
    expect(readFileSync(`${root}.gitignore`, 'utf8').split('\n')).toContain('deploy/k8s/overlays/local/secrets.env');
  });

  it('commits no secret value under deploy/k8s', () => {
    const files = readdirSync(`${root}deploy/k8s`, { recursive: true, encoding: 'utf8' }).filter((f) => /\.ya?ml$/.test(f));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(`${root}deploy/k8s/${file}`, 'utf8');
      // A line that gives INTERNAL_SECRET or ADMIN_PASSWORD a value, other than a comment showing how to make one.
      const assigned = text.split('\n').filter((line) => !line.trim().startsWith('#') && /(INTERNAL_SECRET|ADMIN_PASSWORD)\s*[:=]/.test(line));
      expect(assigned, file).toEqual([]);
      expect(text, file).not.toContain('meydan-admin');
    }
  });

  it('production: no secret in the manifests, images from the registry, TLS on the public host', () => {
    const docs = overlays['production']!;
    expect(docs.some((d) => d.kind === 'Secret')).toBe(false);
    for (const app of apps) {
      const d = docs.find((x) => x.kind === 'Deployment' && x.metadata.name === app)!;
      expect(d.spec.template.spec.containers[0].image).toBe(`registry.example.com/meydan/${app}:1.0.0`);
    }
    const ingress = docs.find((d) => d.kind === 'Ingress')!;
    expect(ingress.spec.tls[0].hosts).toEqual(['meydan.example.com']);
    expect(docs.find((d) => d.kind === 'ConfigMap')!.data!['PUBLIC_ORIGIN']).toBe('https://meydan.example.com');
  });
});

describe('skaffold.yaml and the Dockerfile', () => {
  it('builds one image per app, with the same workspace as compose', () => {
    const skaffold = parse(readFileSync(`${root}skaffold.yaml`, 'utf8'));
    const artifacts = skaffold.build.artifacts.map((a: any) => [a.image, a.docker.buildArgs.WORKSPACE]);
    expect(artifacts.sort()).toEqual(apps.map((app) => [`meydan/${app}`, workspaceOf(app)]).sort());
    expect(skaffold.manifests.kustomize.paths).toEqual(['deploy/k8s/overlays/local']);
  });

  it('gives the image that runs the memory settings every local process gets', () => {
    const dockerfile = readFileSync(`${root}deploy/docker/Dockerfile`, 'utf8');
    const env = imageEnv(dockerfile);
    for (const [key, value] of Object.entries(runtimeSettings)) expect(env[key], key).toBe(value);
    // A flag on node's command line would win over NODE_OPTIONS: the image starts a plain `node`.
    const cmd = dockerfile.match(/^CMD .*$/gm)!.at(-1)!;
    expect(cmd).toContain('node ${WORKSPACE}/dist/main.js');
    expect(cmd).not.toMatch(/node\s+-/);
  });

  it('runs Node 24 LTS, while the code keeps to what Node 20.19 (the engines minimum, and @types/node) has', () => {
    const dockerfile = readFileSync(`${root}deploy/docker/Dockerfile`, 'utf8');
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
    expect(dockerfile.match(/^FROM .*$/gm)!.filter((line) => !line.includes('${NODE_IMAGE}') && !/^FROM (deps) /.test(line))).toEqual([]);
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
    expect(pkg.engines.node).toBe('>=20.19');
    expect(pkg.devDependencies['@types/node']).toMatch(/^\^20\./);
  });

  it('installs every dependency once, before any build argument, and gives each image only its workspace\'s', () => {
    const dockerfile = readFileSync(`${root}deploy/docker/Dockerfile`, 'utf8');
    const lines = dockerfile.split('\n');
    const installs = lines.filter((l) => /^RUN .*\bnpm ci\b/.test(l));
    expect(installs).toHaveLength(2);
    const [all, own] = installs as [string, string];
    expect(all).not.toMatch(/--omit|--workspace/);
    expect(own).toMatch(/npm ci --omit=dev .*--workspace "\$\{WORKSPACE\}"/);
    // The shared install layer comes before the first use of WORKSPACE: its cache is the same for all seven images.
    const firstArg = lines.findIndex((l) => /^ARG WORKSPACE/.test(l));
    expect(lines.indexOf(all)).toBeLessThan(firstArg);
    // The image that runs takes node_modules from the per-workspace install, never the build's (dev) one.
    const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(lastStage).toMatch(/^COPY --from=runtime-deps .*\/app\/node_modules node_modules$/m);
    expect(lastStage).not.toMatch(/^COPY --from=build .*node_modules/m);
    expect(lastStage).toMatch(/^COPY --from=runtime-deps .*\/app\/\$\{WORKSPACE\} \$\{WORKSPACE\}$/m);
  });

  it.each(['services/notifications', 'gateway'])('%s: its production install alone loads its built app (no web or dev dependency)', (workspace) => {
    // The runtime-deps stage as Docker runs it, here: the package files, `npm ci --omit=dev --workspace`, the build.
    const dir = mkdtempSync(join(tmpdir(), 'meydan-image-'));
    try {
      const workspaces: string[] = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).workspaces;
      for (const file of ['package.json', 'package-lock.json', ...workspaces.map((ws) => `${ws}/package.json`)]) {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        cpSync(`${root}${file}`, join(dir, file));
      }
      execFileSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--workspace', workspace], {
        cwd: dir,
        stdio: 'pipe',
      });
      for (const ws of ['proto', 'services/kit', workspace]) cpSync(`${root}${ws}/dist`, join(dir, ws, 'dist'), { recursive: true });
      for (const absent of ['react', 'vite', 'typescript', 'vitest']) expect(existsSync(join(dir, 'node_modules', absent)), absent).toBe(false);
      const loaded = execFileSync(process.execPath, ['--input-type=module', '-e', `await import('./${workspace}/dist/app.js'); console.log('loaded')`], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(loaded.trim()).toBe('loaded');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('copies the package.json of every workspace before npm ci', () => {
    const dockerfile = readFileSync(`${root}deploy/docker/Dockerfile`, 'utf8');
    const workspaces: string[] = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).workspaces;
    for (const ws of workspaces) expect(dockerfile, ws).toContain(`COPY ${ws}/package.json ${ws}/`);
  });
});

describe('a deployment with a published administrator password', () => {
  const startAuth = (env: Record<string, string>) =>
    spawnSync(process.execPath, [`${root}services/auth/dist/main.js`], {
      encoding: 'utf8',
      timeout: 20_000,
      env: {
        PATH: process.env['PATH'] ?? '',
        PORT: '0',
        // Nothing listens here: a refused configuration stops before any connection is tried.
        NATS_URL: 'nats://127.0.0.1:9',
        REDIS_URL: 'redis://127.0.0.1:9',
        MONGO_URL: 'mongodb://127.0.0.1:9',
        INTERNAL_SECRET: 'c'.repeat(64),
        ADMIN_EMAIL: 'admin@meydan.example.com',
        ...env,
      },
    });

  it('is refused by auth at start, in one line, when PUBLIC_ORIGIN is not localhost', () => {
    for (const [origin, password] of [['https://meydan.example.com', 'meydan-admin'], ['http://192.168.1.20:8080', 'changeme']] as const) {
      const run = startAuth({ PUBLIC_ORIGIN: origin, ADMIN_PASSWORD: password });
      expect(run.status, `${origin} ${password}`).toBe(1);
      expect(run.stderr).toBe(
        'auth: environment variable ADMIN_PASSWORD is a published default password: set a password of your own before serving a PUBLIC_ORIGIN other than localhost\n',
      );
    }
  });

  it('lets through localhost (npm start’s default) with any password, and any origin with a password of one’s own', () => {
    const base = { PORT: '0', NATS_URL: 'nats://127.0.0.1:9', REDIS_URL: 'redis://127.0.0.1:9', MONGO_URL: 'mongodb://127.0.0.1:9', INTERNAL_SECRET: 'c'.repeat(64) };
    for (const env of [
      { ADMIN_PASSWORD: 'meydan-admin' },
      { PUBLIC_ORIGIN: 'http://localhost:8080', ADMIN_PASSWORD: 'meydan-admin' },
      { PUBLIC_ORIGIN: 'http://127.0.0.1:8080', ADMIN_PASSWORD: 'changeme' },
      { PUBLIC_ORIGIN: 'https://meydan.example.com', ADMIN_PASSWORD: 'kendi-uzun-sifrem' },
    ]) {
      expect(() => loadConfig(authConfigSchema, { ...base, ...env }), JSON.stringify(env)).not.toThrow();
    }
    expect(() => loadConfig(authConfigSchema, { ...base, PUBLIC_ORIGIN: 'https://meydan.example.com', ADMIN_PASSWORD: 'meydan-admin' })).toThrow(ConfigError);
  });
});
