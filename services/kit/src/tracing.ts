/**
 * OpenTelemetry traces, off by default: `OTEL_EXPORTER_OTLP_ENDPOINT` turns them on (OTLP over HTTP). Then the SDK is
 * loaded before anything that speaks HTTP (the kit's index exports this module first), HTTP servers and clients
 * (node:http, undici: the gateway's proxy) carry W3C `traceparent`, and the bus carries it in NATS headers through
 * request/reply and JetStream into the consumers. Off, nothing of the SDK is loaded; the API below is a no-op.
 */
import { context, propagation, trace, SpanKind, SpanStatusCode, type Context, type Span } from '@opentelemetry/api';
import { createRequire } from 'node:module';
import { basename, dirname } from 'node:path';

let shutdown: (() => Promise<void>) | undefined;

/** Whether this process exports traces. */
export const tracingEnabled = (): boolean => shutdown !== undefined;

/** The process's name: OTEL_SERVICE_NAME, else its workspace's folder (`services/polls/dist/main.js` → polls). */
function processName(env: NodeJS.ProcessEnv): string {
  if (env['OTEL_SERVICE_NAME']) return env['OTEL_SERVICE_NAME'];
  const main = process.argv[1] ?? 'meydan';
  return basename(dirname(dirname(main))) || 'meydan';
}

/**
 * Starts the SDK when OTEL_EXPORTER_OTLP_ENDPOINT is set (only traces; no OTel metrics or logs: Prometheus has those).
 * Synchronously (`require`), while this module is evaluated: an ES module's top-level await would let the modules
 * beside it (Fastify, with node:http) load before the instrumentations are in place.
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): void {
  if (!env['OTEL_EXPORTER_OTLP_ENDPOINT'] || shutdown) return;
  env['OTEL_METRICS_EXPORTER'] ??= 'none';
  env['OTEL_LOGS_EXPORTER'] ??= 'none';
  const require = createRequire(import.meta.url);
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { UndiciInstrumentation } = require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  const sdk = new NodeSDK({
    serviceName: processName(env),
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [new HttpInstrumentation(), new UndiciInstrumentation()],
  });
  sdk.start();
  shutdown = () => sdk.shutdown();
}

/** Sends what is left of the traces (at shutdown). */
export async function stopTracing(): Promise<void> {
  await shutdown?.().catch(() => undefined);
}

const tracer = () => trace.getTracer('@meydan/kit');

/** Something NATS headers can be: what `propagation` writes to and reads from. */
interface HeaderCarrier {
  get(key: string): string;
  set(key: string, value: string): void;
}

/** Puts the active trace context (`traceparent`, `tracestate`) into NATS headers. */
export function injectTraceContext(headers: HeaderCarrier, ctx: Context = context.active()): void {
  if (!shutdown) return;
  propagation.inject(ctx, headers, { set: (carrier, key, value) => carrier.set(key, value) });
}

/** The trace context NATS headers carry (the active one when they carry none). */
export function extractTraceContext(headers: HeaderCarrier | undefined): Context {
  if (!shutdown || !headers) return context.active();
  return propagation.extract(context.active(), headers, {
    get: (carrier, key) => carrier.get(key) || undefined,
    keys: () => ['traceparent', 'tracestate'],
  });
}

const kinds = { client: SpanKind.CLIENT, server: SpanKind.SERVER, producer: SpanKind.PRODUCER, consumer: SpanKind.CONSUMER } as const;

/**
 * Runs `work` in a span (child of `parent`), ended when it settles; a failure marks it. Without tracing, just `work`.
 */
export async function inSpan<T>(
  name: string,
  kind: keyof typeof kinds,
  attributes: Record<string, string | number>,
  work: (span: Span | undefined) => Promise<T> | T,
  parent: Context = context.active(),
): Promise<T> {
  if (!shutdown) return work(undefined);
  const span = tracer().startSpan(name, { kind: kinds[kind], attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw err;
  } finally {
    span.end();
  }
}

/** Runs `work` in one span per parent context (a batch of events, each with its own trace), all ended when it settles. */
export async function inSpans<T>(
  name: string,
  kind: keyof typeof kinds,
  attributes: Record<string, string | number>,
  parents: Context[],
  work: () => Promise<T> | T,
): Promise<T> {
  if (!shutdown || parents.length === 0) return work();
  const spans = parents.map((parent) => tracer().startSpan(name, { kind: kinds[kind], attributes }, parent));
  try {
    return await context.with(trace.setSpan(parents[0]!, spans[0]!), work);
  } catch (err) {
    for (const span of spans) span.setStatus({ code: SpanStatusCode.ERROR });
    throw err;
  } finally {
    for (const span of spans) span.end();
  }
}

/**
 * Headers to forward without the caller's trace context when tracing is on: the HTTP client adds the current one (a
 * child of the caller's), and a second `traceparent` beside it would make the next hop start a new trace.
 */
export function withoutTraceContext<H extends Record<string, unknown>>(headers: H): H {
  if (!shutdown || (!('traceparent' in headers) && !('tracestate' in headers))) return headers;
  const { traceparent: _parent, tracestate: _state, ...rest } = headers;
  return rest as H;
}

/** For log lines: the active trace and span ids (pino's mixin), or nothing. */
export function traceFields(): { traceId?: string; spanId?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}

startTracing();
