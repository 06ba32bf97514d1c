/**
 * OpenTelemetry on the real stack: with OTEL_EXPORTER_OTLP_ENDPOINT set (here: a small OTLP/HTTP JSON receiver in the
 * test), one vote sent with the browser's `traceparent` is one trace through the gateway, polls and a JetStream
 * consumer, and the log lines of the request carry its trace id.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '@meydan/proto';
import { until } from '../harness.js';
import { startStack, type Stack } from './stack.js';
import { createMember, createPoll, type Member } from './support.js';

interface ReceivedSpan {
  service: string;
  name: string;
  traceId: string;
  kind: number;
}

/** OTLP's SpanKind numbers. */
const SERVER = 2;
const CONSUMER = 5;

describe('traces across HTTP and NATS', () => {
  let stack: Stack;
  let receiver: Server;
  const spans: ReceivedSpan[] = [];
  let ayse: Member;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        if (request.url === '/v1/traces') {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            resourceSpans: { resource: { attributes: { key: string; value: { stringValue?: string } }[] }; scopeSpans: { spans: { name: string; traceId: string; kind: number }[] }[] }[];
          };
          for (const rs of body.resourceSpans) {
            const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
            for (const ss of rs.scopeSpans) for (const span of ss.spans) spans.push({ service, name: span.name, traceId: span.traceId, kind: span.kind });
          }
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
    stack = await startStack({
      replicas: 1,
      env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_BSP_SCHEDULE_DELAY: '200', LOG_LEVEL: 'debug' },
    });
    ayse = await createMember(stack, 'ayse', 'Ayşe');
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    receiver?.close();
  });

  it('follows one vote from the browser through the gateway, polls and a JetStream consumer', async () => {
    const poll = await createPoll(stack, ayse, { title: 'İzler birleşiyor mu?', category: 'serbest-kursu', options: ['Evet', 'Hayır'] });
    const traceId = randomBytes(16).toString('hex');
    const res = await fetch(`${stack.origin}/api/polls/${poll.id}/vote`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${ayse.sid}`, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
      body: JSON.stringify({ optionIndex: 0 }),
    });
    expect(res.status).toBe(200);
    const trace = await until(() => {
      const mine = spans.filter((s) => s.traceId === traceId);
      const has = (service: string, kind: number) => mine.some((s) => s.service === service && s.kind === kind);
      // Through JetStream into the vote's consumer: polls' persister, its span in every vote's trace of the batch.
      const consumed = mine.some((s) => s.service === 'polls' && s.kind === CONSUMER && s.name === 'events.polls.vote.cast process');
      return has('gateway', SERVER) && has('polls', SERVER) && consumed ? mine : null;
    }, 20_000, 'the vote trace from gateway, polls and a consumer');
    // The NATS hops between them are in it too: polls published the event the consumer took.
    expect(trace.some((s) => s.service === 'polls' && s.name === 'events.polls.vote.cast publish')).toBe(true);
    // The request's log lines carry the trace id.
    await until(() => readFileSync(join(stack.logDir, 'polls.log'), 'utf8').includes(`"traceId":"${traceId}"`), 10_000, 'a polls log line with the trace id');
    // Another request is another trace.
    expect(new Set(spans.map((s) => s.traceId)).size).toBeGreaterThan(1);
  });
});
