import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import { errorCatalogue, type ServiceName } from '@meydan/proto';
import { IDENTITY_HEADER, signIdentity, withoutTraceContext } from '@meydan/kit';
import type { PublicAnswerCache, UpstreamAnswer } from './public-cache.js';
import { mayTryAnother, upstreamFailureOf, Upstreams } from './upstreams.js';
import { routingTable } from './routing-table.js';
import { isBodyTooLarge } from './request-limits.js';
import { readsOnly } from './paths.js';
import { serviceUrlVar, type GatewayConfig } from './config.js';

/** Largest websocket frame the gateway accepts or relays (socket.io messages are far smaller). */
export const MAX_SOCKET_FRAME_BYTES = 1024 * 1024;

/** Client-sent headers that could pose as an identity: never forwarded. */
const SPOOFABLE = /^x-(meydan-|user-|userid|user_id|role|identity)/i;

type ReplyOptions = NonNullable<FastifyHttpProxyOptions['replyOptions']>;
type ServiceRoute = (typeof routingTable)[number];

function upstreamOf(config: GatewayConfig, service: ServiceName): string {
  return config[serviceUrlVar(service)];
}

function withoutSpoofable(headers: Record<string, unknown>): Record<string, unknown> {
  const clean: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) if (!SPOOFABLE.test(name)) clean[name] = value;
  return clean;
}

/** The identity signed for exactly this request: its method, its (normal) path and the service it goes to. */
function signedHeaders(
  request: FastifyRequest,
  headers: Record<string, unknown>,
  service: ServiceName,
  secret: string,
) {
  const { userId, role, visitorId, ip, authMethod, mfaState } = request.gatewayIdentity;
  const binding = { method: request.method, path: request.url.split('?')[0] ?? '/', service };
  // Staff carry whether this session's second factor was verified; members carry nothing more.
  const mfa = mfaState ? { mfa: mfaState === 'verified' } : {};
  return {
    ...withoutTraceContext(withoutSpoofable(headers)),
    'x-request-id': request.id,
    [IDENTITY_HEADER]: signIdentity({ userId, role, visitorId, ip, authMethod, ...mfa }, secret, binding),
  };
}

/** 502 `answer_lost`: a change was sent to the service and its answer did not come back whole (it may have been made). */
const answerLost = (reply: FastifyReply) =>
  reply.code(502).send({ error: 'answer_lost', message: errorCatalogue.answer_lost.message });

/**
 * Relays the service's answer through the public answer cache; an answer that breaks off before it is sent is a 503,
 * or for a change the 502 that says it may have been made.
 */
function relayAnswer(service: ServiceName, publicAnswers: PublicAnswerCache): ReplyOptions['onResponse'] {
  return (request, reply, upstream) => {
    publicAnswers
      .relay(request as FastifyRequest, reply as FastifyReply, upstream as unknown as UpstreamAnswer)
      .catch((err: unknown) => {
        reply.request.log.warn({ err, service }, 'upstream answer broke off');
        if (!reply.sent) {
          reply.removeHeader('content-length');
          if (!readsOnly(reply.request.method)) return answerLost(reply as FastifyReply);
          reply.code(503).send({ error: 'service_unavailable', message: errorCatalogue.service_unavailable.message });
        }
      });
  };
}

/**
 * The answer when the service could not be reached: 413 for a body over the limit; with replicas, the request asked
 * again of another one that is up when its method allows it; a change whose connection was cut once sent (the service
 * may have made it: a vote counted, then the process killed before it answered) 502 `answer_lost`; else 503.
 */
function answerUnreachable(
  service: ServiceName,
  upstreams: Upstreams,
  chosen: WeakMap<object, string>,
  attempts: WeakMap<object, number>,
  replyOptions: () => ReplyOptions,
): ReplyOptions['onError'] {
  return (reply, { error }) => {
    if (isBodyTooLarge(error)) {
      reply.request.log.info({ service }, 'body over the limit stopped');
      return reply
        .code(413)
        .header('connection', 'close')
        .send({ error: 'payload_too_large', message: errorCatalogue.payload_too_large.message });
    }
    const url = chosen.get(reply.request);
    const failure = upstreamFailureOf(error);
    if (url && failure) upstreams.markDown(url);
    const tries = (attempts.get(reply.request) ?? 1) + 1;
    if (url && tries <= upstreams.urls.length && mayTryAnother(reply.request.method, failure)) {
      const other = upstreams.pick();
      if (other !== url && upstreams.isUp(other)) {
        attempts.set(reply.request, tries);
        chosen.set(reply.request, other);
        reply.request.log.warn(
          { err: error, service, upstream: url, retry: other },
          'upstream replica unreachable: asking another',
        );
        return reply.from(reply.request.url.split('?', 1)[0]!, { ...replyOptions(), getUpstream: () => other });
      }
    }
    reply.request.log.warn({ err: error, service, upstream: url }, 'upstream unreachable');
    if (failure === 'cut' && !readsOnly(reply.request.method)) return answerLost(reply as FastifyReply);
    reply.code(503).send({ error: 'service_unavailable', message: errorCatalogue.service_unavailable.message });
  };
}

/**
 * Requests of one prefix in flight to one replica at once (undici's pool; reply-from's default is 128). Past it a
 * request waits in the gateway's own queue, unseen by the service: while a JetStream election holds a few hundred votes
 * in polls (its publishes wait in line, see the kit's PublishGate), 128 filled up and member votes queued here until
 * their signed identity (10 s) had expired, long after polls had them flowing again; polls itself refuses what it
 * cannot take.
 */
export const UPSTREAM_CONNECTIONS = 1024;

/** The proxy's options for one prefix of the routing table: its upstream (or replicas), signed headers, relay, failures. */
function proxyOptions(
  route: ServiceRoute,
  config: GatewayConfig,
  publicAnswers: PublicAnswerCache,
): FastifyHttpProxyOptions {
  const upstreams = Upstreams.parse(upstreamOf(config, route.service));
  const chosen = new WeakMap<object, string>();
  const attempts = new WeakMap<object, number>();
  // One replica: a fixed upstream. Several: each request (and socket) to the next in turn.
  const replicas = upstreams.urls.length > 1;
  const replyOptions: ReplyOptions = {
    ...(replicas
      ? {
          getUpstream: (request: object) => {
            const url = upstreams.pick();
            chosen.set(request, url);
            return url;
          },
        }
      : {}),
    rewriteRequestHeaders: (request, headers) =>
      signedHeaders(request as FastifyRequest, headers, route.service, config.INTERNAL_SECRET),
    onResponse: relayAnswer(route.service, publicAnswers),
    onError: answerUnreachable(route.service, upstreams, chosen, attempts, () => replyOptions),
  };
  return {
    upstream: replicas ? '' : upstreams.urls[0]!,
    prefix: route.prefix,
    rewritePrefix: route.prefix,
    replyOptions,
    undici: { connections: UPSTREAM_CONNECTIONS },
  };
}

/** Every prefix of the routing table proxied to its service; the socket one with its upgrade signed too. */
export async function addProxyRoutes(
  app: FastifyInstance,
  config: GatewayConfig,
  publicAnswers: PublicAnswerCache,
): Promise<void> {
  for (const route of routingTable) {
    const options = proxyOptions(route, config, publicAnswers);
    if (route.websocket) {
      // The websocket upgrade is signed the same way (its request has been through onRequest). Cookies stay
      // here: the notifications service learns who is connecting from the signed identity alone.
      const wsClientOptions = {
        rewriteRequestHeaders: (headers: Record<string, unknown>, request: FastifyRequest) =>
          signedHeaders(request, headers, route.service, config.INTERNAL_SECRET),
        maxPayload: MAX_SOCKET_FRAME_BYTES,
      } as FastifyHttpProxyOptions['wsClientOptions'];
      const wsServerOptions = { maxPayload: MAX_SOCKET_FRAME_BYTES };
      await app.register(httpProxy, { ...options, websocket: true, wsClientOptions, wsServerOptions });
    } else {
      await app.register(httpProxy, { ...options, preHandler: publicAnswers.serveStored });
    }
  }
}
