/**
 * Each service's own NATS user, against a real nats-server started with the configuration the kit writes: a service
 * does its own work (streams, consumers, its events, its NATS service) and is refused another's events; a real
 * service process with a wrong password, or with three stream replicas on a single server, stops with one line.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Types } from 'mongoose';
import type { NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, subjects } from '@meydan/proto';
import { Bus, ConfigError, connectNats, natsPermissionsOf, writeNatsAuthConfig, type NatsAuthFiles } from '@meydan/kit';
import { TEST_SECRET, freePort, infra, testLogger, until } from '@meydan/testing';
import { startNats } from '../../../deploy/local/servers.mjs';

const voteCast = () => ({
  pollId: new Types.ObjectId().toHexString(),
  creatorId: new Types.ObjectId().toHexString(),
  voter: 'u:someone',
  userId: null,
  optionIndex: 0,
  at: new Date().toISOString(),
});

/** Runs a built service's main with `env` until it exits (or `readyUrl` answers 200, then stops it): its exit code and stderr. */
async function runService(service: string, env: Record<string, string>, readyUrl?: string): Promise<{ code: number | null; stderr: string; ready: boolean }> {
  const main = new URL(`../../${service}/dist/main.js`, import.meta.url).pathname;
  const child = spawn(process.execPath, [main], { env: { PATH: process.env['PATH'] ?? '', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let ready = false;
  if (readyUrl) {
    try {
      const answered = async () => fetch(readyUrl).then((r) => r.status === 200, () => false);
      const outcome = await until(async () => (child.exitCode !== null ? 'exited' : (await answered()) && 'ready'), 30_000, `${service} ready or exited`);
      ready = outcome === 'ready';
    } finally {
      child.kill('SIGTERM');
    }
  }
  const code = await exited;
  return { code, stderr, ready };
}

describe('NATS users per service', () => {
  let nats: Awaited<ReturnType<typeof startNats>>;
  let auth: NatsAuthFiles;
  let logFile: string;
  const open: NatsConnection[] = [];
  const connectAs = async (client: 'polls' | 'social' | 'gateway') => {
    const nc = await connectNats(nats.url, client, testLogger(), auth.users[client]);
    open.push(nc);
    return nc;
  };

  beforeAll(async () => {
    const port = await freePort();
    const dir = join(infra().dir, `nats-users-${port}`);
    auth = writeNatsAuthConfig(dir);
    logFile = join(dir, 'nats.log');
    nats = await startNats({ port, dataDir: join(dir, 'data'), logFile, binary: infra().natsServer, configFile: auth.configFile });
  });
  afterAll(async () => {
    for (const nc of open) await nc.close().catch(() => undefined);
    await nats?.stop();
  });

  it("derives each service's subjects from the contracts: its own events to publish, others' requests to ask", () => {
    const social = natsPermissionsOf('social');
    expect(social.publish).toContain(events.social.userFollowed);
    expect(social.publish).not.toContain(events.polls.voteCast);
    expect(social.publish).toContain(subjects.auth.usersSettings);
    expect(social.publish).not.toContain(subjects.social.mutuals);
    expect(social.subscribe).toContain(subjects.social.mutuals);
    expect(social.subscribe).not.toContain(subjects.auth.usersSettings);
    expect(social.publish.filter((s) => s.startsWith('$JS.API.STREAM.'))).not.toContainEqual(expect.stringMatching(/DELETE|PURGE/));
    const gateway = natsPermissionsOf('gateway');
    expect(gateway.publish.filter((s) => s.startsWith('events.') || s.startsWith('$JS.'))).toEqual([]);
    expect(natsPermissionsOf('admin').publish).toContain('$JS.API.STREAM.CREATE.ADMIN_BULK_EMAIL');
    expect(natsPermissionsOf('polls').publish).not.toContain('$JS.API.STREAM.CREATE.ADMIN_BULK_EMAIL');
  });

  it("lets polls set up its streams and consumer and publish its events; social's credentials cannot publish them", async () => {
    const pollsNc = await connectAs('polls');
    const polls = new Bus(pollsNc, pollsNc.jetstream(), testLogger(), 'polls');
    await polls.ensureStreams();
    const jsm = await pollsNc.jetstreamManager();
    const stored = async () => (await jsm.streams.info('EVENTS')).state.messages;

    const heard: unknown[] = [];
    const consumer = await polls.consume({ purpose: 'permissions', filterSubject: events.polls.voteCast, handler: (vote) => void heard.push(vote) });
    const mine = voteCast();
    await polls.publish(events.polls.voteCast, mine);
    await until(() => heard.length > 0, 10_000, 'the vote heard');
    expect(heard).toEqual([mine]);
    await consumer.stop();
    const before = await stored();

    const socialNc = await connectAs('social');
    const social = new Bus(socialNc, socialNc.jetstream(), testLogger(), 'social');
    const forged = await social.publish(events.polls.voteCast, voteCast(), { timeoutMs: 1000 }).catch((e: unknown) => e);
    expect(forged).toBeInstanceOf(Error);
    expect(String((forged as Error).message)).toMatch(/Permissions Violation for Publish to "events\.polls\.vote\.cast"/i);
    expect(await stored()).toBe(before);
    // The server's own log says who was refused what (written a moment later).
    const refusal = /Publish Violation - User "social", Subject "events\.polls\.vote\.cast"/;
    await until(() => refusal.test(readFileSync(logFile, 'utf8')), 5_000, 'the refusal in the server log');
    expect(readFileSync(logFile, 'utf8')).toMatch(refusal);

    // Its own events go through; the stream it may not delete stays.
    await social.publish(events.social.userFollowed, { followerId: 'a1', followeeId: 'b2', mutual: false, at: new Date().toISOString() });
    expect(await stored()).toBe(before + 1);
    const socialJsm = await socialNc.jetstreamManager();
    await expect(socialJsm.streams.delete('EVENTS')).rejects.toThrow();
    expect(await stored()).toBe(before + 1);
  });

  it('answers requests between services as their own users, and the gateway may ask but not publish events', async () => {
    const pollsNc = await connectAs('polls');
    const polls = new Bus(pollsNc, pollsNc.jetstream(), testLogger(), 'polls');
    await polls.startService({ version: '0.0.0' });
    polls.respond(subjects.polls.health, () => ({ service: 'polls', ready: true, checks: { nats: true } }));
    const gatewayNc = await connectAs('gateway');
    const gateway = new Bus(gatewayNc, gatewayNc.jetstream(), testLogger(), 'gateway');
    await expect(gateway.request(subjects.polls.health, {})).resolves.toEqual({ service: 'polls', ready: true, checks: { nats: true } });
    const forged = await gateway.publish(events.polls.voteCast, voteCast(), { timeoutMs: 1000 }).catch((e: unknown) => e);
    expect(String((forged as Error).message)).toMatch(/Permissions Violation/i);
    await polls.stop();
  });

  it('lets the tools user see the NATS services and streams, and change nothing', async () => {
    const pollsNc = await connectAs('polls');
    const polls = new Bus(pollsNc, pollsNc.jetstream(), testLogger(), 'polls');
    await polls.ensureStreams();
    await polls.startService({ version: '1.2.3' });
    const toolsNc = await connectNats(nats.url, 'tools', testLogger(), auth.users.tools);
    open.push(toolsNc);
    const pong = await toolsNc.request('$SRV.PING.polls', undefined, { timeout: 2000 });
    expect(JSON.parse(new TextDecoder().decode(pong.data))).toMatchObject({ name: 'polls', version: '1.2.3' });
    const jsm = await toolsNc.jetstreamManager();
    const before = (await jsm.streams.info('EVENTS')).state.messages;
    await expect(jsm.streams.purge('EVENTS')).rejects.toThrow();
    const tools = new Bus(toolsNc, toolsNc.jetstream(), testLogger(), 'tools');
    await expect(tools.publish(events.polls.voteCast, voteCast(), { timeoutMs: 1000 })).rejects.toThrow(/Permissions Violation/i);
    expect((await jsm.streams.info('EVENTS')).state.messages).toBe(before);
    await polls.stop();
  });

  it('refuses a wrong password with one line naming the user and the server’s words', async () => {
    const refused = await connectNats(nats.url, 'social', testLogger(), { user: 'social', password: 'not-the-password' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as Error).message).toBe(`the NATS server refused user "social" (NATS_USER/NATS_PASSWORD): 'Authorization Violation'`);
  });

  it('runs real services under their users; a wrong password or R3 on one server stops one with one line and code 1', async () => {
    const base = {
      NATS_URL: nats.url,
      REDIS_URL: infra().redisUrl,
      MONGO_URL: infra().mongoUrl,
      MONGO_DB: `test_nats_users_${process.pid}`,
      INTERNAL_SECRET: TEST_SECRET,
      HOST: '127.0.0.1',
      METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
      NATS_USER: 'social',
      NATS_PASSWORD: auth.users.social.password,
    };
    // Everything they do at start (streams, admin's work queue, consumers, their NATS service, readiness) is within
    // their permissions (the other services do the same through the same kit).
    for (const service of ['social', 'admin'] as const) {
      const port = await freePort();
      const logged = readFileSync(logFile, 'utf8').length;
      const credentials = { NATS_USER: service, NATS_PASSWORD: auth.users[service].password };
      const up = await runService(service, { ...base, ...credentials, PORT: String(port) }, `http://127.0.0.1:${port}/readyz`);
      expect(up, up.stderr).toMatchObject({ ready: true, code: 0 });
      expect(readFileSync(logFile, 'utf8').slice(logged)).not.toMatch(/Violation/);
    }

    const wrong = await runService('social', { ...base, PORT: '0', NATS_PASSWORD: 'not-the-password' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe(`social: the NATS server refused user "social" (NATS_USER/NATS_PASSWORD): 'Authorization Violation'\n`);

    const r3 = await runService('social', { ...base, PORT: '0', NATS_STREAM_REPLICAS: '3' });
    expect(r3.code).toBe(1);
    expect(r3.stderr).toMatch(/^social: NATS_STREAM_REPLICAS=3: the NATS server refuses stream EVENTS at 3 replicas .*\n$/);
  }, 120_000);
});
