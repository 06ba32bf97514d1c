/**
 * A process listens with the backlog LISTEN_BACKLOG sets (4096 unless told), not Node's 511: a chaos run that killed a
 * NATS node under the vote storm filled the gateway's 511 (`ss` showed 512/511), the kernel dropped the handshakes of
 * the clients that came next, and their requests reached the gateway 1, 3 or 7 s later, past the recovery bound.
 * Read from the kernel (`ss`, the Send-Q of a listening socket is its backlog) on a real service process.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TEST_MAIL_SECRET, TEST_SECRET, freePort, infra } from '@meydan/testing';
import { waitForPort } from '../../../deploy/local/servers.mjs';

const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));

/** The backlog of the socket listening on `port`, as the kernel holds it (null while none listens there). */
function backlogOf(port: number): number | null {
  const line = execFileSync('ss', ['-ltnH', `sport = :${port}`], { encoding: 'utf8' }).trim();
  return line ? Number(line.split(/\s+/)[2]) : null;
}

/** Starts the built social service with `env`, resolves with its listening socket's backlog, and stops it. */
async function listenBacklog(env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const main = new URL('../../social/dist/main.js', import.meta.url).pathname;
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env['PATH'] ?? '',
      NATS_URL: infra().natsUrl,
      REDIS_URL: infra().redisUrl,
      MONGO_URL: infra().mongoUrl,
      MONGO_DB: `test_backlog_${process.pid}`,
      NATS_CONSUMER_PREFIX: `backlog-${port}-`,
      INTERNAL_SECRET: TEST_SECRET,
      MAIL_SECRET: TEST_MAIL_SECRET,
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    // Once the port answers, the socket listens with the backlog it was given: one `ss` (a spawn per check of a wait
    // cost more CPU than the service's start).
    await waitForPort(port, { proc: child, name: 'social' }).catch((err: Error) => {
      throw new Error(`${err.message}: ${stderr}`);
    });
    const backlog = backlogOf(port);
    if (backlog === null) throw new Error(`nothing listens on ${port} by ss, though it answers`);
    return backlog;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

describe('listen backlog', () => {
  it('is 4096 (within the kernel’s cap) unless LISTEN_BACKLOG says otherwise', async () => {
    expect(await listenBacklog({})).toBe(Math.min(4096, somaxconn));
    expect(await listenBacklog({ LISTEN_BACKLOG: '64' })).toBe(64);
  }, 60_000);
});
