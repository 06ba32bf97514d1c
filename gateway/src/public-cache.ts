import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { within } from '@meydan/kit';
import { TtlCache } from '@meydan/kit';

/** The largest answer kept (a feed page of 50 polls is about 60 kB). */
export const MAX_STORED_BODY_BYTES = 256 * 1024;
/** All answers kept, together. */
const MAX_STORED_BYTES = 32 * 1024 * 1024;
/** The longest an answer is kept, whatever its service allows: a shared cache in memory, not a CDN. */
export const MAX_STORED_MS = 60_000;
/** How long a request waits for another one fetching the same answer before it asks the service itself. */
const WAIT_FOR_FETCH_MS = 5000;
/**
 * How long a path whose answer could not be kept is fetched by each request on its own: requests for an answer that is
 * never kept (a no-op, a refusal) should not queue behind one another.
 */
const PASS_MS = 10_000;

/** Response headers that belong to one connection or one answer, never kept. */
const NOT_KEPT = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authenticate',
  'proxy-authorization',
  'date',
  'age',
  'content-length',
  'x-request-id',
]);

/** The service's answer as the proxy hands it over: status and headers already copied to the reply, the body unread. */
export interface UpstreamAnswer {
  headers: IncomingHttpHeaders;
  statusCode: number;
  stream: Readable;
}

interface StoredAnswer {
  headers: Record<string, string | string[]>;
  body: Buffer;
  storedAt: number;
}

/**
 * How long a shared cache may keep an answer with this Cache-Control (s-maxage before max-age), at most MAX_STORED_MS;
 * 0 unless the service said `public` and nothing that forbids keeping it.
 */
export function sharedLifetimeMs(cacheControl: string | undefined): number {
  if (!cacheControl) return 0;
  const directives = new Map<string, string>();
  for (const part of cacheControl.toLowerCase().split(',')) {
    const [name, value = ''] = part.trim().split('=', 2) as [string, string?];
    if (name) directives.set(name, value.replace(/^"|"$/g, ''));
  }
  if (!directives.has('public') || ['private', 'no-store', 'no-cache'].some((d) => directives.has(d))) return 0;
  const seconds = Number(directives.get('s-maxage') ?? directives.get('max-age'));
  return Number.isInteger(seconds) && seconds > 0 ? Math.min(seconds * 1000, MAX_STORED_MS) : 0;
}

/** The request's path and query, its parameters in order of name (one key for `?a=1&b=2` and `?b=2&a=1`). */
export function answerKey(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const params = url
    .slice(queryAt + 1)
    .split('&')
    .filter(Boolean);
  // A stable sort: repeated parameters keep their order, which can matter to the service.
  params.sort((a, b) => {
    const [nameA, nameB] = [a.split('=', 1)[0]!, b.split('=', 1)[0]!];
    return nameA < nameB ? -1 : nameA > nameB ? 1 : 0;
  });
  return `${url.slice(0, queryAt)}?${params.join('&')}`;
}

/**
 * The gateway as a shared HTTP cache, the way a CDN is one: a GET answer its service marked `Cache-Control: public`
 * (status 200, no cookie set, not too large) is kept for its max-age, keyed by path, query and the request headers its
 * Vary names, and given to later requests that carry no identity. A member's request always reaches the service, and
 * a member's answer is never kept. While one request fetches a missing answer, the others asking for it wait for it
 * instead of all reaching the service at once.
 */
export class PublicAnswerCache {
  private readonly answers = new TtlCache<StoredAnswer>(MAX_STORED_MS, 10_000, {
    maxSize: MAX_STORED_BYTES,
    sizeOf: (a) => a.body.length + 512,
  });
  /** The request headers each path's answers vary by (lower case), as their service last said. */
  private readonly varyBy = new TtlCache<string[]>(MAX_STORED_MS, 10_000);
  /** Paths and queries whose last answer could not be kept. */
  private readonly passing = new TtlCache<true>(PASS_MS, 10_000);
  /** Answers being fetched, by path and query: settled once the fetch is over, kept or not. */
  private readonly fetching = new Map<string, Promise<void>>();
  private readonly fetchDone = new WeakMap<FastifyRequest, () => void>();

  /** Whether this request may be answered from, or its answer kept in, the cache: a GET by someone without identity. */
  private static mayUse(request: FastifyRequest): boolean {
    return request.method === 'GET' && request.gatewayIdentity.userId === null;
  }

  private variantKey(key: string, vary: readonly string[], headers: IncomingHttpHeaders): string {
    if (vary.length === 0) return key;
    return `${key}\n${vary.map((name) => `${name}:${String(headers[name] ?? '')}`).join('\n')}`;
  }

  private lookUp(key: string, request: FastifyRequest): StoredAnswer | undefined {
    const vary = this.varyBy.get(key);
    return vary ? this.answers.get(this.variantKey(key, vary, request.headers)) : undefined;
  }

  /**
   * A preHandler of the proxied routes: answers from the cache when it can. On a miss, the first request fetches
   * and the others wait for it, then take its answer if it was kept (or else ask the service themselves).
   */
  readonly serveStored = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!PublicAnswerCache.mayUse(request)) return;
    const key = answerKey(request.url);
    let stored = this.lookUp(key, request);
    if (!stored) {
      if (this.passing.get(key)) return;
      const underWay = this.fetching.get(key);
      if (!underWay) return this.startFetch(key, request);
      // Past the wait, this request asks the service itself.
      await within(underWay, WAIT_FOR_FETCH_MS).catch(() => undefined);
      stored = this.lookUp(key, request);
      if (!stored) return;
    }
    const ageSeconds = Math.floor((Date.now() - stored.storedAt) / 1000);
    return reply.code(200).headers(stored.headers).header('age', String(ageSeconds)).send(stored.body);
  };

  /** This request fetches the answer for `key`; whoever asks for it meanwhile waits until it is over. */
  private startFetch(key: string, request: FastifyRequest): void {
    let settle!: () => void;
    const done = new Promise<void>((resolve) => (settle = resolve));
    const finish = () => {
      if (this.fetching.get(key) === done) this.fetching.delete(key);
      settle();
    };
    this.fetching.set(key, done);
    this.fetchDone.set(request, finish);
  }

  /** The request is over (answered, failed or given up by its client): whoever waited for its answer goes on. */
  fetchOver(request: FastifyRequest): void {
    this.fetchDone.get(request)?.();
  }

  /**
   * The proxy's onResponse: sends the service's answer on, keeping a copy when it may be kept. The answer's status and
   * headers are already on `reply`.
   */
  async relay(request: FastifyRequest, reply: FastifyReply, upstream: UpstreamAnswer): Promise<void> {
    const lifetimeMs =
      PublicAnswerCache.mayUse(request) && upstream.statusCode === 200
        ? sharedLifetimeMs(header(upstream.headers['cache-control']))
        : 0;
    const vary = lifetimeMs > 0 ? varyOf(upstream.headers) : [];
    const length = Number(upstream.headers['content-length']);
    const keepable =
      lifetimeMs > 0 &&
      upstream.headers['set-cookie'] === undefined &&
      Number.isInteger(length) &&
      length <= MAX_STORED_BODY_BYTES &&
      !vary.includes('*');
    if (!keepable) {
      if (PublicAnswerCache.mayUse(request)) this.passing.set(answerKey(request.url), true);
      this.fetchOver(request);
      return void reply.send(upstream.stream);
    }
    let body: Buffer;
    try {
      body = await buffer(upstream.stream);
    } catch (err) {
      this.fetchOver(request);
      throw err;
    }
    const key = answerKey(request.url);
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(upstream.headers))
      if (value !== undefined && !NOT_KEPT.has(name)) headers[name] = value;
    this.passing.delete(key);
    this.varyBy.set(key, vary, lifetimeMs);
    this.answers.set(this.variantKey(key, vary, request.headers), { headers, body, storedAt: Date.now() }, lifetimeMs);
    this.fetchOver(request);
    reply.send(body);
  }
}

const header = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(', ') : value;

/** The request headers an answer varies by, lower case. */
const varyOf = (headers: IncomingHttpHeaders): string[] =>
  (header(headers['vary']) ?? '')
    .toLowerCase()
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
