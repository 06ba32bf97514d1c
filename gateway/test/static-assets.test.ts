import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '../src/static-assets.js';
import { startTestGateway, type TestGateway } from './support.js';

const shell = `<!doctype html><html lang="tr"><title>Meydan</title><div id="root"></div>${'<!-- shell -->'.repeat(100)}</html>`;
const script = `export const feed = ${JSON.stringify('anket '.repeat(500))};`;
const worker = `self.addEventListener("install", () => {}); ${'//sw '.repeat(300)}`;

/** A build as `npm run build -w @meydan/web` leaves it: each text file with its .br and .gz twin. */
function writeWithTwins(path: string, content: string) {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

describe('gateway: pre-compressed static files', () => {
  let gateway: TestGateway;
  let web = '';

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'meydan-web-static-'));
    mkdirSync(join(web, 'assets'));
    writeWithTwins(join(web, 'index.html'), shell);
    writeWithTwins(join(web, 'assets', 'index-Bx12cd34.js'), script);
    writeWithTwins(join(web, 'sw.js'), worker);
    // Below the build's threshold: no twins.
    writeFileSync(join(web, 'assets', 'tiny-Ab12Cd34.css'), 'a{}');
    gateway = await startTestGateway({}, { config: { WEB_DIST: web } });
  });
  afterAll(async () => {
    await gateway?.close();
    rmSync(web, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    gateway.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends a hashed asset as brotli when accepted, cached for a year as immutable, varying on Accept-Encoding', async () => {
    const res = await get('/assets/index-Bx12cd34.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client without brotli, and the file itself to one that accepts neither', async () => {
    const gzipped = await get('/assets/index-Bx12cd34.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Bx12cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const refused = await get('/assets/index-Bx12cd34.js', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(script);
  });

  it('sends a file without twins as it is, still immutable under /assets/', async () => {
    const res = await get('/assets/tiny-Ab12Cd34.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('a{}');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the service worker compressed but revalidated on every load', async () => {
    const res = await get('/sw.js', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(worker);
  });

  it('sends the SPA shell for client routes compressed, with no-cache and Vary, and 404 for unknown paths', async () => {
    const home = await get('/', 'gzip, br');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-encoding']).toBe('br');
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(home.rawPayload).toString()).toBe(shell);

    const feed = await get('/kesfet', 'gzip');
    expect(feed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(feed.rawPayload).toString()).toBe(shell);

    const plain = await get('/kesfet');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(shell);

    const index = await get('/index.html', 'br');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(index.rawPayload).toString()).toBe(shell);

    const unknown = await get('/yok-boyle-bir-sayfa', 'br');
    expect(unknown.statusCode).toBe(404);
    expect(brotliDecompressSync(unknown.rawPayload).toString()).toBe(shell);
  });

  it('does not serve the twins as files of their own', async () => {
    const res = await get('/assets/index-Bx12cd34.js.br');
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(shell);
  });
});

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, honours q=0 and *, and offers nothing else', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('GZIP')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding('')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
