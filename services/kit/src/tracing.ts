/**
 * OpenTelemetry traces, off by default: `OTEL_EXPORTER_OTLP_ENDPOINT` turns them on (OTLP over HTTP). Then the SDK is
 * loaded before anything that speaks HTTP (the kit's index exports this module first), HTTP servers and clients
 * (node:http, undici: the gateway's proxy) carry W3C `traceparent`, and the bus carries it in NATS headers through
 * request/reply and JetStream into the consumers. Off, nothing of the SDK is loaded; the API below is a no-op.
 */
import {
  context,
  defaultTextMapGetter,
  isSpanContextValid,
  propagation,
  trace,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  type Context,
  type Span,
  type TextMapGetter,
  type TextMapPropagator,
  type TextMapSetter,
} from '@opentelemetry/api';
import { createRequire } from 'node:module';
import { basename, dirname } from 'node:path';

let shutdown: (() => Promise<void>) | undefined;

/** Whether this process exports traces. */
export const tracingEnabled = (): boolean => shutdown !== undefined;

/** The process's workspace folder (`services/polls/dist/main.js` → polls). */
const workspaceName = (): string => basename(dirname(dirname(process.argv[1] ?? 'meydan'))) || 'meydan';

/** The process's name: OTEL_SERVICE_NAME, else its workspace's folder. */
function processName(env: NodeJS.ProcessEnv): string {
  return env['OTEL_SERVICE_NAME'] || workspaceName();
}

/** Paths whose last segment is a mailed secret (activation, newsletter links), and `token=` parameters (reset links). */
const SECRET_SEGMENT = /(\/api\/auth\/activate\/|\/api\/newsletter\/(?:confirm|unsubscribe)\/)[^/?#]+/gi;
const SECRET_PARAMETER = /(^|[?&])(token=)[^&#]*/gi;

/** A URL, path or query as a span may record it: the single-use tokens of mailed links replaced, the rest as it was. */
export function redactedUrl(url: string): string {
  return url
    .replace(SECRET_SEGMENT, (_match, path: string) => `${path}[gizli]`)
    .replace(SECRET_PARAMETER, (_match, start: string, name: string) => `${start}${name}[gizli]`);
}

/** The URL attributes the HTTP and undici instrumentations set, in either generation of the conventions. */
const URL_ATTRIBUTES = ['url.full', 'url.path', 'url.query', 'http.url', 'http.target'];

/** Overwrites a span's URL attributes with their redacted form (the SDK's span keeps them readable). */
function redactSpanUrls(span: Span): void {
  const attributes = (span as unknown as { attributes?: Record<string, unknown> }).attributes ?? {};
  for (const key of URL_ATTRIBUTES) {
    const value = attributes[key];
    if (typeof value === 'string' && redactedUrl(value) !== value) span.setAttribute(key, redactedUrl(value));
  }
}

/**
 * The propagator of the public edge (the gateway): it takes no trace context from an incoming HTTP request (one the
 * internet sent: `traceparent`, `tracestate`, `baggage`), so every request starts a trace of ours, linked to the
 * caller's (see `linkCallerTrace`), not adopted. An HTTP request's headers are a plain object; NATS headers (read by the
 * bus, ours) have a `get` method: only those are read, by the inner propagator, which also does every inject. (The
 * carrier tells them apart, not the getter: the instrumentations load the API's CommonJS build, we its ES one, so its
 * default getter is two objects.)
 */
export class EdgePropagator implements TextMapPropagator {
  constructor(private readonly inner: TextMapPropagator) {}

  inject(ctx: Context, carrier: unknown, setter: TextMapSetter): void {
    this.inner.inject(ctx, carrier, setter);
  }

  extract(ctx: Context, carrier: unknown, getter: TextMapGetter): Context {
    const natsHeaders = typeof (carrier as { get?: unknown } | null)?.get === 'function';
    return natsHeaders ? this.inner.extract(ctx, carrier, getter) : ctx;
  }

  fields(): string[] {
    return this.inner.fields();
  }
}

/** On the edge's server span: a link to the trace the caller named, if it named a valid one. */
function linkCallerTrace(span: Span, headers: Record<string, unknown>, w3c: TextMapPropagator): void {
  if (typeof headers['traceparent'] !== 'string') return;
  const caller = trace.getSpanContext(w3c.extract(ROOT_CONTEXT, headers, defaultTextMapGetter));
  if (caller && isSpanContextValid(caller)) span.addLink({ context: caller, attributes: { 'meydan.link': 'caller' } });
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
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { UndiciInstrumentation } =
    require('@opentelemetry/instrumentation-undici') as typeof import('@opentelemetry/instrumentation-undici');
  const { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } =
    require('@opentelemetry/core') as typeof import('@opentelemetry/core');
  const w3c = new W3CTraceContextPropagator();
  const propagator = new CompositePropagator({ propagators: [w3c, new W3CBaggagePropagator()] });
  // The gateway is the public edge: a trace context from the internet is linked, never adopted.
  const edge = workspaceName() === 'gateway';
  const sdk = new NodeSDK({
    serviceName: processName(env),
    traceExporter: new OTLPTraceExporter(),
    textMapPropagator: edge ? new EdgePropagator(propagator) : propagator,
    instrumentations: [
      new HttpInstrumentation({
        requestHook: (span, request) => {
          redactSpanUrls(span);
          if (edge && 'headers' in request && !('setHeader' in request)) linkCallerTrace(span, request.headers, w3c);
        },
      }),
      new UndiciInstrumentation({ requestHook: (span) => redactSpanUrls(span) }),
    ],
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

const kinds = {
  client: SpanKind.CLIENT,
  server: SpanKind.SERVER,
  producer: SpanKind.PRODUCER,
  consumer: SpanKind.CONSUMER,
} as const;

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
 * Headers to forward without the caller's trace context (`traceparent`, `tracestate`, `baggage`): what the internet
 * sent never reaches a service. With tracing on, the HTTP client adds the gateway's own context instead.
 */
export function withoutTraceContext<H extends Record<string, unknown>>(headers: H): H {
  if (!('traceparent' in headers) && !('tracestate' in headers) && !('baggage' in headers)) return headers;
  const { traceparent: _parent, tracestate: _state, baggage: _baggage, ...rest } = headers;
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
