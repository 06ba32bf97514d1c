// Installs and starts the servers Meydan needs on this machine: NATS (JetStream on), Redis, a
// MongoDB-wire server (mongod if installed, otherwise FerretDB v1 with its embedded SQLite backend,
// built by ferretdb-build.mjs) and MailDev. Used by `npm start` (deploy/local/start.mjs) and by the
// test harness (test/global-setup.ts). Plain Node with built-ins only: it runs before `npm install`.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureFerretDb } from './ferretdb-build.mjs';
import { aptInstall, which } from './install.mjs';

/** @import { ChildProcess } from 'node:child_process' */
/**
 * A process started by startProcess: `stop()` sends SIGTERM, then SIGKILL after `graceMs`.
 * @typedef {{ name: string, proc: ChildProcess, exited: Promise<{ code: number | null, signal: NodeJS.Signals | null }>, stop(graceMs?: number): Promise<void> }} ProcessHandle
 */
/** @typedef {ProcessHandle & { url: string, port: number }} ServerHandle */
/** @typedef {{ natsServer: string | null, redisServer: string | null, mongod: string | null, ferretdb: string | null }} Binaries */

/**
 * Makes sure the server programs exist, installing what is missing. `mongo: false` skips the
 * MongoDB-wire server (MONGO_URL was given).
 * @returns {Binaries}
 */
export function ensureServerBinaries({ nats = true, redis = true, mongo = true } = {}) {
  const missing = [];
  if (nats && !which('nats-server')) missing.push('nats-server');
  if (redis && !which('redis-server')) missing.push('redis-server');
  if (missing.length) aptInstall(missing);
  /** @type {Binaries} */
  const result = {
    natsServer: nats ? which('nats-server') : null,
    redisServer: redis ? which('redis-server') : null,
    mongod: null,
    ferretdb: null,
  };
  if (mongo) {
    result.mongod = which('mongod');
    if (!result.mongod) result.ferretdb = ensureFerretDb();
  }
  return result;
}

/**
 * Whether a server can listen on `port` (0: any) of loopback right now; the port it got, or null.
 * @param {number} port
 * @returns {Promise<number | null>}
 */
function tryListen(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const got = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
      server.close(() => resolve(got));
    });
  });
}

/** The ports the kernel gives outgoing connections (Linux), or null where it does not say. */
function outgoingPortRange() {
  try {
    const [low = NaN, high = NaN] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return Number.isInteger(low) && Number.isInteger(high) ? { low, high } : null;
  } catch {
    return null;
  }
}

const LOWEST_PORT = 10_000;
/**
 * The ports of the Fetch standard's "bad port" list in the range picked from (its only one above LOWEST_PORT): Node's
 * fetch and browsers refuse them ("fetch failed … bad port"), and a MailDev given 10080 could not be read by its test.
 */
const BLOCKED_BY_FETCH = new Set([10_080]);
/**
 * Claims on ports, shared by every process of this machine: a file named after the port in one directory, created
 * with `wx` (exactly one process creates it) and holding the claimant's pid. A port probed free can be taken by
 * another process in the seconds before the server it was meant for listens on it: two test workers' stacks picked
 * the same port at random, and one service met EADDRINUSE at start (a fresh-clone run failed so,
 * deploy/test/stack-users.test.ts). The directory is the machine's, not the run's: two runs side by side (two
 * checkouts) pick from the same range. A claim is removed when its process exits (or calls releasePort); one whose
 * process has gone without removing it (ended by a signal, as test workers are) is taken over.
 */
export const PORT_CLAIMS = join(tmpdir(), 'meydan-port-claims');
/** Ports this process has claimed and not released: never handed out twice. */
const claimedHere = new Set();
let claiming = false;

/** @param {number} pid */
function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code === 'EPERM';
  }
}

/**
 * Kills each process of `pids` at once (SIGKILL), passing over those already gone. A pid of 0 or less is never sent:
 * process.kill would signal a whole process group, the caller's included.
 * @param {number[]} pids
 */
export function killAll(pids) {
  for (const pid of pids) {
    if (!(pid > 0)) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/**
 * Claims `port` for this process unless a live process (this one included) already has: true if it is now this
 * process's. It says nothing of whether the port is free: probe it after claiming.
 * @param {number} port
 * @returns {boolean}
 */
export function claimPort(port) {
  if (!claiming) {
    mkdirSync(PORT_CLAIMS, { recursive: true });
    process.once('exit', releaseAllPorts);
    claiming = true;
  }
  const file = join(PORT_CLAIMS, String(port));
  for (let tries = 0; tries < 3; tries++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      claimedHere.add(port);
      return true;
    } catch (err) {
      if (/** @type {NodeJS.ErrnoException} */ (err).code !== 'EEXIST') throw err;
    }
    let owner;
    try {
      owner = Number(readFileSync(file, 'utf8'));
    } catch {
      continue; // released meanwhile: try again
    }
    // An empty file is a claim being written: its process is alive.
    if (!(owner > 0) || owner === process.pid || processAlive(owner)) return false;
    rmSync(file, { force: true });
  }
  return false;
}

/** Gives up this process's claim on `port` (its server has stopped). @param {number} port */
export function releasePort(port) {
  if (!claimedHere.delete(port)) return;
  rmSync(join(PORT_CLAIMS, String(port)), { force: true });
}

function releaseAllPorts() {
  for (const port of claimedHere) rmSync(join(PORT_CLAIMS, String(port)), { force: true });
  claimedHere.clear();
}

/**
 * Claims `port` for this process (claimPort) if no other live process has and nothing listens on it now; whether it
 * did. A port found taken is given up again.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export async function claimIfFree(port) {
  if (!claimPort(port)) return false;
  if ((await tryListen(port)) === port) return true;
  releasePort(port);
  return false;
}

/**
 * A port nobody listens on right now and no other process has claimed, below the range of outgoing connections'
 * ports where the kernel has one: a port from that range (what listening on port 0 gives) can be taken as the local
 * end of one of the stack's own connections to NATS, Redis or PostgreSQL before the process it was meant for listens
 * on it (EADDRINUSE at start). It stays this process's (claimPort) until the process exits.
 */
export async function freePort() {
  const range = outgoingPortRange();
  if (range && range.low - LOWEST_PORT >= 2000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = LOWEST_PORT + Math.floor(Math.random() * (range.low - LOWEST_PORT));
      if (!BLOCKED_BY_FETCH.has(port) && (await claimIfFree(port))) return port;
    }
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await tryListen(0);
    if (port === null) break;
    if (claimPort(port)) return port;
  }
  throw new Error('no free port on 127.0.0.1');
}

/**
 * True if something accepts connections on the port.
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function portInUse(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Waits until the port accepts connections, failing early if the process exits.
 * @param {number} port
 * @param {{ timeoutMs?: number, proc?: ChildProcess, name?: string }} [options]
 */
export async function waitForPort(port, { timeoutMs = 30_000, proc, name = 'server' } = {}) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (proc && proc.exitCode !== null)
      throw new Error(`${name} exited with code ${proc.exitCode} before listening on ${port}`);
    if (await portInUse(port)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not listen on port ${port} within ${timeoutMs} ms`);
}

/**
 * Starts a child process with its output in a log file; `stop()` sends SIGTERM, then SIGKILL.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {{ logFile?: string, env?: NodeJS.ProcessEnv, cwd?: string }} [options]
 * @returns {ProcessHandle}
 */
export function startProcess(name, command, args, { logFile, env, cwd } = {}) {
  const out = logFile ? createWriteStream(logFile, { flags: 'a' }) : 'ignore';
  // Own process group: a terminal's Ctrl-C reaches only the runner, which stops children in order.
  const proc = spawn(command, args, {
    env: env ?? process.env,
    cwd,
    detached: true,
    stdio: ['ignore', logFile ? 'pipe' : 'ignore', logFile ? 'pipe' : 'ignore'],
  });
  if (logFile) {
    const log = /** @type {import('node:fs').WriteStream} */ (out);
    // One file for both: it is ended once both have closed (the first to end would otherwise end it under the other).
    /** @type {import('node:stream').Readable} */ (proc.stdout).pipe(log, { end: false });
    /** @type {import('node:stream').Readable} */ (proc.stderr).pipe(log, { end: false });
    proc.once('close', () => log.end());
  }
  /** @type {ProcessHandle['exited']} */
  const exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    name,
    proc,
    exited,
    async stop(graceMs = 10_000) {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * NATS with JetStream, storing under `dataDir`. `configFile`: a nats-server configuration to start with as well (the
 * kit's `writeNatsAuthConfig`: a user per service and its permissions); the address, port and store given here win.
 * @param {{ port: number, dataDir: string, logFile?: string, binary?: string | null, configFile?: string }} options
 * @returns {Promise<ServerHandle>}
 */
export async function startNats({ port, dataDir, logFile, binary = which('nats-server'), configFile }) {
  mkdirSync(dataDir, { recursive: true });
  const args = [
    '-a',
    '127.0.0.1',
    '-p',
    String(port),
    '-js',
    '-sd',
    dataDir,
    ...(configFile ? ['-c', configFile] : []),
  ];
  const handle = startProcess('nats', /** @type {string} */ (binary), args, { logFile });
  await waitForPort(port, { proc: handle.proc, name: 'nats-server' });
  return { ...handle, url: `nats://127.0.0.1:${port}`, port };
}

/**
 * Redis; `persist` keeps an append-only file in `dataDir`, written to disk every second (local stack: a crash loses
 * at most the last second of writes), tests keep nothing; `extraArgs` are more redis-server options.
 * @param {{ port: number, dataDir: string, logFile?: string, persist?: boolean, binary?: string | null, extraArgs?: string[] }} options
 * @returns {Promise<ServerHandle>}
 */
export async function startRedis({
  port,
  dataDir,
  logFile,
  persist = false,
  binary = which('redis-server'),
  extraArgs = [],
}) {
  mkdirSync(dataDir, { recursive: true });
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dataDir,
    '--save',
    '',
    '--protected-mode',
    'yes',
  ];
  args.push('--appendonly', persist ? 'yes' : 'no');
  if (persist) args.push('--appendfsync', 'everysec');
  // A replica (--replicaof), a cluster node (--cluster-enabled), a password (--requirepass) …
  args.push(...extraArgs);
  const handle = startProcess('redis', /** @type {string} */ (binary), args, { logFile });
  await waitForPort(port, { proc: handle.proc, name: 'redis-server' });
  return { ...handle, url: `redis://127.0.0.1:${port}`, port };
}

/**
 * FerretDB v1 on SQLite files in `dataDir`, or mongod when that is what we have.
 * @param {{ port: number, dataDir: string, logFile?: string, binaries: Partial<Binaries> }} options
 * @returns {Promise<ServerHandle>}
 */
export async function startMongoWire({ port, dataDir, logFile, binaries }) {
  mkdirSync(dataDir, { recursive: true });
  let handle;
  if (binaries.mongod) {
    handle = startProcess(
      'mongod',
      binaries.mongod,
      ['--bind_ip', '127.0.0.1', '--port', String(port), '--dbpath', dataDir],
      { logFile },
    );
  } else {
    handle = startProcess(
      'ferretdb',
      /** @type {string} */ (binaries.ferretdb),
      [
        '--handler=sqlite',
        // WAL (FerretDB's default) with synchronous NORMAL: a commit survives the server being killed, and only a
        // power loss may take back the last ones; FULL's fsync per commit doubled the CPU of every write.
        `--sqlite-url=file:${dataDir}/?_pragma=synchronous(normal)`,
        `--listen-addr=127.0.0.1:${port}`,
        '--debug-addr=-',
        `--state-dir=${dataDir}`,
        '--telemetry=disable',
        '--log-level=warn',
      ],
      { logFile },
    );
  }
  await waitForPort(port, { proc: handle.proc, name: handle.name });
  return { ...handle, url: `mongodb://127.0.0.1:${port}`, port };
}

/**
 * MailDev from node_modules: an SMTP catcher with a web inbox and a REST API.
 * @param {{ smtpPort: number, webPort: number, logFile?: string, root: string }} options
 * @returns {Promise<ProcessHandle & { smtpUrl: string, webUrl: string }>}
 */
export async function startMailDev({ smtpPort, webPort, logFile, root }) {
  const bin = join(root, 'node_modules', 'maildev', 'bin', 'maildev');
  if (!existsSync(bin)) throw new Error('MailDev is not installed: run npm install');
  const handle = startProcess(
    'maildev',
    process.execPath,
    [bin, '--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--silent'],
    { logFile },
  );
  await waitForPort(webPort, { proc: handle.proc, name: 'maildev' });
  await waitForPort(smtpPort, { proc: handle.proc, name: 'maildev' });
  return { ...handle, smtpUrl: `smtp://127.0.0.1:${smtpPort}`, webUrl: `http://127.0.0.1:${webPort}` };
}
