/**
 * `GET /api/openapi.json`: one OpenAPI document for the whole public API, merged from the documents the services
 * answer on `<service>.openapi`. A service's document counts only with the paths the routing table sends to it.
 * The administrators' routes (`/api/admin/*`) are not in it: they are in `GET /api/admin/openapi.json`, behind the
 * admin guard like every admin route.
 */
import {
  SESSION_COOKIE,
  limits,
  openapiSubject,
  serviceNames,
  type OpenApiDocument,
  type ServiceName,
} from '@meydan/proto';
import type { Bus, Logger } from '@meydan/kit';
import { serviceForPath } from './routing-table.js';
import { TtlCache } from '@meydan/kit';

type Json = Record<string, unknown>;

const tiers = limits.api.rateLimitsPerHour;

/** Turkish descriptions of the services, as the document's tags. */
export const serviceTags: Record<ServiceName, string> = {
  auth: 'Hesaplar, oturum, profil, kişilik anketi ve API anahtarları',
  polls: 'Anketler, oylar, beğeniler, yorumlar, paylaşımlar ve şikayetler',
  social: 'Takip ve takipçiler',
  notifications: 'Bildirimler',
  contact: 'İletişim formu ve bülten',
  admin: 'Yönetim (yalnızca yöneticiler)',
};

/** Keywords of our validator (Turkish error texts, the poll-options check) that mean nothing to OpenAPI readers. */
const VALIDATOR_ONLY = new Set(['errorMessage', 'meydanPollOptions']);

/** A copy without the validator-only keywords (a property that happens to carry such a name is kept). */
function withoutValidatorKeywords(node: unknown, inProperties = false): unknown {
  if (Array.isArray(node)) return node.map((n) => withoutValidatorKeywords(n));
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (!inProperties && VALIDATOR_ONLY.has(key)) continue;
    out[key] = withoutValidatorKeywords(value, !inProperties && (key === 'properties' || key === 'patternProperties'));
  }
  return out;
}

/** Names of the component schemas a node refers to (`#/components/schemas/<name>`). */
function referencedSchemas(node: unknown, found: Set<string>): void {
  if (Array.isArray(node)) {
    for (const n of node) referencedSchemas(n, found);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
      found.add(value.slice('#/components/schemas/'.length));
    } else referencedSchemas(value, found);
  }
}

/** The body of every 4xx/5xx answer of every service (`installErrorHandling` in the kit). */
const errorSchema = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string', description: 'Makinece okunacak hata kodu, ör. validation, unauthorized, not_found' },
    message: { type: 'string', description: 'Kullanıcıya gösterilecek Türkçe açıklama' },
    fields: {
      type: 'array',
      description: 'Doğrulama hatalarında sorunlu alanlar',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
} as const;
const errorResponse = {
  description: 'Hata: {error, message} (Türkçe mesaj); 429 yanıtında retry-after başlığı',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/error' } } },
} as const;

/** Codes the gateway itself answers on any route, before a service sees the request, always with the JSON error body. */
const GATEWAY_REFUSALS = ['400', '413', '414', '429'];

/**
 * A route that documents one of the gateway's refusal codes with another body (a link from an e-mail answers its 400
 * as an HTML page) may still get the gateway's JSON refusal for it (an ambiguous escape in the path, 400): both are
 * listed.
 */
function withGatewayRefusals(responses: Json): void {
  for (const code of GATEWAY_REFUSALS) {
    const documented = responses[code] as { content?: Json } | undefined;
    if (!documented?.content || documented.content['application/json']) continue;
    responses[code] = { ...documented, content: { ...documented.content, ...errorResponse.content } };
  }
}

/**
 * @fastify/swagger marks every request body required, but a body schema that allows null (`meydan/no-body`,
 * `meydan/logout`) means the request may come without one: the document says so, or a client (and the fuzzer)
 * would take a bodiless request for a wrong one.
 */
function markOptionalBodies(paths: Record<string, Json>, schemas: Record<string, unknown>): void {
  const allowsNull = (schema: unknown): boolean => {
    if (!schema || typeof schema !== 'object') return false;
    const ref = (schema as Json)['$ref'];
    if (typeof ref === 'string') return allowsNull(schemas[ref.slice('#/components/schemas/'.length)]);
    const type = (schema as Json)['type'];
    return type === 'null' || (Array.isArray(type) && type.includes('null'));
  };
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const body = (
        operation as { requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> } }
      ).requestBody;
      const contents = Object.values(body?.content ?? {});
      if (body && contents.length > 0 && contents.every((c) => allowsNull(c.schema))) body.required = false;
    }
  }
}

/** Who a document is for: everyone (no admin routes), administrators (only theirs), or the gateway itself (all). */
export type OpenApiAudience = 'public' | 'admin' | 'every';

const ADMIN_PATH = /^\/api\/admin(\/|$)/i;
const inAudience = (audience: OpenApiAudience, path: string) =>
  audience === 'every' || (audience === 'admin') === ADMIN_PATH.test(path);

const descriptions: Record<Exclude<OpenApiAudience, 'every'>, { title: string; description: string }> = {
  public: {
    title: 'Meydan API',
    description:
      'Meydan’ın herkese açık HTTP API’si. Kimlik doğrulaması: Ayarlar’da oluşturulan kişisel API anahtarı ' +
      '(`Authorization: Bearer <anahtar>`) ya da tarayıcı oturumu (`sid` çerezi). Anahtar başına istek sınırı: ' +
      `ücretsiz ${tiers.free}, geliştirici ${tiers.developer.toLocaleString('tr-TR')}, işletme ${tiers.business.toLocaleString('tr-TR')} istek/saat.`,
  },
  admin: {
    title: 'Meydan yönetim API',
    description: 'Yalnızca yöneticiler: `/api/admin/*` yolları, yönetici hesabının oturumu ya da API anahtarıyla.',
  },
};

/** The merged document of the services' documents, with the paths of one audience. */
export function mergeOpenApi(
  documents: Partial<Record<ServiceName, OpenApiDocument>>,
  publicOrigin: string,
  log?: Logger,
  audience: OpenApiAudience = 'public',
): Json {
  const paths: Record<string, Json> = {};
  const schemas: Record<string, unknown> = {};
  const tagged = new Set<ServiceName>();
  for (const service of serviceNames) {
    const doc = documents[service];
    if (!doc) continue;
    for (const [path, operations] of Object.entries(doc.paths ?? {})) {
      if (serviceForPath(path) !== service || !inAudience(audience, path)) continue;
      tagged.add(service);
      paths[path] ??= {};
      const merged = paths[path];
      for (const [method, operation] of Object.entries(operations as Json)) {
        if (merged[method]) log?.warn({ path, method, service }, 'openapi: operation documented by two services');
        const responses = { ...((operation as { responses?: Json }).responses ?? {}) };
        // Every route can answer the catalogue's errors (validation 400, 401, 429…), not only the codes it names.
        responses['4XX'] ??= errorResponse;
        withGatewayRefusals(responses);
        merged[method] = { ...(operation as Json), responses };
      }
    }
    Object.assign(schemas, (doc.components as { schemas?: Json } | undefined)?.schemas ?? {});
  }
  // Only the shared schemas the public paths use (each service registers every proto schema, NATS ones too).
  const used = new Set<string>();
  referencedSchemas(paths, used);
  for (let grew = true; grew; ) {
    const before = used.size;
    for (const name of [...used]) referencedSchemas(schemas[name], used);
    grew = used.size > before;
  }
  markOptionalBodies(paths, schemas);
  const sortedPaths = Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((p) => [p, paths[p]]),
  );
  return withoutValidatorKeywords({
    openapi: '3.1.0',
    info: {
      ...descriptions[audience === 'admin' ? 'admin' : 'public'],
      version: '1.0.0',
      license: { name: 'Meydan Kullanım Şartları', url: `${publicOrigin.replace(/\/+$/, '')}/kullanim-sartlari` },
    },
    servers: [{ url: publicOrigin.replace(/\/+$/, ''), description: 'Meydan' }],
    tags: serviceNames.filter((s) => tagged.has(s)).map((name) => ({ name, description: serviceTags[name] })),
    security: [{ bearerAuth: [] }, { cookieAuth: [] }, {}],
    paths: sortedPaths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'Ayarlar › API anahtarları bölümünde oluşturulan kişisel anahtar',
        },
        cookieAuth: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'Tarayıcı oturumu (POST /api/login ile)',
        },
      },
      schemas: {
        error: errorSchema,
        ...Object.fromEntries(
          [...used]
            .sort()
            .filter((n) => schemas[n])
            .map((n) => [n, schemas[n]]),
        ),
      },
    },
  }) as Json;
}

/** The one entry of the document cache. */
const MERGED = 'merged';
/** The document's operations as routes (`/api/polls/{id}` as `/api/polls/:id`), to match concrete paths against. */
export function documentedRoutes(doc: Json): { method: string; url: string }[] {
  return Object.entries((doc['paths'] ?? {}) as Record<string, Json>).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({ method, url: path.replace(/\{([^}]+)\}/g, ':$1') })),
  );
}

/**
 * Asks every service for its document and merges them. A complete document is kept for `ttlMs` (the services'
 * routes change only when they are deployed); a partial one is answered but asked for again next time.
 */
export type OpenApiSet = Record<OpenApiAudience, Json>;

export class OpenApiDocuments {
  private readonly complete: TtlCache<OpenApiSet>;
  private pending: Promise<{ docs: OpenApiSet; missing: ServiceName[] }> | null = null;

  constructor(
    private readonly bus: Bus,
    private readonly log: Logger,
    private readonly publicOrigin: string,
    ttlMs: number,
    private readonly timeoutMs: number,
  ) {
    this.complete = new TtlCache(ttlMs, 1);
  }

  async get(requestId: string): Promise<{ docs: OpenApiSet; missing: ServiceName[] }> {
    const cached = this.complete.get(MERGED);
    if (cached) return { docs: cached, missing: [] };
    this.pending ??= this.build(requestId).finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async build(requestId: string): Promise<{ docs: OpenApiSet; missing: ServiceName[] }> {
    const answers = await Promise.all(
      serviceNames.map(async (service) => {
        try {
          return [
            service,
            await this.bus.request(openapiSubject(service), null, { requestId }, this.timeoutMs),
          ] as const;
        } catch (err) {
          this.log.warn({ reqId: requestId, service, err }, 'openapi: service did not answer');
          return [service, null] as const;
        }
      }),
    );
    const documents: Partial<Record<ServiceName, OpenApiDocument>> = {};
    for (const [service, doc] of answers) if (doc) documents[service] = doc;
    const missing = serviceNames.filter((s) => !documents[s]);
    const docs: OpenApiSet = {
      public: mergeOpenApi(documents, this.publicOrigin, this.log, 'public'),
      admin: mergeOpenApi(documents, this.publicOrigin, undefined, 'admin'),
      every: mergeOpenApi(documents, this.publicOrigin, undefined, 'every'),
    };
    if (missing.length === 0) this.complete.set(MERGED, docs);
    return { docs, missing };
  }
}
