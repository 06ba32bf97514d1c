/**
 * OpenTelemetry on the real stack: with OTEL_EXPORTER_OTLP_ENDPOINT set (here: a small OTLP/HTTP JSON receiver in the
 * test), one vote is one trace through the gateway, polls and a JetStream consumer, and the log lines of the request
 * carry its trace id. The `traceparent` the browser sent is linked from the gateway's span, never adopted (the public
 * edge starts its own trace), and no span records the token of a mailed link.
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
  links: string[];
  attributes: string;
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
            resourceSpans: {
              resource: { attributes: { key: string; value: { stringValue?: string } }[] };
              scopeSpans: {
                spans: {
                  name: string;
                  traceId: string;
                  kind: number;
                  links?: { traceId: string }[];
                  attributes?: unknown[];
                }[];
              }[];
            }[];
          };
          for (const rs of body.resourceSpans) {
            const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
            for (const ss of rs.scopeSpans) {
              for (const span of ss.spans) {
                const links = (span.links ?? []).map((l) => l.traceId);
                spans.push({
                  service,
                  name: span.name,
                  traceId: span.traceId,
                  kind: span.kind,
                  links,
                  attributes: JSON.stringify(span.attributes ?? []),
                });
              }
            }
          }
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
    stack = await startStack({
      replicas: 1,
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_BSP_SCHEDULE_DELAY: '200',
        LOG_LEVEL: 'debug',
      },
    });
    ayse = await createMember(stack, 'ayse', 'Ayşe');
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    receiver?.close();
  });

  it('follows one vote from the gateway through polls and a JetStream consumer, linking the trace the browser named', async () => {
    const poll = await createPoll(stack, ayse, {
      title: 'İzler birleşiyor mu?',
      category: 'serbest-kursu',
      options: ['Evet', 'Hayır'],
    });
    const browserTraceId = randomBytes(16).toString('hex');
    const res = await fetch(`${stack.origin}/api/polls/${poll.id}/vote`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `${SESSION_COOKIE}=${ayse.sid}`,
        traceparent: `00-${browserTraceId}-${randomBytes(8).toString('hex')}-01`,
        baggage: 'rol=admin',
      },
      body: JSON.stringify({ optionIndex: 0 }),
    });
    expect(res.status).toBe(200);
    // The gateway's span of this request: a trace of its own, with a link to the browser's.
    const edge = await until(
      () => spans.find((s) => s.service === 'gateway' && s.kind === SERVER && s.links.includes(browserTraceId)) ?? null,
      20_000,
      'the gateway span linking the browser trace',
    );
    const traceId = edge.traceId;
    expect(traceId).not.toBe(browserTraceId);
    const trace = await until(
      () => {
        const mine = spans.filter((s) => s.traceId === traceId);
        const has = (service: string, kind: number) => mine.some((s) => s.service === service && s.kind === kind);
        // Through JetStream into the vote's consumer: polls' persister, its span in every vote's trace of the batch.
        const consumed = mine.some(
          (s) => s.service === 'polls' && s.kind === CONSUMER && s.name === 'events.polls.vote.cast process',
        );
        return has('gateway', SERVER) && has('polls', SERVER) && consumed ? mine : null;
      },
      20_000,
      'the vote trace from gateway, polls and a consumer',
    );
    // The NATS hops between them are in it too: polls published the event the consumer took.
    expect(trace.some((s) => s.service === 'polls' && s.name === 'events.polls.vote.cast publish')).toBe(true);
    // The request's log lines carry the trace id.
    await until(
      () => readFileSync(join(stack.logDir, 'polls.log'), 'utf8').includes(`"traceId":"${traceId}"`),
      10_000,
      'a polls log line with the trace id',
    );
    // Another request is another trace, and nothing joined the browser's.
    expect(new Set(spans.map((s) => s.traceId)).size).toBeGreaterThan(1);
    expect(spans.filter((s) => s.traceId === browserTraceId)).toEqual([]);
    expect(spans.some((s) => s.attributes.includes('rol=admin'))).toBe(false);
  });

  it('records no mailed link’s token in any span', async () => {
    const token = randomBytes(24).toString('base64url');
    // A marker in the query (not a secret, so recorded as it is) tells this test's spans from the others'.
    const marker = randomBytes(6).toString('hex');
    await fetch(`${stack.origin}/api/auth/activate/${token}?iz=${marker}`);
    await fetch(`${stack.origin}/sifre-sifirla?iz=${marker}&token=${token}`);
    const mine = await until(
      () => {
        const found = spans.filter((s) => s.attributes.includes(marker));
        return found.some((s) => s.service === 'auth') && found.filter((s) => s.service === 'gateway').length >= 3
          ? found
          : null;
      },
      20_000,
      'the spans of both requests',
    );
    expect(mine.some((s) => s.attributes.includes('[gizli]'))).toBe(true);
    expect(spans.filter((s) => s.attributes.includes(token) || s.name.includes(token))).toEqual([]);
  });
});
