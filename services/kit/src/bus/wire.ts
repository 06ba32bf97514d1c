import { JSONCodec, headers as natsHeadersInit, type MsgHdrs } from 'nats';
import { natsHeaders } from '@meydan/proto';
import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.js';

/** What a NATS handler knows about the message it is handling. */
export interface BusContext {
  requestId: string;
  log: Logger;
  subject: string;
}

/** Anything that carries a request id: a BusContext, or a Fastify request (whose `id` is the request id). */
export type RequestIdSource = { requestId: string } | { id: string } | undefined;

/** A request id as a sender gives it: the id itself, or what carries it (a BusContext, a Fastify request). */
export type RequestIdOrSource = string | RequestIdSource;

export type Reply<T> = { ok: true; data: T } | { ok: false; error: { status: number; error: string; message: string } };

export const codec = JSONCodec();

/** The request id a source carries; a new one when there is none. */
export function requestIdOf(source: RequestIdOrSource): string {
  if (typeof source === 'string') return source;
  if (!source) return randomUUID();
  return 'requestId' in source ? source.requestId : source.id;
}

/** The request id of a received message; a new one when its sender set none. */
export function requestIdIn(h: MsgHdrs | undefined): string {
  return h?.get(natsHeaders.requestId) || randomUUID();
}

export const natsSpanAttributes = (subject: string) => ({
  'messaging.system': 'nats',
  'messaging.destination.name': subject,
});

export function headersWith(requestId: string): MsgHdrs {
  const h = natsHeadersInit();
  h.set(natsHeaders.requestId, requestId);
  return h;
}
