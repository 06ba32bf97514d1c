/**
 * The alerts (deploy/k8s/components/monitoring/alerts.yaml, components/exporters/alerts.yaml), checked by promtool as
 * Prometheus would load them (`promtool check rules`) and by their unit tests (`promtool test rules`,
 * deploy/test/alerts/*.test.yaml: each alert fires on its case, and the case beside it that must not page does not);
 * every alert has a runbook section in deploy/README.md that its runbook_url links to, and reads metrics the
 * processes really export.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { which } from '../local/install.mjs';
import { root } from './k8s-support.js';

type Rule = {
  alert: string;
  expr: string;
  for?: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
};
type PrometheusRule = { metadata: { name: string }; spec: { groups: { name: string; rules: Rule[] }[] } };

const RULE_FILES = ['deploy/k8s/components/monitoring/alerts.yaml', 'deploy/k8s/components/exporters/alerts.yaml'];
const TESTS_DIR = `${root}deploy/test/alerts`;
const README = readFileSync(`${root}deploy/README.md`, 'utf8');

const ruleDocs = RULE_FILES.map((file) => parse(readFileSync(`${root}${file}`, 'utf8')) as PrometheusRule);
const alerts = ruleDocs.flatMap((doc) => doc.spec.groups.flatMap((g) => g.rules));
const testFiles = readdirSync(TESTS_DIR).filter((f) => f.endsWith('.test.yaml'));

/** Writes each PrometheusRule's groups as a Prometheus rule file (`<name>.rules.yaml`) into `dir`, with `mutate` applied. */
function writeRules(dir: string, mutate: (rule: Rule) => Rule = (r) => r) {
  for (const doc of ruleDocs) {
    const groups = doc.spec.groups.map((g) => ({ ...g, rules: g.rules.map((r) => mutate(structuredClone(r))) }));
    writeFileSync(join(dir, `${doc.metadata.name}.rules.yaml`), stringify({ groups }));
  }
}

describe('alert rules', () => {
  const promtool = which('promtool');
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'meydan-alerts-'));
    for (const file of testFiles) cpSync(join(TESTS_DIR, file), join(dir, file));
    writeRules(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) => spawnSync(promtool!, args, { cwd: dir, encoding: 'utf8' });

  it('load in Prometheus (promtool check rules)', () => {
    expect(promtool, 'promtool (npm test installs it: deploy/local/ensure-deps.mjs --servers)').toBeTruthy();
    const check = run('check', 'rules', ...ruleDocs.map((d) => `${d.metadata.name}.rules.yaml`));
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout.match(/SUCCESS: (\d+) rules found/g)).toEqual(
      ruleDocs.map((d) => `SUCCESS: ${d.spec.groups.flatMap((g) => g.rules).length} rules found`),
    );
  });

  it('pass their unit tests (promtool test rules)', () => {
    expect(testFiles.sort()).toEqual(['meydan.test.yaml', 'servers.test.yaml']);
    const test = run('test', 'rules', ...testFiles);
    expect(test.status, test.stdout + test.stderr).toBe(0);
    expect(test.stdout.match(/SUCCESS/g)).toHaveLength(testFiles.length);
  });

  it('fail their unit tests when a threshold changes: the tests pin what pages', () => {
    const changed = mkdtempSync(join(tmpdir(), 'meydan-alerts-changed-'));
    try {
      for (const file of testFiles) cpSync(join(TESTS_DIR, file), join(changed, file));
      // A vote error ratio of 10% instead of 1%, and a report paged after 48 h instead of 24.
      writeRules(changed, (rule) => ({
        ...rule,
        expr: rule.expr.replace('> 0.01', '> 0.1').replace('> 86400', '> 172800'),
      }));
      const test = spawnSync(promtool!, ['test', 'rules', 'meydan.test.yaml'], { cwd: changed, encoding: 'utf8' });
      expect(test.status).not.toBe(0);
      expect(test.stdout + test.stderr).toMatch(/alertname: MeydanVoteErrors/);
      expect(test.stdout + test.stderr).toMatch(/alertname: MeydanReportsWaiting/);
    } finally {
      rmSync(changed, { recursive: true, force: true });
    }
  });

  it('each fire in a unit test, with a severity, a summary and a description', () => {
    const tests = testFiles.flatMap(
      (file) =>
        parse(readFileSync(join(TESTS_DIR, file), 'utf8')).tests as {
          alert_rule_test: { alertname: string; exp_alerts: unknown[] }[];
        }[],
    );
    const fired = new Set(
      tests.flatMap((t) => t.alert_rule_test.filter((a) => a.exp_alerts.length > 0).map((a) => a.alertname)),
    );
    expect(alerts.length).toBe(17);
    for (const rule of alerts) {
      expect(fired.has(rule.alert), rule.alert).toBe(true);
      expect(['critical', 'warning'], rule.alert).toContain(rule.labels.severity);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
      expect(rule.annotations.description, rule.alert).toBeTruthy();
    }
    expect(new Set(alerts.map((r) => r.alert)).size).toBe(alerts.length);
  });

  it('each link to a runbook section of their own name in deploy/README.md', () => {
    const headings = new Set([...README.matchAll(/^### (Meydan\w+)$/gm)].map((m) => m[1]!));
    for (const rule of alerts) {
      expect(headings.has(rule.alert), `### ${rule.alert} in deploy/README.md`).toBe(true);
      // GitHub's anchor of a heading: lower case.
      expect(rule.annotations.runbook_url, rule.alert).toBe(
        `https://github.com/meydan/meydan/blob/main/deploy/README.md#${rule.alert.toLowerCase()}`,
      );
      const section = README.slice(README.indexOf(`### ${rule.alert}\n`)).split(/\n### /)[0]!;
      expect(section.length, `${rule.alert}'s runbook says what to look at`).toBeGreaterThan(200);
    }
    // No runbook for an alert that does not exist.
    expect([...headings].sort()).toEqual(alerts.map((r) => r.alert).sort());
  });

  it("read Meydan's own metrics by the names the processes export", () => {
    const sources = ['services', 'gateway'].flatMap((top) =>
      (readdirSync(`${root}${top}`, { recursive: true }) as string[])
        .filter((f) => f.endsWith('.ts') && f.includes('src/') && !f.includes('node_modules') && !f.endsWith('.d.ts'))
        .map((f) => readFileSync(`${root}${top}/${f}`, 'utf8')),
    );
    const exported = new Set(
      sources.flatMap((text) =>
        [...text.matchAll(/name: '(meydan_[a-z_]+|http_request_duration_seconds)'/g)].map((m) => m[1]!),
      ),
    );
    expect(exported.has('meydan_votes_accepted_total')).toBe(true);
    const read = new Set(
      alerts.flatMap((r) =>
        [...r.expr.matchAll(/\b(meydan_[a-z_]+|http_request_duration_seconds\w*)/g)].map((m) =>
          m[1]!.replace(/_(bucket|count|sum)$/, ''),
        ),
      ),
    );
    expect([...read].sort()).toEqual([
      'http_request_duration_seconds',
      'meydan_jetstream_consumer_pending_messages',
      'meydan_jetstream_dead_letters_total',
      'meydan_reports_pending_oldest_age_seconds',
      'meydan_requests_shed_total',
      'meydan_votes_unacknowledged',
    ]);
    for (const metric of read) expect(exported.has(metric), metric).toBe(true);
  });
});
