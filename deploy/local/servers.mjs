// Installs and starts the servers Meydan needs on this machine: NATS (JetStream on), Redis, a
// MongoDB-wire server (mongod if installed, otherwise FerretDB v1 with its embedded SQLite backend)
// and MailDev. Used by `npm start` (deploy/local/start.mjs) and by the test harness
// (test/global-setup.ts). Plain Node with built-ins only: it runs before `npm install`.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  chmodSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aptInstall, cacheDir, run, say, which } from './install.mjs';

/** @import { ChildProcess } from 'node:child_process' */
/**
 * A process started by startProcess: `stop()` sends SIGTERM, then SIGKILL after `graceMs`.
 * @typedef {{ name: string, proc: ChildProcess, exited: Promise<{ code: number | null, signal: NodeJS.Signals | null }>, stop(graceMs?: number): Promise<void> }} ProcessHandle
 */
/** @typedef {ProcessHandle & { url: string, port: number }} ServerHandle */
/** @typedef {{ natsServer: string | null, redisServer: string | null, mongod: string | null, ferretdb: string | null }} Binaries */

export const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';
export const FERRETDB_VERSION = 'v1.24.0';

/**
 * What the build below mends in FerretDB v1.24: pieces of its source replaced (`from` must be there: a new version
 * that no longer has it stops the build, saying which), and Go files of ours added beside them (deploy/local/ferretdb/,
 * `add`: the file's name there and the package folder it goes to). Nothing else changes; deploy/test/ferretdb.test.ts
 * holds the builds to them.
 * @type {({ file: string, from: string, to: string } | { add: string, to: string })[]}
 */
const FERRETDB_PATCHES = [
  // The SQLite backend creates each collection's `_id` index on `<doc>->"_id"` but looks documents up by
  // `<doc>->'$._id'`: the same value, an expression SQLite does not match to the index, so every find, update and
  // delete by `_id` scans the whole table (an update by `_id` costs 10 ms of CPU at 5,000 documents, growing with
  // them). The lookups now use the index's own expression.
  {
    file: 'internal/backends/sqlite/metadata/metadata.go',
    from: `IDColumn = DefaultColumn + "->'$._id'"`,
    to: 'IDColumn = DefaultColumn + `->"_id"`',
  },
  // An update reads the documents it matches with one PostgreSQL connection of the pool (50) and writes each with
  // another while still reading; an update command of many statements keeps every statement's reader open until it
  // ends. Fifty statements in one command (a bulk write of 50 replaceOne), or fifty updates at once, then held the
  // whole pool and waited for one more connection for ever: FerretDB answered nothing again (the cluster chaos run).
  // The matched documents are now read to the end and the reader closed, then written, as its delete already does
  // (the slice they are kept in is closed with the command: FerretDB checks that every iterator is).
  {
    file: 'internal/handler/msg_update.go',
    from: 'result, err := common.UpdateDocument(ctx, c, "update", iter, &u)',
    to: [
      'docs, err := iterator.ConsumeValues(iter)',
      '\t\tcloser.Close()',
      '\t\tif err != nil {',
      '\t\t\treturn 0, 0, nil, lazyerrors.Error(err)',
      '\t\t}',
      '',
      '\t\tread := iterator.Values(iterator.ForSlice(docs))',
      '\t\tcloser.Add(read)',
      '',
      '\t\tresult, err := common.UpdateDocument(ctx, c, "update", read, &u)',
    ].join('\n'),
  },
  // findAndModify the same, for its one document (removed or updated).
  {
    file: 'internal/handler/msg_findandmodify.go',
    from: 'iter = common.LimitIterator(iter, closer, 1)',
    to: [
      'iter = common.LimitIterator(iter, closer, 1)',
      '',
      '\tfound, err := iterator.ConsumeValues(iter)',
      '\tcloser.Close()',
      '\tif err != nil {',
      '\t\treturn nil, lazyerrors.Error(err)',
      '\t}',
      '',
      '\titer = iterator.Values(iterator.ForSlice(found))',
      '\tcloser.Add(iter)',
    ].join('\n'),
  },
  // The PostgreSQL backend looks a document up by `_id` with `_jsonb->$1 @> $2` (the key a parameter, a containment
  // test) while its `_id` index is a btree on `_jsonb->'_id'`: no lookup by `_id` used it, each read every row (the
  // sequence records and votes of a busy poll: the vote-change consumer applied 20 changes a second). An `_id` equal to
  // a string or ObjectId, and `_id: {$in: [...]}` of them, are now asked as `_jsonb->'_id' = …` on the index's own
  // expression (ferretdb/postgresql_id_in.go). FerretDB filters the rows it gets again, as after any pushdown.
  { add: 'postgresql_id_in.go', to: 'internal/backends/postgresql' },
  {
    file: 'internal/backends/postgresql/query.go',
    from: '\t// Select if value under the key is equal to provided value.\n',
    to: [
      '\tif k == "_id" && operator == "->" {',
      '\t\tif f, a := filterIDEqual(p, v); f != "" {',
      '\t\t\treturn f, a',
      '\t\t}',
      '\t}',
      '',
      '\t// Select if value under the key is equal to provided value.',
      '',
    ].join('\n'),
  },
  {
    file: 'internal/backends/postgresql/query.go',
    from: '\t\t\t\tcase "$ne":\n',
    to: [
      '\t\t\t\tcase "$in":',
      '\t\t\t\t\tif f, a := filterIDIn(p, rootKey, v); f != "" {',
      '\t\t\t\t\t\tfilters = append(filters, f)',
      '\t\t\t\t\t\targs = append(args, a...)',
      '\t\t\t\t\t}',
      '',
      '\t\t\t\tcase "$ne":',
      '',
    ].join('\n'),
  },
  // The SQLite backend asked its `_id` index only for a filter of `_id` alone: `{_id, seq: {$lt: n}}` (a sequence
  // record raised) or `_id: {$in: [...]}` (a batch's records) read every row. An `_id` equal to a string or ObjectId,
  // `$eq` or `$in` of them, beside any other fields, now goes to the index (ferretdb/sqlite_id_where.go), in a query
  // and in its explanation alike; the rest of the filter is applied as before.
  { add: 'sqlite_id_where.go', to: 'internal/backends/sqlite' },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: sqliteLookupByIdAlone(''),
    to: '\twhereClause, args = idWhereClause(params.Filter)\n',
  },
  {
    file: 'internal/backends/sqlite/collection.go',
    from: sqliteLookupByIdAlone('\t\t\tfilterPushdown = true\n'),
    to: '\twhereClause, args = idWhereClause(params.Filter)\n\tfilterPushdown = whereClause != ""\n',
  },
];

/** The lookup by an `_id` alone in the SQLite backend's query and explain (`extra`: the explain's line before it). */
function sqliteLookupByIdAlone(/** @type {string} */ extra) {
  return [
    '\tif params.Filter.Len() == 1 {',
    '\t\tv, _ := params.Filter.Get("_id")',
    '\t\tswitch v.(type) {',
    '\t\tcase string, types.ObjectID:',
    `${extra}\t\t\twhereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)`,
    '\t\t\targs = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}',
    '\t\t}',
    '\t}',
    '',
  ].join('\n');
}

/** Our Go files added to FerretDB's source (FERRETDB_PATCHES' `add`). */
const FERRETDB_FILES = new URL('./ferretdb/', import.meta.url);

/** The built binary's name: the version and a digest of the mends and added files, so a changed one builds anew. */
const FERRETDB_BUILD = `${FERRETDB_VERSION}-${createHash('sha256')
  .update(JSON.stringify(FERRETDB_PATCHES))
  .update(
    FERRETDB_PATCHES.filter((p) => 'add' in p)
      .map((p) => readFileSync(new URL(p.add, FERRETDB_FILES), 'utf8'))
      .join('\n'),
  )
  .digest('hex')
  .slice(0, 8)}`;

/**
 * Builds FerretDB v1 from the Go module proxy. `go install …@version` is refused by the proxy's
 * version listing here, so the module is downloaded, its version file written, the mends above made, and built.
 */
export function ensureFerretDb() {
  const fromEnv = process.env.FERRETDB_BIN;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const binary = join(cacheDir, 'bin', `ferretdb-${FERRETDB_BUILD}`);
  if (existsSync(binary)) return binary;
  const onPath = which('ferretdb');
  if (onPath && run(onPath, ['--version']).out.includes('v1.')) return onPath;
  const go = which('go');
  if (!go)
    throw new Error('FerretDB is not installed and Go is missing: install Go, or set MONGO_URL to a MongoDB server');
  say(`building FerretDB ${FERRETDB_VERSION} with Go (first run only, about a minute)…`);
  const download = run(go, ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`]);
  if (!download.ok)
    throw new Error(`go mod download ${FERRETDB_MODULE}@${FERRETDB_VERSION} failed:\n${download.out.slice(-2000)}`);
  const moduleDir = JSON.parse(download.out.slice(download.out.indexOf('{'))).Dir;
  const src = join(tmpdir(), `meydan-ferretdb-src-${process.pid}`);
  rmSync(src, { recursive: true, force: true });
  cpSync(moduleDir, src, { recursive: true });
  spawnSync('chmod', ['-R', 'u+w', src]);
  writeFileSync(join(src, 'build', 'version', 'version.txt'), `${FERRETDB_VERSION}\n`);
  for (const patch of FERRETDB_PATCHES) {
    if ('add' in patch) {
      cpSync(new URL(patch.add, FERRETDB_FILES), join(src, patch.to, `meydan_${patch.add}`));
      continue;
    }
    const file = join(src, patch.file);
    const source = readFileSync(file, 'utf8');
    if (!source.includes(patch.from))
      throw new Error(`FerretDB ${FERRETDB_VERSION}: ${patch.file} no longer has ${patch.from}`);
    writeFileSync(file, source.replace(patch.from, patch.to));
  }
  mkdirSync(join(cacheDir, 'bin'), { recursive: true });
  const build = run(go, ['build', '-trimpath', '-o', binary, './cmd/ferretdb'], { cwd: src });
  rmSync(src, { recursive: true, force: true });
  if (!build.ok) throw new Error(`building FerretDB failed:\n${build.out.slice(-3000)}`);
  chmodSync(binary, 0o755);
  say(`FerretDB built: ${binary}`);
  return binary;
}

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
/** Ports this process has handed out: never twice. */
const handedOut = new Set();

/**
 * A port nobody listens on right now, below the range of outgoing connections' ports where the kernel has one: a port
 * from that range (what listening on port 0 gives) can be taken as the local end of one of the stack's own
 * connections to NATS, Redis or PostgreSQL before the process it was meant for listens on it (EADDRINUSE at start).
 */
export async function freePort() {
  const range = outgoingPortRange();
  if (range && range.low - LOWEST_PORT >= 2000) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const port = LOWEST_PORT + Math.floor(Math.random() * (range.low - LOWEST_PORT));
      if (handedOut.has(port)) continue;
      if ((await tryListen(port)) === port) {
        handedOut.add(port);
        return port;
      }
    }
  }
  const port = await tryListen(0);
  if (port === null) throw new Error('no free port on 127.0.0.1');
  handedOut.add(port);
  return port;
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
