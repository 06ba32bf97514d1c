// The memory settings every Meydan Node process (the six services and the gateway) runs with, locally: `npm start`,
// `npm run bench` and `npm run chaos` take them from here. The Docker image sets the same values in its runtime
// stage (deploy/docker/Dockerfile), which docker-compose and the Kubernetes manifests run unchanged; deploy/test
// (node-runtime.test.ts, deploy.test.ts) keeps them in step. README.md § Memory says why they are what they are.
// Plain Node with built-ins only, like servers.mjs.
import { fileURLToPath } from 'node:url';
import { startProcess } from './servers.mjs';

/**
 * Read by glibc when the process starts, so they cannot be set from inside it.
 * MALLOC_ARENA_MAX: glibc gives each thread that allocates (libuv's pool: crypto, zlib, DNS; V8's GC helpers) an
 * arena of its own, up to 8 per core, and keeps what each one held at its peak; two arenas are enough for a process
 * whose JavaScript runs on one thread.
 */
export const RUNTIME_ENV = Object.freeze({ MALLOC_ARENA_MAX: '2' });

/**
 * V8 flags, passed in NODE_OPTIONS (the only way that reaches a process started by any means, Docker's CMD included).
 * --max-semi-space-size=4: the young generation's two semi-spaces grow to 16 MB each by default; start-up alone
 * (module loading, schema compilation) grows them there, and an idle process keeps those 32 MB. 4 MB each bounds it
 * at 8 MB, at the price of more frequent, shorter scavenges under load.
 */
export const RUNTIME_NODE_OPTIONS = Object.freeze(['--max-semi-space-size=4']);

/**
 * `env` with the runtime settings added. An operator's own MALLOC_ARENA_MAX wins, and their NODE_OPTIONS come after
 * ours, so that a flag of theirs overrides the same flag of ours (V8 takes the last).
 */
export function withNodeRuntime(env = process.env) {
  const nodeOptions = [...RUNTIME_NODE_OPTIONS, env.NODE_OPTIONS].filter(Boolean).join(' ');
  return { ...RUNTIME_ENV, ...env, NODE_OPTIONS: nodeOptions };
}

/**
 * Node's compile cache (NODE_COMPILE_CACHE): the code of a process's modules, compiled once and kept on disk, so the
 * same process started again (each browser test file's stack, a supervisor's restart, the next `npm start`) loads
 * them without compiling them anew: about a third less CPU to start a stack of seven processes. The operator's own
 * NODE_COMPILE_CACHE wins. Local only: the images start each process once.
 */
export const COMPILE_CACHE_DIR = fileURLToPath(
  new URL('../../node_modules/.cache/node-compile-cache', import.meta.url),
);

/**
 * Starts a Meydan Node process (`script` with `nodeArgs` before it) with the runtime settings added to `env`
 * (default: this process's; `runtime: false`: Node's own defaults, as the browser tests run). Every Node process
 * deploy/ starts goes through here; deploy/test/node-runtime.test.ts checks that none is started another way.
 * @param {string} name
 * @param {string} script
 * @param {{ nodeArgs?: string[], env?: NodeJS.ProcessEnv, runtime?: boolean, logFile?: string, cwd?: string }} [options]
 */
export function startNodeProcess(name, script, { nodeArgs = [], env = process.env, runtime = true, ...options } = {}) {
  const withCache = { NODE_COMPILE_CACHE: COMPILE_CACHE_DIR, ...env };
  return startProcess(name, process.execPath, [...nodeArgs, script], {
    ...options,
    env: runtime ? withNodeRuntime(withCache) : withCache,
  });
}
