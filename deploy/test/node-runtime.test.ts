/**
 * The memory settings every Meydan Node process runs with (deploy/local/node-runtime.mjs, deploy/README.md § Memory): what
 * they are, that a process started through startNodeProcess really runs with them, and that every Meydan process
 * deploy/ starts (npm start, the bench, chaos) is started that way. deploy.test.ts checks the Docker image, compose
 * and the Kubernetes manifests.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPILE_CACHE_DIR,
  RUNTIME_ENV,
  RUNTIME_NODE_OPTIONS,
  startNodeProcess,
  withNodeRuntime,
} from '../local/node-runtime.mjs';
import { startProcess } from '../local/servers.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the runtime settings', () => {
  it('are two malloc arenas and 4 MB semi-spaces (part of what keeps an idle service under 120 MB)', () => {
    expect(RUNTIME_ENV).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(RUNTIME_NODE_OPTIONS).toEqual(['--max-semi-space-size=4']);
  });

  it('are added to an environment, an operator’s own NODE_OPTIONS and MALLOC_ARENA_MAX winning', () => {
    expect(withNodeRuntime({ PORT: '4002' })).toEqual({
      PORT: '4002',
      MALLOC_ARENA_MAX: '2',
      NODE_OPTIONS: '--max-semi-space-size=4',
    });
    // V8 takes the last of a repeated flag: the operator's comes after ours.
    expect(
      withNodeRuntime({ NODE_OPTIONS: '--max-semi-space-size=8 --enable-source-maps', MALLOC_ARENA_MAX: '4' }),
    ).toEqual({
      MALLOC_ARENA_MAX: '4',
      NODE_OPTIONS: '--max-semi-space-size=4 --max-semi-space-size=8 --enable-source-maps',
    });
  });
});

describe('startNodeProcess', () => {
  let dir = '';
  let script = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'meydan-runtime-test-'));
    script = join(dir, 'report.mjs');
    // What the process sees: its environment, and V8's heap limit, which counts the young generation (three times the
    // semi-space), so it tells whether --max-semi-space-size took effect.
    writeFileSync(
      script,
      `import { writeFileSync } from 'node:fs';
import { getCompileCacheDir } from 'node:module';
import { dirname } from 'node:path';
import { getHeapStatistics } from 'node:v8';
const { MALLOC_ARENA_MAX = null, NODE_OPTIONS = null, REPORT_FILE } = process.env;
// Node keeps each version's cache in a directory of its own inside the one given.
const dir = getCompileCacheDir();
const compileCache = dir ? dirname(dir) : null;
writeFileSync(REPORT_FILE, JSON.stringify({ MALLOC_ARENA_MAX, NODE_OPTIONS, compileCache, heapLimit: getHeapStatistics().heap_size_limit }));
`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  type Report = {
    MALLOC_ARENA_MAX: string | null;
    NODE_OPTIONS: string | null;
    compileCache: string | null;
    heapLimit: number;
  };
  /** This process's environment without the settings, and a file for the child to report to. */
  function envFor(name: string) {
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([key]) => key !== 'MALLOC_ARENA_MAX' && key !== 'NODE_OPTIONS' && key !== 'NODE_COMPILE_CACHE',
      ),
    );
    return { ...env, REPORT_FILE: join(dir, `${name}.json`) };
  }
  async function reportOf(handle: { name: string; exited: Promise<{ code: number | null }> }): Promise<Report> {
    expect((await handle.exited).code, handle.name).toBe(0);
    return JSON.parse(readFileSync(join(dir, `${handle.name}.json`), 'utf8'));
  }

  it('starts a process that runs with the settings, as if its flags were on the command line', async () => {
    const [started, flagged, plain] = await Promise.all([
      reportOf(startNodeProcess('started', script, { env: envFor('started') })),
      reportOf(
        startProcess('flagged', process.execPath, [...RUNTIME_NODE_OPTIONS, script], { env: envFor('flagged') }),
      ),
      reportOf(startProcess('plain', process.execPath, [script], { env: envFor('plain') })),
    ]);
    expect(started.MALLOC_ARENA_MAX).toBe('2');
    expect(started.NODE_OPTIONS).toBe('--max-semi-space-size=4');
    expect(started.heapLimit).toBe(flagged.heapLimit);
    // Node's own semi-space (16 MB on a 64-bit machine with this much memory) differs: the flag is no no-op.
    expect(started.heapLimit).not.toBe(plain.heapLimit);
  });

  it('puts nodeArgs (the bench’s profiler flags) before the script, the settings still applying', async () => {
    const [started, flagged] = await Promise.all([
      reportOf(
        startNodeProcess('started-args', script, {
          nodeArgs: ['--max-old-space-size=300'],
          env: envFor('started-args'),
        }),
      ),
      reportOf(
        startProcess('flagged-args', process.execPath, [...RUNTIME_NODE_OPTIONS, '--max-old-space-size=300', script], {
          env: envFor('flagged-args'),
        }),
      ),
    ]);
    expect(started.heapLimit).toBe(flagged.heapLimit);
    expect(started.MALLOC_ARENA_MAX).toBe('2');
  });

  it('with runtime: false (the browser tests) leaves Node its own defaults', async () => {
    const [started, plain] = await Promise.all([
      reportOf(startNodeProcess('started-plain', script, { runtime: false, env: envFor('started-plain') })),
      reportOf(startProcess('plain-again', process.execPath, [script], { env: envFor('plain-again') })),
    ]);
    expect(started).toEqual({ ...plain, NODE_OPTIONS: null, MALLOC_ARENA_MAX: null, compileCache: COMPILE_CACHE_DIR });
    expect(plain.NODE_OPTIONS).toBeNull();
  });

  it('gives every process the compile cache, so that a process started again does not compile its modules anew', async () => {
    const [started, plain, own] = await Promise.all([
      reportOf(startNodeProcess('started-cache', script, { env: envFor('started-cache') })),
      reportOf(startProcess('plain-cache', process.execPath, [script], { env: envFor('plain-cache') })),
      reportOf(
        startNodeProcess('own-cache', script, {
          env: { ...envFor('own-cache'), NODE_COMPILE_CACHE: join(dir, 'own-cache') },
        }),
      ),
    ]);
    expect(started.compileCache).toBe(COMPILE_CACHE_DIR);
    expect(plain.compileCache).toBeNull();
    // The operator's own directory wins.
    expect(own.compileCache).toBe(join(dir, 'own-cache'));
  });
});

describe('every Meydan process deploy/ starts', () => {
  /** deploy/'s own scripts (not its tests, not installed tools). */
  function scripts(dir = join(root, 'deploy')): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return ['node_modules', 'test'].includes(entry.name) ? [] : scripts(path);
      return /\.m?js$/.test(entry.name) ? [path] : [];
    });
  }

  it('is started by the one launcher, through startNodeProcess (npm start, the bench, chaos and the browser tests alike)', () => {
    const filesSaying = (pattern: RegExp) =>
      scripts().flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => pattern.test(line))
          .map(() => relative(root, file)),
      );
    // The six services and the gateway, each started in one place, deploy/local/stack.mjs, from its bundle; the
    // built main.js is named only where the bundle is made of it (deploy/local/bundle.mjs).
    const starts = filesSaying(/\bbundleOf\(root/).filter((file) => file !== 'deploy/local/bundle.mjs');
    expect(starts).toEqual(['deploy/local/stack.mjs', 'deploy/local/stack.mjs']);
    expect(new Set(filesSaying(/\bmain\.js\b/))).toEqual(new Set(['deploy/local/bundle.mjs']));
    const launcher = readFileSync(join(root, 'deploy/local/stack.mjs'), 'utf8');
    expect(launcher).not.toMatch(/\bstartProcess\(/);
    expect(launcher.match(/\bstartNodeProcess\(/g)).toHaveLength(2);
  });

  it("and no Node process is started another way, MailDev (not ours) and the stress run's busy loops aside", () => {
    const users = scripts()
      .filter((file) => readFileSync(file, 'utf8').includes('process.execPath'))
      .map((file) => relative(root, file));
    expect(users.sort()).toEqual([
      'deploy/local/node-runtime.mjs',
      'deploy/local/servers.mjs',
      'deploy/tools/stress.mjs',
    ]);
    // The stress script's only Node processes are its bounded busy loops, which load nothing of Meydan.
    const stress = readFileSync(join(root, 'deploy/tools/stress.mjs'), 'utf8');
    expect(stress.match(/process\.execPath/g)).toHaveLength(1);
    expect(stress).toMatch(/spawn\(process\.execPath, \['-e', loop\]/);
    const servers = readFileSync(join(root, 'deploy/local/servers.mjs'), 'utf8');
    expect(servers.match(/process\.execPath/g)).toHaveLength(1);
    expect(servers.slice(servers.indexOf('export async function startMailDev'))).toContain('process.execPath');
  });
});
