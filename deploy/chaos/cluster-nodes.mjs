// What the clusters of `npm run chaos:cluster` (cluster-servers.mjs, cluster-redis.mjs) do with their nodes: free
// ports for them, a node killed hard, its ports held while it is down, and a node started again on its ports.
import { createServer } from 'node:net';
import { freePort } from '../local/servers.mjs';
import { sleep } from './storm.mjs';

/** @import { Server } from 'node:net' */
/** @import { ProcessHandle } from '../local/servers.mjs' */

/**
 * `count` different free ports (freePort never hands one out twice in a process, so clusters starting side by side
 * get ports of their own).
 * @param {number} count
 * @returns {Promise<number[]>}
 */
export async function freePorts(count) {
  /** @type {number[]} */
  const ports = [];
  while (ports.length < count) ports.push(await freePort());
  return ports;
}

/**
 * SIGKILL to a server's whole process group (PostgreSQL's postmaster and its backends, or one Redis or NATS).
 * @param {ProcessHandle} handle
 */
export function killHard(handle) {
  try {
    process.kill(-(/** @type {number} */ (handle.proc.pid)), 'SIGKILL');
  } catch {
    handle.proc.kill('SIGKILL');
  }
  return handle.exited;
}

/**
 * Keeps the ports of a server that is down from every other program until `release()`: on a shared machine, another
 * run picking free ports could otherwise listen on one meanwhile, and our clients would reconnect to its server (or
 * ours fail to start again). A connection is closed at once, as a refused one would be. A port that cannot be held
 * (the dead server's last connections still closing) is left: nobody else can take it either.
 * @param {number[]} ports
 */
export async function holdPorts(ports) {
  const held = await Promise.all(
    ports.map(
      (port) =>
        /** @type {Promise<Server | null>} */ (
          new Promise((resolve) => {
            const server = createServer((socket) => socket.destroy());
            server.once('error', () => resolve(null));
            server.listen(port, '127.0.0.1', () => resolve(server));
          })
        ),
    ),
  );
  return () =>
    Promise.all(
      /** @type {Server[]} */ (held.filter(Boolean)).map((server) => new Promise((resolve) => server.close(resolve))),
    );
}

/**
 * A started server that is still running a moment later (one that could not listen on its ports has exited by then).
 * @param {ProcessHandle} handle
 */
async function stillRunning(handle) {
  await sleep(500);
  return handle.proc.exitCode === null && handle.proc.signalCode === null;
}

/**
 * Starts a stopped server again on its ports (`start()` resolves with its handle), trying again while it cannot
 * listen on them yet (the dead one's last connections closing: EADDRINUSE) or `isOurs` says what answers there is not
 * it; gives up after `timeoutMs`.
 * @template {ProcessHandle} H
 * @param {string} what
 * @param {() => Promise<H>} start
 * @param {(handle: H) => Promise<boolean>} [isOurs]
 * @param {number} [timeoutMs]
 * @returns {Promise<H>}
 */
export async function startAgain(what, start, isOurs = async () => true, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const handle = await start().catch(() => null);
    if (handle && (await stillRunning(handle)) && (await isOurs(handle).catch(() => false))) return handle;
    await handle?.stop(2000).catch(() => {});
    if (Date.now() > end)
      throw new Error(`${what} did not start again on its ports within ${timeoutMs / 1000} s (see its log)`);
    await sleep(1000);
  }
}
