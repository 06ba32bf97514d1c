import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RequestStrategy,
  type NatsConnection,
  type ServiceIdentity as NatsServiceIdentity,
  type ServiceInfo,
  type ServiceStats,
} from 'nats';
import { readFileSync } from 'node:fs';
import { healthSubject, openapiSubject, subjects } from '@meydan/proto';
import { Bus, connectNats, endpointName, httpError, serviceVersion } from '@meydan/kit';
import { infra, startTestService, testLogger, type TestService } from '@meydan/testing';
import { buildApp as buildContact } from '../../contact/src/app.js';
import { requestContracts } from './test-contracts.js';
import { busyFor } from '../../../test/quiet.js';

type TestBus = Bus<typeof requestContracts>;

const contactPackage = JSON.parse(readFileSync(new URL('../../contact/package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Waits the whole `maxWait` for answers (the default strategy stops soon after the first, which a loaded machine can outrun). */
const waitingUpTo = (maxWait: number) => ({ strategy: RequestStrategy.Timer, maxWait });

/** Every instance of a NATS service answers `$SRV.*.<name>`; collects the answers until `count` have come. */
async function collect<T extends NatsServiceIdentity>(answers: Promise<AsyncIterable<T>>, count: number): Promise<T[]> {
  const found: T[] = [];
  for await (const answer of await answers) {
    found.push(answer);
    if (found.length === count) break;
  }
  return found;
}

describe('request/reply through the NATS Services API', () => {
  let nc: NatsConnection;
  let replicaA: TestBus;
  let replicaB: TestBus;
  let caller: TestBus;
  const handledBy: string[] = [];

  const startReplica = async (replica: string): Promise<TestBus> => {
    const conn = await connectNats(infra().natsUrl, `srv-test-${replica}`, testLogger());
    const bus = new Bus(conn, conn.jetstream(), testLogger(), 'srv-test', requestContracts);
    await bus.startService({ version: '2.3.4', description: 'Meydan srv-test' });
    bus.respond('test.double', async ({ n }) => {
      handledBy.push(replica);
      // A slow answer, so the stats have processing time to show.
      if (n === 120) await busyFor(30);
      if (n === 13) throw httpError('not_found', 'Bu sayı yok');
      if (n === 99) throw new Error('boom');
      return { double: n * 2 };
    });
    bus.respond('test.echo', () => ({ ok: 1 }));
    // The server has taken this connection's subscriptions ($SRV.* and the endpoints) once it answers a ping after
    // them: a ping sent by the caller before then found one replica only (a fresh-clone run).
    await conn.flush();
    return bus;
  };

  beforeAll(async () => {
    nc = await connectNats(infra().natsUrl, 'srv-test-caller', testLogger());
    caller = new Bus(nc, nc.jetstream(), testLogger(), 'srv-test-caller', requestContracts);
    replicaA = await startReplica('a');
    replicaB = await startReplica('b');
  });
  afterAll(async () => {
    for (const bus of [replicaA, replicaB]) {
      await bus?.stop();
      await bus?.nc.drain();
    }
    await nc?.drain();
  });

  it('is listed by $SRV.PING and $SRV.INFO under its name and version, with one endpoint per subject in its queue group', async () => {
    const client = nc.services.client(waitingUpTo(10_000));
    const pings = await collect(client.ping('srv-test'), 2);
    expect(pings.map((p) => [p.name, p.version])).toEqual([
      ['srv-test', '2.3.4'],
      ['srv-test', '2.3.4'],
    ]);
    expect(new Set(pings.map((p) => p.id)).size).toBe(2);

    const infos: ServiceInfo[] = await collect(client.info('srv-test'), 2);
    for (const info of infos) {
      expect(info.description).toBe('Meydan srv-test');
      expect(info.endpoints).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            name: endpointName('test.double'),
            subject: 'test.double',
            queue_group: 'srv-test',
          }),
          expect.objectContaining({ name: endpointName('test.echo'), subject: 'test.echo', queue_group: 'srv-test' }),
        ]),
      );
    }
  });

  it('shares requests between two instances (one queue group) and counts requests and errors in $SRV.STATS', async () => {
    handledBy.length = 0;
    // Enough requests that both instances get some: the server picks a queue member at random for each.
    const requests = 40;
    for (let n = 100; n < 100 + requests; n++) {
      await expect(caller.request('test.double', { n })).resolves.toEqual({ double: n * 2 });
    }
    expect(handledBy).toHaveLength(requests);
    expect(new Set(handledBy)).toEqual(new Set(['a', 'b']));

    await expect(caller.request('test.double', { n: 13 })).rejects.toMatchObject({
      statusCode: 404,
      code: 'not_found',
      message: 'Bu sayı yok',
    });
    await expect(caller.request('test.double', { n: 99 })).rejects.toMatchObject({ statusCode: 500, code: 'internal' });
    // Refused by the responder's contract check (the caller's bus would not send it).
    const raw = await nc.request('test.double', new TextEncoder().encode('{"n":"dört"}'));
    expect(raw.headers?.get('Nats-Service-Error-Code')).toBe('400');
    expect(JSON.parse(new TextDecoder().decode(raw.data))).toMatchObject({
      ok: false,
      error: { status: 400, error: 'validation' },
    });

    const stats: ServiceStats[] = await collect(nc.services.client(waitingUpTo(10_000)).stats('srv-test'), 2);
    const double = stats.map((s) => s.endpoints?.find((e) => e.subject === 'test.double'));
    const total = (key: 'num_requests' | 'num_errors' | 'processing_time') =>
      double.reduce((sum, e) => sum + (e?.[key] ?? 0), 0);
    expect(total('num_requests')).toBe(requests + 3);
    expect(total('num_errors')).toBe(3);
    // Processing time in nanoseconds, measured until each asynchronous answer was sent (the 30 ms one among them).
    expect(total('processing_time')).toBeGreaterThanOrEqual(30e6);
    expect(double.find((e) => (e?.processing_time ?? 0) >= 30e6)?.average_processing_time).toBeGreaterThan(0);
    expect(double.every((e) => (e?.num_requests ?? 0) > 0)).toBe(true);
  });

  it('keeps "no responders" and "timeout" apart once every instance has stopped', async () => {
    await replicaA.stop();
    await replicaB.stop();
    await expect(caller.request('test.echo', {})).rejects.toMatchObject({
      statusCode: 503,
      code: 'service_unavailable',
    });
    const pings = await collect(nc.services.client(waitingUpTo(1000)).ping('srv-test'), 1).catch(() => []);
    expect(pings).toEqual([]);
  });
});

describe('a service started as main starts it', () => {
  let contact: TestService;
  let nc: NatsConnection;
  beforeAll(async () => {
    contact = await startTestService('contact', buildContact);
    nc = contact.deps.nats;
  });
  afterAll(async () => {
    await contact?.close();
  });

  it('registers one NATS service named after itself, with its package version and an endpoint per request subject', async () => {
    expect(serviceVersion('contact')).toBe(contactPackage.version);
    const [info] = await collect(nc.services.client(waitingUpTo(10_000)).info('contact'), 1);
    expect(info).toMatchObject({ name: 'contact', version: contactPackage.version });
    expect(info!.endpoints.map((e) => [e.subject, e.queue_group]).sort()).toEqual(
      [healthSubject('contact'), openapiSubject('contact'), subjects.contact.messagesPage]
        .map((s) => [s, 'contact'])
        .sort(),
    );
  });
});
