// The web build as a visitor gets it: the JS downloaded for `/` (the web build's own measure) and one hashed asset
// fetched from the running stack in each encoding, its bytes on the wire, caching header and whether it decodes to the
// file itself.
import { readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { benchRoot } from './settings.mjs';

/** @import { BenchStack } from './stack.mjs' */
/** @import { WebFigures } from './targets.mjs' */

/**
 * A GET whose body is kept as sent (still compressed).
 * @param {string} url
 * @param {Record<string, string>} headers
 * @returns {Promise<{ status: number | undefined, headers: import('node:http').IncomingHttpHeaders, body: Buffer }>}
 */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (res) => {
      /** @type {Buffer[]} */
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * The JS a visitor downloads for `/` (the web build's own measure) and a hashed asset served pre-compressed.
 * @param {BenchStack} stack
 * @param {string} webDist
 * @returns {Promise<WebFigures>}
 */
export async function webFigures(stack, webDist) {
  const { tsImport } = await import('tsx/esm/api');
  const { measureInitialJs } = await tsImport(join(benchRoot, 'web/scripts/initial-js.ts'), import.meta.url);
  /** @type {{ totalGzipBytes: number, files: { file: string, gzipBytes: number }[] }} */
  const initial = measureInitialJs(webDist);
  // The largest file of the first load: hashed, fetched by every visitor, and well over the size below which the
  // build leaves a file uncompressed (the entry chunk itself is under 1 kB).
  const largest = initial.files.reduce((a, b) => (b.gzipBytes > a.gzipBytes ? b : a));
  const asset = largest.file.replace(/^assets\//, '');
  /** @type {WebFigures['encodings']} */
  const encodings = {};
  const original = readFileSync(join(webDist, 'assets', asset));
  for (const encoding of ['br', 'gzip']) {
    // node:http, not fetch: fetch decodes the body, and the bytes on the wire are what is measured here.
    const res = await rawGet(`${stack.base}/assets/${asset}`, { 'accept-encoding': encoding });
    const contentEncoding = res.headers['content-encoding'] ?? null;
    const decode =
      /** @type {Record<string, (b: Buffer) => Buffer>} */ ({ br: brotliDecompressSync, gzip: gunzipSync })[
        /** @type {string} */ (contentEncoding)
      ] ?? ((/** @type {Buffer} */ b) => b);
    encodings[encoding] = {
      status: res.status,
      contentEncoding,
      cacheControl: res.headers['cache-control'] ?? null,
      bytes: res.body.length,
      intact: decode(res.body).equals(original),
    };
  }
  return {
    initialJsGzipBytes: initial.totalGzipBytes,
    initialJsFiles: initial.files,
    asset: `/assets/${asset}`,
    encodings,
  };
}
