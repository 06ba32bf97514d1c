/**
 * Prometheus metrics on the real stack: every process serves `/metrics` on a port of its own, the public gateway
 * does not, and the counters move with what the app does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricValue, scrapeMetrics, until } from '../harness.js';
import { startStack, type Stack } from './stack.js';
import { call, createMember, createPoll, type Member } from './support.js';

describe('metrics on the running stack', () => {
  let stack: Stack;
  let ayse: Member;
  let mert: Member;

  beforeAll(async () => {
    stack = await startStack({ replicas: 1 });
    [ayse, mert] = await Promise.all([createMember(stack, 'ayse', 'Ayşe'), createMember(stack, 'mert', 'Mert')]);
  }, 120_000);
  afterAll(() => stack?.stop());

  it('counts votes accepted and refused (by reason) on the polls metrics port', async () => {
    const poll = await createPoll(stack, ayse, { title: 'Metrikler sayıyor mu?', category: 'serbest-kursu', options: ['Evet', 'Hayır'] });
    const polls = stack.metricsPorts['polls']!;
    const before = await scrapeMetrics(polls);
    expect((await call(stack, 'POST', `/api/polls/${poll.id}/vote`, { sid: mert.sid, body: { optionIndex: 0 } })).status).toBe(200);
    expect((await call(stack, 'POST', `/api/polls/${poll.id}/vote`, { sid: ayse.sid, body: { optionIndex: 1 } })).status).toBe(200);
    expect((await call(stack, 'POST', `/api/polls/${poll.id}/vote`, { sid: mert.sid, body: { optionIndex: 1 } })).status).toBe(409);
    const after = await scrapeMetrics(polls);
    const moved = (name: string, labels: Record<string, string>) => metricValue(after, name, labels) - metricValue(before, name, labels);
    expect(moved('meydan_votes_accepted_total', { kind: 'member', service: 'polls' })).toBe(2);
    expect(moved('meydan_votes_refused_total', { kind: 'member', reason: 'already_voted' })).toBe(1);
    expect(moved('http_request_duration_seconds_count', { route: '/api/polls/:id/vote', method: 'POST', status_code: '200' })).toBe(2);
    // The vote persister's consumer reports its lag, and catches up.
    await until(async () => {
      const text = await scrapeMetrics(polls);
      return /^meydan_jetstream_consumer_pending_messages\{[^}]*consumer="polls--persist-votes"[^}]*\} 0$/m.test(text) &&
        /^meydan_jetstream_consumer_ack_pending_messages\{[^}]*consumer="polls--persist-votes"[^}]*\} 0$/m.test(text);
    }, 15_000, 'the vote persister caught up');
  });

  it('serves metrics on every process\'s own port, never on the public gateway', async () => {
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
    expect(metricValue(await scrapeMetrics(stack.metricsPorts['gateway']!), 'meydan_nats_request_duration_seconds_count', { subject: 'polls.health', outcome: 'ok' })).toBeGreaterThan(0);
    expect(await scrapeMetrics(stack.metricsPorts['notifications']!)).toMatch(/^meydan_sockets_connected\{[^}]*\} \d+$/m);
  });
});
