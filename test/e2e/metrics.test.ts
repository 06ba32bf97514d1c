/**
 * Prometheus metrics on the real stack: every process serves `/metrics` on a port of its own, the public gateway
 * does not, and the counters move with what the app does.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricValue, scrapeMetrics, until } from '../harness.js';
import { leaveStack, type Stack, startStack, workerStack } from './stack.js';
import { call, createMember, createPoll, type Member } from './support.js';

const dashboard = JSON.parse(
  readFileSync(new URL('../../deploy/k8s/base/grafana-dashboard.json', import.meta.url), 'utf8'),
) as {
  panels: { title: string; targets: { expr: string }[] }[];
};

/** PromQL's functions, aggregations and keywords: every other name in an expression is a metric's. */
const PROMQL_WORDS = new Set(
  'sum avg min max count rate irate increase histogram_quantile by without on ignoring group_left group_right bool and or unless clamp_min clamp_max abs topk bottomk delta deriv offset'.split(
    ' ',
  ),
);

/** The metric names an expression reads (label matchers, label lists of by/without and ranges removed). */
function metricsOf(expr: string): string[] {
  const bare = expr
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\b(by|without|on|ignoring)\s*\([^)]*\)/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/"[^"]*"/g, ' ');
  return [
    ...new Set([...bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)].map((m) => m[0]).filter((w) => !PROMQL_WORDS.has(w))),
  ];
}

/** Whether a scrape has the metric: a sample of it, or its TYPE line (a histogram's _bucket/_sum/_count included). */
function scrapeHas(scrape: string, name: string): boolean {
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return new RegExp(`^(${name}[{ ]|# TYPE (${name}|${base} histogram) )`, 'm').test(scrape);
}

describe('metrics on the running stack', () => {
  let stack: Stack;
  let ayse: Member;
  let mert: Member;

  beforeAll(async () => {
    // One process of each service: the counts below are read on polls' one metrics port. The worker's stack is that
    // unless the run asks for REPLICAS (npm run test:replicas); its files run one at a time, so the counts move by
    // this file's requests only.
    const shared = await workerStack();
    stack = shared.replicas === 1 ? shared : await startStack({ replicas: 1 });
    [ayse, mert] = await Promise.all([createMember(stack, 'ayse', 'Ayşe'), createMember(stack, 'mert', 'Mert')]);
  }, 120_000);
  afterAll(() => leaveStack(stack));

  it('counts votes accepted and refused (by reason) on the polls metrics port', async () => {
    const poll = await createPoll(stack, ayse, {
      title: 'Metrikler sayıyor mu?',
      category: 'serbest-kursu',
      options: ['Evet', 'Hayır'],
    });
    const polls = stack.metricsPorts['polls']!;
    const before = await scrapeMetrics(polls);
    expect(
      (await call(stack, 'POST', `/api/polls/${poll.id}/vote`, { sid: mert.sid, body: { optionIndex: 0 } })).status,
    ).toBe(200);
    expect(
      (await call(stack, 'POST', `/api/polls/${poll.id}/vote`, { sid: ayse.sid, body: { optionIndex: 1 } })).status,
    ).toBe(200);
    expect(
      (await call(stack, 'POST', `/api/polls/${poll.id}/vote`, { sid: mert.sid, body: { optionIndex: 1 } })).status,
    ).toBe(409);
    const after = await scrapeMetrics(polls);
    const moved = (name: string, labels: Record<string, string>) =>
      metricValue(after, name, labels) - metricValue(before, name, labels);
    expect(moved('meydan_votes_accepted_total', { kind: 'member', service: 'polls' })).toBe(2);
    expect(moved('meydan_votes_refused_total', { kind: 'member', reason: 'already_voted' })).toBe(1);
    expect(
      moved('http_request_duration_seconds_count', {
        route: '/api/polls/:id/vote',
        method: 'POST',
        status_code: '200',
      }),
    ).toBe(2);
    // The vote persister's consumer reports its lag, and catches up.
    await until(
      async () => {
        const text = await scrapeMetrics(polls);
        return (
          /^meydan_jetstream_consumer_pending_messages\{[^}]*consumer="polls--persist-votes"[^}]*\} 0$/m.test(text) &&
          /^meydan_jetstream_consumer_ack_pending_messages\{[^}]*consumer="polls--persist-votes"[^}]*\} 0$/m.test(text)
        );
      },
      15_000,
      'the vote persister caught up',
    );
  });

  it("serves metrics on every process's own port, never on the public gateway", async () => {
    expect((await fetch(`${stack.origin}/metrics`)).status).toBe(404);
    expect((await fetch(`${stack.origin}/api/metrics`)).status).toBe(404);
    for (const [name, port] of Object.entries(stack.metricsPorts)) {
      const text = await scrapeMetrics(port);
      expect(metricValue(text, 'process_resident_memory_bytes', { service: name }), name).toBeGreaterThan(0);
      expect(text, name).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    }
    const gateway = await scrapeMetrics(stack.metricsPorts['gateway']!);
    expect(gateway).toMatch(/^# TYPE meydan_rate_limit_refusals_total counter$/m);
    // The gateway's requests to the services over NATS (its health check) are timed by outcome.
    await fetch(`${stack.origin}/api/health`);
    expect(
      metricValue(await scrapeMetrics(stack.metricsPorts['gateway']!), 'meydan_nats_request_duration_seconds_count', {
        subject: 'polls.health',
        outcome: 'ok',
      }),
    ).toBeGreaterThan(0);
    expect(await scrapeMetrics(stack.metricsPorts['notifications']!)).toMatch(
      /^meydan_sockets_connected\{[^}]*\} \d+$/m,
    );
  });

  it('has every metric the Grafana dashboard queries, in a live scrape of the processes', async () => {
    const scrapes = await Promise.all(Object.values(stack.metricsPorts).map((port) => scrapeMetrics(port)));
    const all = scrapes.join('\n');
    const queried = dashboard.panels.flatMap((panel) =>
      panel.targets.flatMap((t) => metricsOf(t.expr).map((metric) => ({ panel: panel.title, metric }))),
    );
    expect(queried.length).toBeGreaterThan(15);
    const missing = queried.filter(({ metric }) => !scrapeHas(all, metric));
    expect(missing).toEqual([]);
    // The check itself sees a renamed metric.
    expect(scrapeHas(all, 'meydan_votes_accepted_total')).toBe(true);
    expect(scrapeHas(all, 'meydan_votes_counted_total')).toBe(false);
    expect(
      metricsOf(
        'histogram_quantile(0.99, sum by (le, route) (rate(http_request_duration_seconds_bucket{status_code=~"5.."}[5m])))',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
  });
});
