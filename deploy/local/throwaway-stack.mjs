// A throw-away stack for one load run (the bench, the chaos runs, `npm run bench:votes`): its own NATS, Redis and
// MongoDB-wire server on free ports in a work dir (stack-servers.mjs), then the one launcher (stack.mjs) with the
// settings a load run from one machine needs (LOAD_RUN_ENV), a failure explained by the end of the process's log, and
// one stop() for all of it. Plain Node with built-ins only, like servers.mjs.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureServerBinaries } from './servers.mjs';
import { startServers } from './stack-servers.mjs';
import { startStack } from './stack.mjs';

/** @import { ProcessHandle } from './servers.mjs' */
/** @import { StackOptions } from './stack.mjs' */

/**
 * The last `count` lines of a log file ('' when there is none yet).
 * @param {string} file
 * @param {number} count
 */
function lastLines(file, count) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
  } catch {
    return '';
  }
}

/**
 * For a load run in which one machine plays every client from one IP (the bench, the chaos run, bench:votes): the
 * per-IP share-vote limit would refuse all but 30 a minute, the default share-link rule ('Tarayıcı başına') would
 * count only 5 visitors from that IP on the poll, and the gateway's per-IP rate limits would refuse the rest.
 */
export const LOAD_RUN_ENV = Object.freeze({
  SHARE_VOTE_IP_LIMIT: '100000000',
  SHARE_VOTE_BROWSERS_PER_IP: '100000000',
  RATE_LIMIT_SCALE: '100000',
});

/**
 * A throw-away stack for one load run (the bench, the chaos run, bench:votes): NATS, Redis and the MongoDB-wire server
 * on free ports with their data and every process's log in `workDir`, then `startStack` with LOAD_RUN_ENV, LOG_LEVEL
 * `logLevel` and `options` (without `webDist`, the gateway serves a one-line page: a load run asks for none). Unless
 * told otherwise, only auth, polls and notifications must start (another is said and left out), and the gateway's
 * /api/health is not waited for. The servers are in `servers` (`servers.restart(name)`), their URLs in `urls`; `processes()` lists them too; `stop()`
 * stops everything. `external` ({ nats, redis, mongo }: URLs) names servers started elsewhere (e.g. the clusters of
 * `npm run chaos:cluster`), which are neither started nor stopped here.
 * @param {Omit<StackOptions, 'logDir' | 'urls'> & { workDir: string, persist?: boolean, logLevel?: string, external?: Partial<Record<'nats' | 'redis' | 'mongo', string>> }} options
 */
export async function startThrowawayStack({
  workDir,
  persist = false,
  logLevel = 'warn',
  env = {},
  webDist,
  required = ['auth', 'polls', 'notifications'],
  health = false,
  started = [],
  external = {},
  ...options
}) {
  if (!webDist) {
    webDist = join(workDir, 'web');
    mkdirSync(webDist, { recursive: true });
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Meydan</title>');
  }
  const binaries = ensureServerBinaries({ nats: !external.nats, redis: !external.redis, mongo: !external.mongo });
  const servers = await startServers({ dataDir: workDir, binaries, persist, started, external });
  try {
    const stack = await startStack({
      logDir: workDir,
      urls: servers.urls,
      env: { ...LOAD_RUN_ENV, LOG_LEVEL: logLevel, ...env },
      webDist,
      required,
      health,
      started,
      // The temp dir goes with the run: the log's last lines are part of the failure.
      explain: (/** @type {string} */ name) =>
        `; the end of ${name}.log:\n${lastLines(join(workDir, `${name}.log`), 20)}`,
      ...options,
    });
    return {
      ...stack,
      servers,
      urls: servers.urls,
      processes: () => [
        .../** @type {ProcessHandle[]} */ (Object.values(servers.handles)).map((h) => ({
          name: h.name,
          pid: h.proc.pid,
        })),
        ...stack.processes(),
      ],
      async stop() {
        await stack.stop();
        await servers.stop();
      },
    };
  } catch (err) {
    await servers.stop();
    throw err;
  }
}
