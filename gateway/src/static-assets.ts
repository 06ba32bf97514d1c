import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { shellWithPreview, type PreviewTags } from './link-previews.js';
import { COLOR_SCHEME_HINT, shellWithPage, type RenderedPage } from './server-render.js';

/** Hashed file names (web/dist/assets/): a new release has new names, so a browser may keep these for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files whose name stays across releases and that decide which release runs (or name its files): asked again on every load. */
export const REVALIDATE = 'no-cache';

type Encoding = 'br' | 'gzip';
const extensionOf: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The encoding to answer with: brotli, else gzip, when the client accepts it (a `q=0` refuses), else none.
 * Only what `npm run build` pre-compresses is offered: nothing is compressed per request.
 */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const quality = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return null;
}

/**
 * The web app's built files (web/dist) as the gateway serves them: each file as `vite build` left it, its .br or .gz
 * twin when the client accepts one (`Vary: Accept-Encoding` either way), hashed assets cached for a year as immutable,
 * the SPA shell and the service worker revalidated on every load, other files for an hour.
 */
export class StaticAssets {
  readonly root: string;
  private readonly shell: { identity: Buffer } & Partial<Record<Encoding, Buffer>>;

  constructor(webDist: string) {
    this.root = resolve(webDist);
    const indexFile = join(this.root, 'index.html');
    if (!existsSync(indexFile)) throw new Error(`WEB_DIST has no index.html: ${indexFile} (run npm run build)`);
    this.shell = { identity: readFileSync(indexFile) };
    for (const encoding of Object.keys(extensionOf) as Encoding[]) {
      const twin = indexFile + extensionOf[encoding];
      if (existsSync(twin)) this.shell[encoding] = readFileSync(twin);
    }
  }

  /** Answers with the SPA shell (index.html), compressed as the client accepts. */
  sendShell(request: FastifyRequest, reply: FastifyReply, statusCode: number): FastifyReply {
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const body = encoding ? this.shell[encoding] : undefined;
    reply
      .code(statusCode)
      .header('cache-control', REVALIDATE)
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    if (encoding && body) return reply.header('content-encoding', encoding).send(body);
    return reply.send(this.shell.identity);
  }

  /** Answers with the SPA shell carrying a poll's link-preview tags (uncompressed: it is made per poll). */
  sendShellWithPreview(reply: FastifyReply, statusCode: number, tags: PreviewTags): FastifyReply {
    const html = shellWithPreview(this.shell.identity.toString('utf8'), tags);
    return reply.code(statusCode).header('cache-control', REVALIDATE).type('text/html; charset=utf-8').send(html);
  }

  /**
   * Answers with the SPA shell carrying a poll's link-preview tags and its page drawn by the server (server-render.ts).
   * The page is the visitor's own (their session, their vote): kept by no shared cache. It asks Chromium for the device's
   * palette (`Accept-CH`), and, unless the member's choice decided it (`page.chosenTheme`), for this page again with it
   * when it came without (`Critical-CH`): a page drawn in the other palette waits for the app.
   */
  sendRenderedPage(reply: FastifyReply, statusCode: number, tags: PreviewTags, page: RenderedPage): FastifyReply {
    const html = shellWithPage(shellWithPreview(this.shell.identity.toString('utf8'), tags), page);
    for (const cookie of page.setCookies) reply.header('set-cookie', cookie);
    if (!page.chosenTheme) reply.header('critical-ch', COLOR_SCHEME_HINT);
    return reply
      .code(statusCode)
      .header('cache-control', 'private, no-cache')
      .header('vary', `cookie, ${COLOR_SCHEME_HINT}`)
      .header('accept-ch', COLOR_SCHEME_HINT)
      .type('text/html; charset=utf-8')
      .send(html);
  }

  /** Serves every file of the build at its own path (routes made at start-up; the rest falls to not-found). */
  async register(app: FastifyInstance): Promise<void> {
    const assetsDir = join(this.root, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: this.root,
      index: false,
      wildcard: false,
      preCompressed: true,
      maxAge: '1h',
      // The twins are a way of sending a file, not files of their own.
      allowedPath: (pathName) => !/\.(br|gz)$/i.test(pathName),
      setHeaders: (reply, path) => {
        const file = path.replace(/\.(br|gz)$/, '');
        if (file.startsWith(assetsDir)) reply.header('cache-control', IMMUTABLE);
        // The service worker must be checked on every load so a new release is found at once (its files are hashed);
        // so must the early script, which names the release's files.
        else if (/[\\/](sw\.js|index\.html|early-data\.js)$/.test(file)) reply.header('cache-control', REVALIDATE);
        else if (file.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json');
      },
    });
  }
}
