/**
 * Each service's own NATS user, against a real nats-server started with the configuration the kit writes: a service
 * does its own work (its consumers, its events, its NATS service, the requests it sends) and is refused everything
 * else: another's events, another's inbox, the events it does not consume (mail above all), the requests it does not
 * send, another's durable consumers, and any change to a stream (the operator's alone); a real service process with a
 * wrong password, or with three stream replicas on a single server, stops with one line.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Types } from 'mongoose';
import { AckPolicy, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, natsUsage, serviceNames, streams, subjects } from '@meydan/proto';
import {
  Bus,
  ConfigError,
  connectNats,
  natsPermissionsOf,
  setUpStreams,
  writeNatsAuthConfig,
  type NatsAuthFiles,
  type NatsClient,
} from '@meydan/kit';
import { TEST_MAIL_SECRET, TEST_SECRET, freePort, infra, testLogger, until } from '@meydan/testing';
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
async function runService(
  service: string,
  env: Record<string, string>,
  readyUrl?: string,
): Promise<{ code: number | null; stderr: string; ready: boolean }> {
  const main = new URL(`../../${service}/dist/main.js`, import.meta.url).pathname;
  const child = spawn(process.execPath, [main], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let ready = false;
  if (readyUrl) {
    try {
      const answered = async () =>
        fetch(readyUrl).then(
          (r) => r.status === 200,
          () => false,
        );
      const outcome = await until(
        async () => (child.exitCode !== null ? 'exited' : (await answered()) && 'ready'),
        30_000,
        `${service} ready or exited`,
      );
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
  const connectAs = async (client: NatsClient) => {
    const nc = await connectNats(nats.url, client, testLogger(), auth.users[client]);
    open.push(nc);
    return nc;
  };
  /**
   * The error the server sends for a subscription it refuses, or null when it took it: the server answers a SUB it
   * refuses before the PING that follows it, so once two round trips are back, a refusal would have come.
   */
  const subscriptionRefusal = async (nc: NatsConnection, subject: string): Promise<string | null> => {
    let refusal: string | null = null;
    nc.subscribe(subject, {
      callback: (err) => {
        if (err) refusal ??= err.message;
      },
    });
    await nc.flush();
    await nc.flush();
    return refusal;
  };
  /** Waits until the server's log names this refusal (it writes it a moment after answering). */
  const logged = async (line: RegExp) => {
    await until(() => line.test(readFileSync(logFile, 'utf8')), 5_000, `${line} in the server log`);
    return readFileSync(logFile, 'utf8');
  };

  beforeAll(async () => {
    const port = await freePort();
    const dir = join(infra().dir, `nats-users-${port}`);
    auth = writeNatsAuthConfig(dir);
    logFile = join(dir, 'nats.log');
    nats = await startNats({
      port,
      dataDir: join(dir, 'data'),
      logFile,
      binary: infra().natsServer,
      configFile: auth.configFile,
    });
    // What the launcher does before any service starts: the operator sets up the streams.
    const operator = await connectAs('operator');
    await setUpStreams(await operator.jetstreamManager(), { replicas: 1, clustered: false, log: testLogger() });
  });
  afterAll(async () => {
    for (const nc of open) await nc.close().catch(() => undefined);
    await nats?.stop();
  });

  it("derives each service's subjects from the contracts and natsUsage: its own events, the requests it sends, its own durables", () => {
    const social = natsPermissionsOf('social');
    expect(social.publish).toContain(events.social.userFollowed);
    expect(social.publish).not.toContain(events.polls.voteCast);
    expect(social.publish).toContain(subjects.auth.usersSettings);
    expect(social.publish).not.toContain(subjects.auth.usersEmails);
    expect(social.publish).not.toContain(subjects.social.mutuals);
    expect(social.subscribe).toContain(subjects.social.mutuals);
    expect(social.subscribe).not.toContain(subjects.auth.usersSettings);
    expect(social.subscribe).toEqual(expect.not.arrayContaining([expect.stringMatching(/^events\.|^_INBOX\./)]));
    for (const client of [...serviceNames, 'gateway'] as const) {
      const { publish, subscribe } = natsPermissionsOf(client);
      // No stream administration, no wildcard over another's consumers, no inbox but its own.
      expect(publish, client).toEqual(
        expect.not.arrayContaining([
          expect.stringMatching(
            /^\$JS\.API\.STREAM\.(?!INFO\.)|^\$JS\.API\.CONSUMER\.[A-Z.]+\.[A-Z_]+\.>$|^_INBOX|^deadletter\.>$/,
          ),
        ]),
      );
      expect(
        subscribe.filter((s) => s.includes('INBOX')),
        client,
      ).toEqual([`_INBOX_${client}.>`]);
      expect(subscribe, client).not.toContain(events.auth.mailRequested);
    }
    expect(natsPermissionsOf('notifications').publish).toContain(
      '$JS.API.CONSUMER.CREATE.EVENTS.notifications--mailer.events.*.mail.requested',
    );
    expect(natsPermissionsOf('gateway').publish.filter((s) => s.startsWith('events.') || s.startsWith('$JS.'))).toEqual(
      [],
    );
    expect(natsPermissionsOf('operator').publish).toEqual(['$JS.API.>']);
  });

  it("lets polls look up its streams, run its consumer and publish its events; social's credentials cannot publish them", async () => {
    const pollsNc = await connectAs('polls');
    const polls = new Bus(pollsNc, pollsNc.jetstream(), testLogger(), 'polls');
    await polls.ensureStreams();
    const jsm = await pollsNc.jetstreamManager();
    const stored = async () => (await jsm.streams.info('EVENTS')).state.messages;

    const heard: unknown[] = [];
    const consumer = await polls.consume({
      purpose: 'persist-votes',
      filterSubject: events.polls.voteCast,
      handler: (vote) => void heard.push(vote),
    });
    const mine = voteCast();
    await polls.publish(events.polls.voteCast, mine);
    await until(() => heard.length > 0, 10_000, 'the vote heard');
    expect(heard).toEqual([mine]);
    await consumer.stop();
    const before = await stored();

    const socialNc = await connectAs('social');
    const social = new Bus(socialNc, socialNc.jetstream(), testLogger(), 'social');
    const forged = await social
      .publish(events.polls.voteCast, voteCast(), { timeoutMs: 1000 })
      .catch((e: unknown) => e);
    expect(forged).toBeInstanceOf(Error);
    expect(String((forged as Error).message)).toMatch(
      /Permissions Violation for Publish to "events\.polls\.vote\.cast"/i,
    );
    expect(await stored()).toBe(before);
    // The server's own log says who was refused what (written a moment later).
    const refusal = /Publish Violation - User "social", Subject "events\.polls\.vote\.cast"/;
    await until(() => refusal.test(readFileSync(logFile, 'utf8')), 5_000, 'the refusal in the server log');
    expect(readFileSync(logFile, 'utf8')).toMatch(refusal);

    // Its own events go through; the stream it may not delete stays.
    await social.publish(events.social.userFollowed, {
      followerId: 'a1',
      followeeId: 'b2',
      mutual: false,
      at: new Date().toISOString(),
    });
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
    await expect(gateway.request(subjects.polls.health, {})).resolves.toEqual({
      service: 'polls',
      ready: true,
      checks: { nats: true },
    });
    const forged = await gateway
      .publish(events.polls.voteCast, voteCast(), { timeoutMs: 1000 })
      .catch((e: unknown) => e);
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
    expect(await subscriptionRefusal(toolsNc, events.auth.mailRequested)).toMatch(
      /Permissions Violation for Subscription/,
    );
    expect(JSON.parse(new TextDecoder().decode(pong.data))).toMatchObject({ name: 'polls', version: '1.2.3' });
    const jsm = await toolsNc.jetstreamManager();
    const before = (await jsm.streams.info('EVENTS')).state.messages;
    await expect(jsm.streams.purge('EVENTS')).rejects.toThrow();
    const tools = new Bus(toolsNc, toolsNc.jetstream(), testLogger(), 'tools');
    await expect(tools.publish(events.polls.voteCast, voteCast(), { timeoutMs: 1000 })).rejects.toThrow(
      /Permissions Violation/i,
    );
    expect((await jsm.streams.info('EVENTS')).state.messages).toBe(before);
    await polls.stop();
  });

  it('keeps the gateway from mail events, every inbox but its own and requests it does not send', async () => {
    const gatewayNc = await connectAs('gateway');
    for (const subject of [
      events.auth.mailRequested,
      'events.*.mail.requested',
      'events.>',
      '_INBOX.>',
      '_INBOX_auth.>',
      '_INBOX_polls.*',
      '>',
    ]) {
      expect(await subscriptionRefusal(gatewayNc, subject), subject).toMatch(/Permissions Violation for Subscription/);
    }
    // What it does hear: the events it follows, and the replies to its own requests.
    expect(await subscriptionRefusal(gatewayNc, events.auth.sessionsRevoked)).toBeNull();
    const gateway = new Bus(gatewayNc, gatewayNc.jetstream(), testLogger(), 'gateway');
    await expect(gateway.request(subjects.auth.usersEmails, {}, undefined, 1000)).rejects.toThrow(
      /Permissions Violation for Publish to "auth\.users\.emails"/,
    );
    // A service that answers a request may reply to it, and to nothing else.
    const pollsNc = await connectAs('polls');
    pollsNc.publish('_INBOX_gateway.anything', new Uint8Array());
    await pollsNc.flush();
    expect(await logged(/Publish Violation - User "polls", Subject "_INBOX_gateway\.anything"/)).toMatch(
      /Publish Violation - User "polls", Subject "_INBOX_gateway\.anything"/,
    );
    // A service's requests are limited the same way: polls may ask social for mutuals, never auth for e-mail addresses.
    expect(natsUsage.polls.requests).toContain(subjects.social.mutuals);
    const polls = new Bus(pollsNc, pollsNc.jetstream(), testLogger(), 'polls');
    await expect(polls.request(subjects.auth.usersEmails, {}, undefined, 1000)).rejects.toThrow(
      /Permissions Violation/,
    );
    expect(await subscriptionRefusal(pollsNc, events.auth.mailRequested)).toMatch(
      /Permissions Violation for Subscription/,
    );
  });

  it('lets polls create, pull and ack only its own durables, with their own filters, and no service change a stream', async () => {
    // The mailer's consumer and one of notifications', as notifications opens them; a mail waits in the stream.
    const notificationsNc = await connectAs('notifications');
    const notifications = new Bus(notificationsNc, notificationsNc.jetstream(), testLogger(), 'notifications');
    const jsm = await (await connectAs('operator')).jetstreamManager();
    const votes = await notifications.consume({
      purpose: 'votes',
      filterSubject: events.polls.voteCast,
      handler: () => undefined,
    });
    const pollsNc = await connectAs('polls');
    const pollsJsm = await pollsNc.jetstreamManager();
    const refusal = /Permissions Violation for Publish/;

    // Another service's durable: not looked up, pulled, created anew, nor acknowledged.
    await expect(pollsJsm.consumers.info(streams.events.name, 'notifications--votes')).rejects.toThrow(refusal);
    await expect(
      pollsNc.request(
        '$JS.API.CONSUMER.MSG.NEXT.EVENTS.notifications--votes',
        new TextEncoder().encode('{"batch":1}'),
        { timeout: 1000 },
      ),
    ).rejects.toThrow(refusal);
    await expect(
      pollsJsm.consumers.add(streams.events.name, {
        durable_name: 'notifications--mailer',
        ack_policy: AckPolicy.Explicit,
        filter_subject: events.auth.mailRequested,
      }),
    ).rejects.toThrow(refusal);
    pollsNc.publish('$JS.ACK.EVENTS.notifications--votes.1.1.1.1.0', new TextEncoder().encode('+ACK'));
    expect(await logged(/Publish Violation - User "polls", Subject "\$JS\.ACK\.EVENTS\.notifications--votes/)).toMatch(
      /Subject "\$JS\.ACK\.EVENTS\.notifications--votes/,
    );
    // Its own durable's name with another filter (the mail), or a consumer without a name: refused too.
    await expect(
      pollsJsm.consumers.add(streams.events.name, {
        durable_name: 'polls--persist-votes',
        ack_policy: AckPolicy.Explicit,
        filter_subject: events.auth.mailRequested,
      }),
    ).rejects.toThrow(refusal);
    await expect(
      pollsJsm.consumers.add(streams.events.name, {
        ack_policy: AckPolicy.Explicit,
        filter_subject: events.auth.mailRequested,
      }),
    ).rejects.toThrow(refusal);
    await expect(pollsJsm.consumers.delete(streams.events.name, 'notifications--votes')).rejects.toThrow(refusal);
    expect((await jsm.consumers.info(streams.events.name, 'notifications--votes')).config.filter_subject).toBe(
      events.polls.voteCast,
    );
    await votes.stop();

    // No service may shrink the stream's retention, purge it or delete it: the operator's alone.
    const before = (await jsm.streams.info(streams.events.name)).config;
    for (const service of serviceNames) {
      const serviceJsm = await (await connectAs(service)).jetstreamManager();
      await expect(serviceJsm.streams.update(streams.events.name, { max_age: 1_000_000_000 }), service).rejects.toThrow(
        refusal,
      );
      await expect(serviceJsm.streams.purge(streams.events.name), service).rejects.toThrow(refusal);
      await expect(
        serviceJsm.streams.add({ name: `${service.toUpperCase()}_OWN`, subjects: [`events.${service}.own.>`] }),
        service,
      ).rejects.toThrow(refusal);
    }
    expect((await jsm.streams.info(streams.events.name)).config.max_age).toBe(before.max_age);
  });

  it('tells a service whose stream is missing that the operator sets streams up, in one line', async () => {
    const contactNc = await connectAs('contact');
    const contact = new Bus(contactNc, contactNc.jetstream(), testLogger(), 'contact');
    const jsm = await (await connectAs('operator')).jetstreamManager();
    await jsm.streams.delete(streams.deadLetter.name);
    try {
      await expect(contact.ensureStreams()).rejects.toThrow(
        /^stream DEADLETTER is missing, and this NATS user may not set up streams: the operator user does/,
      );
    } finally {
      await setUpStreams(jsm, { replicas: 1, clustered: false, log: testLogger() });
    }
    await expect(contact.ensureStreams()).resolves.toBeUndefined();
  });

  it('refuses a wrong password with one line naming the user and the server’s words', async () => {
    const refused = await connectNats(nats.url, 'social', testLogger(), {
      user: 'social',
      password: 'not-the-password',
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as Error).message).toBe(
      `the NATS server refused user "social" (NATS_USER/NATS_PASSWORD): 'Authorization Violation'`,
    );
  });

  it('runs real services under their users; a wrong password or R3 on one server stops one with one line and code 1', async () => {
    const base = {
      NATS_URL: nats.url,
      REDIS_URL: infra().redisUrl,
      MONGO_URL: infra().mongoUrl,
      MONGO_DB: `test_nats_users_${process.pid}`,
      INTERNAL_SECRET: TEST_SECRET,
      MAIL_SECRET: TEST_MAIL_SECRET,
      HOST: '127.0.0.1',
      METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
      // The mailer's address: nothing is sent.
      SMTP_URL: 'smtp://127.0.0.1:1',
      NATS_USER: 'social',
      NATS_PASSWORD: auth.users.social.password,
    };
    // Everything they do at start (streams, admin's work queue, consumers, their NATS service, readiness) is within
    // their permissions (the other services do the same through the same kit).
    for (const service of serviceNames) {
      const port = await freePort();
      const logged = readFileSync(logFile, 'utf8').length;
      const credentials = { NATS_USER: service, NATS_PASSWORD: auth.users[service].password };
      const up = await runService(
        service,
        { ...base, ...credentials, PORT: String(port) },
        `http://127.0.0.1:${port}/readyz`,
      );
      expect(up, up.stderr).toMatchObject({ ready: true, code: 0 });
      expect(readFileSync(logFile, 'utf8').slice(logged)).not.toMatch(/Violation/);
    }

    const wrong = await runService('social', { ...base, PORT: '0', NATS_PASSWORD: 'not-the-password' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toBe(
      `social: the NATS server refused user "social" (NATS_USER/NATS_PASSWORD): 'Authorization Violation'\n`,
    );

    const r3 = await runService('social', { ...base, PORT: '0', NATS_STREAM_REPLICAS: '3' });
    expect(r3.code).toBe(1);
    expect(r3.stderr).toMatch(
      /^social: NATS_STREAM_REPLICAS=3: the NATS server refuses stream EVENTS at 3 replicas .*\n$/,
    );
  }, 120_000);
});
