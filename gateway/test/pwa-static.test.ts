import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from './support.js';

/** The PWA's files as web/dist has them: the service worker is revalidated on every load, the manifest typed. */
describe('gateway: PWA files', () => {
  let gateway: TestGateway;
  let web = '';

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'meydan-web-pwa-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><html lang="tr"><div id="root"></div></html>');
    writeFileSync(join(web, 'sw.js'), 'self.addEventListener("install", () => {});');
    writeFileSync(join(web, 'manifest.webmanifest'), JSON.stringify({ name: 'Meydan', start_url: '/' }));
    writeFileSync(join(web, 'theme-boot.js'), '// theme');
    writeFileSync(join(web, 'early-data.js'), 'var SCREEN_FILES = {"poll":["/assets/poll-1.js"]};');
    gateway = await startTestGateway({}, { config: { WEB_DIST: web } });
  });
  afterAll(async () => {
    await gateway?.close();
    rmSync(web, { recursive: true, force: true });
  });

  it("serves /sw.js and /early-data.js (it names the release's files) with cache-control no-cache", async () => {
    for (const url of ['/sw.js', '/early-data.js']) {
      const res = await gateway.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the manifest as application/manifest+json, other files with the usual hour of caching', async () => {
    const manifest = await gateway.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toEqual({ name: 'Meydan', start_url: '/' });
    const script = await gateway.app.inject({ url: '/theme-boot.js' });
    expect(script.headers['cache-control']).toBe('public, max-age=3600');
  });
});
