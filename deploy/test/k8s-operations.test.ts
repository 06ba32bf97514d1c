/**
 * The manifests as an operator runs them, rendered offline by kustomize: the Gateway API route beside the Ingress
 * (websockets included), a PodMonitor for every process and, in the ha overlay, every server's exporter, autoscalers
 * that scale in gently, every image named by a tag, CPU requests from the bench's vote budget, the laptop path that
 * builds and loads the images the local overlay names, and the custom resources validated by kubeconform against the
 * vendored CRD schemas (a misspelt field refused).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceNames } from '@meydan/proto';
import { defaultMetricsPorts } from '../../services/kit/src/metrics.js';
import { LIMITS } from '../bench/targets.mjs';
import { generate, strict } from '../k8s/crd-schemas/generate.mjs';
import { KUBERNETES_VERSIONS, ensureKubeSchemas, ensureKubeconform } from '../local/ensure-tools.mjs';
import { CRD_SCHEMAS, podTemplates, renderOverlay, root, selects, type K8s } from './k8s-support.js';

const apps = ['gateway', ...serviceNames];
const servers = ['nats', 'redis', 'mongo'];
const OVERLAYS = ['local', 'production', 'ha'];
const find = (docs: K8s[], kind: string, name: string) => docs.find((d) => d.kind === kind && d.metadata.name === name);

describe('Kubernetes operations', () => {
  const overlays: Record<string, K8s[]> = {};
  beforeAll(() => {
    for (const overlay of OVERLAYS) overlays[overlay] = renderOverlay(overlay);
  }, 300_000);

  it.each(['production', 'ha'])(
    '%s: a Gateway API HTTPRoute beside the Ingress sends /ws and everything else to the gateway',
    (overlay) => {
      const docs = overlays[overlay]!;
      const gateway = find(docs, 'Gateway', 'meydan')!;
      const route = find(docs, 'HTTPRoute', 'meydan')!;
      const ingress = find(docs, 'Ingress', 'meydan')!;
      expect(
        gateway.spec.listeners.map((l: { protocol: string; port: number }) => `${l.protocol}:${l.port}`),
      ).toContain('HTTP:80');
      expect(route.spec.parentRefs).toEqual([{ name: gateway.metadata.name }]);
      expect(route.metadata.namespace).toBe(gateway.metadata.namespace);
      // The same host as the Ingress.
      expect(route.spec.hostnames).toEqual([ingress.spec.rules[0].host]);
      const service = find(docs, 'Service', 'gateway')!;
      const rules = route.spec.rules as {
        matches: { path: { type: string; value: string } }[];
        backendRefs: { name: string; port: number }[];
        timeouts?: { request: string };
      }[];
      for (const rule of rules) {
        expect(rule.backendRefs).toEqual([{ name: 'gateway', port: 8080 }]);
        expect(service.spec.ports.map((p: { port: number }) => p.port)).toContain(8080);
      }
      const ws = rules.find((r) => r.matches.some((m) => m.path.value === '/ws'))!;
      expect(ws.matches[0]!.path.type).toBe('PathPrefix');
      // A websocket stays open for hours: no request timeout on its rule (Gateway API's 0s).
      expect(ws.timeouts?.request).toBe('0s');
      expect(rules.some((r) => r.matches.some((m) => m.path.type === 'PathPrefix' && m.path.value === '/'))).toBe(true);
      if (overlay === 'production') {
        const https = gateway.spec.listeners.find((l: { protocol: string }) => l.protocol === 'HTTPS');
        expect(https.hostname).toBe(ingress.spec.tls[0].hosts[0]);
        expect(https.tls.certificateRefs).toEqual([{ kind: 'Secret', name: ingress.spec.tls[0].secretName }]);
      }
    },
  );

  it('local: none of the custom resources a laptop cluster lacks the CRDs of', () => {
    const kinds = new Set(overlays['local']!.map((d) => d.kind));
    for (const kind of ['Gateway', 'HTTPRoute', 'PodMonitor', 'ServiceMonitor', 'PrometheusRule'])
      expect(kinds.has(kind), kind).toBe(false);
  });

  it.each(['production', 'ha'])(
    '%s: a PodMonitor scrapes every process (and in ha every server) on a metrics port it has',
    (overlay) => {
      const docs = overlays[overlay]!;
      const monitors = docs.filter((d) => d.kind === 'PodMonitor');
      // kube-prometheus-stack's Prometheus selects them (and the rules) by its Helm release's label.
      for (const d of docs.filter((x) => ['PodMonitor', 'PrometheusRule'].includes(x.kind)))
        expect(d.metadata.labels?.['release'], d.metadata.name).toBe('kube-prometheus-stack');
      const monitored = overlay === 'ha' ? [...apps, ...servers] : apps;
      for (const name of monitored) {
        const workload = docs.find((d) => ['Deployment', 'StatefulSet'].includes(d.kind) && d.metadata.name === name)!;
        const pod = workload.spec.template;
        const ports = new Map<string, number>(
          pod.spec.containers.flatMap((c: { ports?: { name?: string; containerPort: number }[] }) =>
            (c.ports ?? []).map((p) => [p.name, p.containerPort]),
          ),
        );
        const mine = monitors.filter(
          (m) => m.metadata.namespace === workload.metadata.namespace && selects(m.spec.selector, pod.metadata.labels),
        );
        expect(mine, name).toHaveLength(1);
        for (const endpoint of mine[0]!.spec.podMetricsEndpoints) {
          expect(ports.has(endpoint.port), `${name} port ${endpoint.port}`).toBe(true);
          expect(endpoint.path).toBe('/metrics');
        }
        if (apps.includes(name))
          expect(ports.get('metrics'), name).toBe(defaultMetricsPorts[name as keyof typeof defaultMetricsPorts]);
      }
      // The NATS streams Job and every other pod are nobody's target.
      for (const { workload, pod } of podTemplates(docs).filter(
        ({ workload }) => !monitored.includes(workload.metadata.name),
      )) {
        expect(
          monitors.filter((m) => selects(m.spec.selector, pod.metadata.labels)),
          workload.metadata.name,
        ).toEqual([]);
      }
    },
  );

  it('ha: each server runs its exporter beside it, and only the monitoring namespace reaches the exporters', () => {
    const docs = overlays['ha']!;
    const policy = find(docs, 'NetworkPolicy', 'exporters-from-monitoring')!;
    expect(policy.spec.ingress[0].from).toEqual([
      { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
    ]);
    const images: Record<string, RegExp> = {
      nats: /prometheus-nats-exporter:/,
      redis: /redis_exporter:/,
      mongo: /mongodb_exporter:/,
    };
    for (const name of servers) {
      const pod = find(docs, 'StatefulSet', name)!.spec.template;
      expect(selects(policy.spec.podSelector, pod.metadata.labels), name).toBe(true);
      const exporter = pod.spec.containers.find((c: { ports?: { name: string }[] }) =>
        c.ports?.some((p) => p.name === 'metrics'),
      );
      expect(exporter.image, name).toMatch(images[name]!);
      const port = exporter.ports.find((p: { name: string }) => p.name === 'metrics').containerPort;
      expect(policy.spec.ingress[0].ports, name).toContainEqual({ port, protocol: 'TCP' });
      expect(exporter.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(exporter.resources.limits.memory, name).toBeTruthy();
    }
  });

  it.each(OVERLAYS)(
    '%s: every autoscaler scales out at once and in gently; notifications and the gateway one pod per few minutes',
    (overlay) => {
      const hpas = overlays[overlay]!.filter((d) => d.kind === 'HorizontalPodAutoscaler');
      expect(hpas.map((h) => h.metadata.name).sort()).toEqual(['gateway', 'notifications', 'polls']);
      for (const hpa of hpas) {
        const { scaleUp, scaleDown } = hpa.spec.behavior;
        expect(scaleUp.stabilizationWindowSeconds, hpa.metadata.name).toBe(0);
        expect(scaleDown.stabilizationWindowSeconds, hpa.metadata.name).toBeGreaterThanOrEqual(300);
        expect(scaleDown.selectPolicy, hpa.metadata.name).toBe('Min');
        if (hpa.metadata.name === 'polls') continue;
        // The pods holding sockets: after 10 quiet minutes, one pod per 3 minutes at most.
        expect(scaleDown.stabilizationWindowSeconds, hpa.metadata.name).toBeGreaterThanOrEqual(600);
        expect(scaleDown.policies, hpa.metadata.name).toEqual([{ type: 'Pods', value: 1, periodSeconds: 180 }]);
      }
    },
  );

  it.each(OVERLAYS)(
    '%s: every image is named by a tag (never latest) and pulled only when the node lacks it',
    (overlay) => {
      const docs = overlays[overlay]!;
      const tagOf = (image: string) =>
        /^(?<name>[^@]+?)(?::(?<tag>[\w][\w.-]*))?(?:@sha256:[0-9a-f]{64})?$/.exec(image)!.groups!;
      const base = parse(readFileSync(`${root}deploy/k8s/base/kustomization.yaml`, 'utf8')).images as {
        name: string;
        newTag: string;
      }[];
      const expected = (app: string) =>
        overlay === 'local'
          ? `meydan/${app}:local`
          : overlay === 'production'
            ? `registry.example.com/meydan/${app}:1.0.0`
            : `meydan/${app}:${base.find((i) => i.name === `meydan/${app}`)!.newTag}`;
      let checked = 0;
      for (const { workload, pod } of podTemplates(docs)) {
        for (const container of [...(pod.spec.initContainers ?? []), ...pod.spec.containers]) {
          const where = `${workload.kind} ${workload.metadata.name}/${container.name}: ${container.image}`;
          const { tag } = tagOf(container.image);
          expect(tag ?? container.image.includes('@sha256:'), where).toBeTruthy();
          expect(tag, where).not.toBe('latest');
          expect(container.imagePullPolicy ?? 'IfNotPresent', where).not.toBe('Always');
          checked++;
        }
      }
      expect(checked).toBeGreaterThanOrEqual(apps.length);
      for (const app of apps) {
        const container = find(docs, 'Deployment', app)!.spec.template.spec.containers[0];
        expect(container.image, app).toBe(expected(app));
        expect(container.imagePullPolicy, app).toBe('IfNotPresent');
      }
      // The streams Job runs the admin image, by the same tag.
      const streamsJob = find(docs, 'Job', 'nats-streams');
      if (streamsJob) expect(streamsJob.spec.template.spec.containers[0].image).toBe(expected('admin'));
    },
  );

  it('the gateway and polls request the CPU the bench measured them to spend per vote, at its target rate', () => {
    const docs = overlays['production']!;
    const measured = JSON.parse(readFileSync(`${root}deploy/bench/measured-cpu.json`, 'utf8')) as {
      perVoteMs: Record<string, number>;
    };
    const comment = readFileSync(`${root}deploy/k8s/base/kustomization.yaml`, 'utf8');
    for (const app of ['gateway', 'polls']) {
      // The bench's target rate spread over the autoscaler's minimum of pods, times what one vote cost the process,
      // rounded up to 10m.
      const hpa = find(docs, 'HorizontalPodAutoscaler', app)!;
      const perPod = LIMITS['votesPerSecond']! / hpa.spec.minReplicas;
      const perPodMs = perPod * measured.perVoteMs[app]!;
      expect(find(docs, 'Deployment', app)!.spec.template.spec.containers[0].resources.requests.cpu, app).toBe(
        `${Math.ceil(perPodMs / 10) * 10}m`,
      );
      expect(comment).toContain(
        `${perPod.toLocaleString('en')} votes/s per pod × ${measured.perVoteMs[app]} ms = ${Math.round(perPodMs)} ms of CPU per second`,
      );
    }
  });

  it('local-images.sh builds every image the local overlay names and loads it into kind or minikube', () => {
    const dir = mkdtempSync(join(tmpdir(), 'meydan-local-images-'));
    try {
      // docker, kind and minikube that write down what they were asked.
      const bin = join(dir, 'bin');
      mkdirSync(bin);
      for (const tool of ['docker', 'kind', 'minikube']) {
        writeFileSync(join(bin, tool), `#!/bin/sh\necho "${tool} $*" >> "${join(dir, 'calls')}"\n`);
        chmodSync(join(bin, tool), 0o755);
      }
      const run = (cluster: string) =>
        spawnSync('sh', [`${root}deploy/k8s/local-images.sh`, cluster], {
          cwd: root,
          encoding: 'utf8',
          env: { ...process.env, PATH: `${bin}:${process.env['PATH']}` },
        });
      const calls = () => readFileSync(join(dir, 'calls'), 'utf8').trim().split('\n');
      const local = overlays['local']!;
      const named = apps.map((app) => find(local, 'Deployment', app)!.spec.template.spec.containers[0].image as string);

      const kind = run('kind');
      expect(kind.status, kind.stderr).toBe(0);
      const skaffold = parse(readFileSync(`${root}skaffold.yaml`, 'utf8')).build.artifacts as {
        image: string;
        docker: { buildArgs: { WORKSPACE: string } };
      }[];
      expect(calls()).toEqual(
        named.flatMap((image) => {
          const workspace = skaffold.find((a) => image.startsWith(`${a.image}:`))!.docker.buildArgs.WORKSPACE;
          return [
            `docker build -f deploy/docker/Dockerfile --build-arg WORKSPACE=${workspace} -t ${image} .`,
            `kind load docker-image --name kind ${image}`,
          ];
        }),
      );
      rmSync(join(dir, 'calls'));
      expect(run('minikube').status).toBe(0);
      expect(calls().filter((c) => c.startsWith('minikube'))).toEqual(
        named.map((image) => `minikube image load ${image}`),
      );
      rmSync(join(dir, 'calls'));
      // An unknown cluster is refused before anything is built.
      const wrong = run('k3x');
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toContain("unknown cluster 'k3x'");
      expect(() => calls()).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('kubeconform validates the custom resources against the vendored CRD schemas and refuses a misspelt field', () => {
    const docs = overlays['ha']!.filter((d) =>
      ['Gateway', 'HTTPRoute', 'PodMonitor', 'PrometheusRule'].includes(d.kind),
    );
    expect(new Set(docs.map((d) => d.kind)).size).toBe(4);
    const route = structuredClone(find(docs, 'HTTPRoute', 'meydan')!);
    route.metadata.name = 'zz-typo-route';
    route.spec.parentRef = route.spec.parentRefs;
    const monitor = structuredClone(find(docs, 'PodMonitor', 'meydan')!);
    monitor.metadata.name = 'zz-wrong-type-monitor';
    monitor.spec.podMetricsEndpoints[0].interval = 15;
    const schemas = ensureKubeSchemas()[KUBERNETES_VERSIONS[0]!]!;
    const run = spawnSync(
      ensureKubeconform(),
      [
        '-strict',
        '-output',
        'json',
        '-verbose',
        '-schema-location',
        `${schemas}/{{ .ResourceKind }}{{ .KindSuffix }}.json`,
        '-schema-location',
        CRD_SCHEMAS,
        '-',
      ],
      { input: [...docs, route, monitor].map((d) => stringify(d)).join('---\n'), encoding: 'utf8' },
    );
    const report = JSON.parse(run.stdout) as { resources: { name: string; status: string; msg: string }[] };
    const byName = Object.fromEntries(report.resources.map((r) => [r.name, r]));
    for (const d of docs)
      expect(byName[d.metadata.name]?.status, `${d.kind} ${d.metadata.name}: ${byName[d.metadata.name]?.msg}`).toBe(
        'statusValid',
      );
    expect(byName['zz-typo-route']).toMatchObject({ status: 'statusInvalid', msg: expect.stringMatching(/parentRef/) });
    expect(byName['zz-wrong-type-monitor']).toMatchObject({
      status: 'statusInvalid',
      msg: expect.stringMatching(/interval/),
    });
    expect(run.status).not.toBe(0);
  });

  it("the dashboard has a collapsed row per server, on its exporter's metrics, and a panel for the new alerts' figures", () => {
    type Panel = { type: string; title: string; collapsed?: boolean; panels?: Panel[]; targets?: { expr: string }[] };
    const dashboard = JSON.parse(readFileSync(`${root}deploy/k8s/base/grafana-dashboard.json`, 'utf8')) as {
      panels: Panel[];
    };
    const exprs = (panels: Panel[]) => panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr)).join('\n');
    const rows = dashboard.panels.filter((p) => p.type === 'row');
    const prefixes: Record<string, RegExp> = {
      NATS: /\bgnatsd_varz_\w+/,
      Redis: /\bredis_\w+/,
      MongoDB: /\bmongodb_\w+/,
    };
    expect(rows.map((r) => r.title.split(' ')[0])).toEqual(Object.keys(prefixes));
    for (const row of rows) {
      // Collapsed: the exporters' panels live in the row, not among the processes' panels (test/e2e/metrics.test.ts
      // checks those against a live scrape of the processes).
      expect(row.collapsed, row.title).toBe(true);
      expect(row.panels!.length, row.title).toBeGreaterThanOrEqual(2);
      expect(exprs(row.panels!), row.title).toMatch(prefixes[row.title.split(' ')[0]!]!);
    }
    const top = exprs(dashboard.panels.filter((p) => p.type !== 'row'));
    expect(top).not.toMatch(/\b(gnatsd_|redis_|mongodb_)/);
    for (const metric of [
      'meydan_reports_pending',
      'meydan_reports_pending_oldest_age_seconds',
      'meydan_votes_unacknowledged',
    ])
      expect(top).toContain(metric);
    // Every panel id is unique, the rows' panels included.
    const ids = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]).map((p) => (p as { id?: number }).id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the vendored CRD schemas are what generate.mjs makes of the pinned CRDs, strict', () => {
    const dir = `${root}deploy/k8s/crd-schemas`;
    const made = generate();
    const vendored = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.json')).sort();
    expect(made.map((s) => s.path).sort()).toEqual(vendored);
    for (const { path, text } of made) expect(readFileSync(join(dir, path), 'utf8') === text, path).toBe(true);
    // An object that lists its properties admits no other, unless it keeps unknown fields on purpose.
    expect(strict({ type: 'object', properties: { a: { type: 'object', properties: { b: {} } } } })).toEqual({
      type: 'object',
      properties: { a: { type: 'object', properties: { b: {} }, additionalProperties: false } },
      additionalProperties: false,
    });
    expect(strict({ type: 'object', properties: {}, 'x-kubernetes-preserve-unknown-fields': true })).not.toHaveProperty(
      'additionalProperties',
    );
  }, 180_000);
});
