/**
 * The public edge takes no trace context from the internet: the gateway's propagator ignores what an incoming HTTP
 * request carries (while NATS headers still carry ours), the proxy forwards none of it, and spans record URLs without
 * the tokens of mailed links. The whole path, with the SDK on, is in test/e2e/tracing.test.ts.
 */
import { ROOT_CONTEXT, defaultTextMapGetter, trace } from '@opentelemetry/api';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { describe, expect, it } from 'vitest';
import { EdgePropagator, redactedUrl, withoutTraceContext } from '../src/tracing.js';

const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

describe('the public edge and trace context', () => {
  it('adopts no traceparent from an HTTP request, and still reads one from NATS headers', () => {
    const edge = new EdgePropagator(
      new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
    );
    const fromInternet = edge.extract(ROOT_CONTEXT, { traceparent, baggage: 'rol=admin' }, defaultTextMapGetter);
    expect(trace.getSpanContext(fromInternet)).toBeUndefined();
    const natsHeaders = new Map([['traceparent', traceparent]]);
    const fromNats = edge.extract(ROOT_CONTEXT, natsHeaders, {
      get: (c, k) => (c as Map<string, string>).get(k),
      keys: (c) => [...(c as Map<string, string>).keys()],
    });
    expect(trace.getSpanContext(fromNats)?.traceId).toBe('0af7651916cd43dd8448eb211c80319c');
  });

  it('forwards no traceparent, tracestate or baggage a caller sent', () => {
    expect(withoutTraceContext({ host: 'x', traceparent, tracestate: 'a=b', baggage: 'rol=admin' })).toEqual({
      host: 'x',
    });
  });

  it('records URLs without the tokens of mailed links', () => {
    expect(redactedUrl('http://meydan.test/api/auth/activate/SIRRI?x=1')).toBe(
      'http://meydan.test/api/auth/activate/[gizli]?x=1',
    );
    expect(redactedUrl('/api/newsletter/unsubscribe/SIRRI')).toBe('/api/newsletter/unsubscribe/[gizli]');
    expect(redactedUrl('/sifre-sifirla?a=1&token=SIRRI&b=2')).toBe('/sifre-sifirla?a=1&token=[gizli]&b=2');
    expect(redactedUrl('token=SIRRI')).toBe('token=[gizli]');
    expect(redactedUrl('/api/polls/123?page=2')).toBe('/api/polls/123?page=2');
  });
});
