/**
 * What loading the kit costs a process that never opens a database: the gateway takes its NATS and Redis
 * connections from the kit, and mongoose with the MongoDB driver (about 10 MB of heap, and the driver's 17 MB BSON
 * buffer) is loaded only by connectMongo. Checked in a fresh Node process on the built kit (`npx tsc -b` first), the
 * way the gateway loads it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const kitDist = fileURLToPath(new URL('../dist/index.js', import.meta.url));

/** The npm packages a fresh process has loaded after running `code` (an ES module body). */
function packagesLoadedBy(code: string): string[] {
  const script = `${code}
const { createRequire } = await import('node:module');
const loaded = Object.keys(createRequire(import.meta.url).cache);
process.stdout.write(JSON.stringify([...new Set(loaded.map((f) => f.match(/node_modules\\/((?:@[^/]+\\/)?[^/]+)/)?.[1]).filter(Boolean))]));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      cwd: fileURLToPath(new URL('..', import.meta.url)),
    }),
  );
}

describe('loading the kit', () => {
  it('loads neither mongoose nor the MongoDB driver', () => {
    expect(existsSync(kitDist), 'build the kit first: npx tsc -b').toBe(true);
    const loaded = packagesLoadedBy(
      `const kit = await import(${JSON.stringify(kitDist)}); if (typeof kit.connectNats !== 'function') throw new Error('no kit');`,
    );
    // The check sees what the kit does load: NATS and ioredis are the gateway's connections.
    expect(loaded).toEqual(expect.arrayContaining(['nats', 'ioredis', 'fastify']));
    expect(loaded).not.toContain('mongoose');
    expect(loaded).not.toContain('mongodb');
  });

  it('loads them when a service connects to MongoDB', () => {
    // An address that does not parse: connectMongo loads mongoose before it finds out, and the failure is expected.
    const loaded = packagesLoadedBy(`const kit = await import(${JSON.stringify(kitDist)});
const log = { info() {}, warn() {} };
await kit.connectMongo('no-database-here', 'meydan_lazy', log).catch(() => {});`);
    expect(loaded).toEqual(expect.arrayContaining(['mongoose', 'mongodb']));
  });
});
