/**
 * A three-server JetStream cluster on loopback: the streams move from one replica to three in place, and a publish
 * retried as the vote path retries it rides out the loss of its stream's leader (one message id, stored once).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Types } from 'mongoose';
import type { NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, natsContracts } from '@meydan/proto';
import { Bus, PUBLISH_THROUGH_ELECTION, connectNats } from '@meydan/kit';
import { freePort, infra, testLogger, until } from '@meydan/testing';
import { startNats } from '../../../deploy/local/servers.mjs';

type NatsHandle = Awaited<ReturnType<typeof startNats>>;

/** Starts `size` servers that route to each other as one cluster; each has its own JetStream store. */
async function startCluster(
  size: number,
): Promise<{ nodes: (NatsHandle & { name: string; logFile: string; monitor: string })[]; urls: string }> {
  const dir = join(infra().dir, `nats-cluster-${randomBytes(3).toString('hex')}`);
  // Client, route and monitoring ports, all different (two asks for a free port may get the same one).
  const ports = new Set<number>();
  while (ports.size < size * 3) ports.add(await freePort());
  const clientPorts = [...ports].slice(0, size);
  const routePorts = [...ports].slice(size, size * 2);
  const monitorPorts = [...ports].slice(size * 2);
  const routes = routePorts.map((p) => `nats://127.0.0.1:${p}`);
  const nodes = await Promise.all(
    clientPorts.map(async (port, i) => {
      const name = `n${i + 1}`;
      mkdirSync(join(dir, name), { recursive: true });
      const configFile = join(dir, name, 'cluster.conf');
      const cluster = { name: 'meydan-test', listen: `127.0.0.1:${routePorts[i]}`, routes };
      const monitor = `127.0.0.1:${monitorPorts[i]}`;
      writeFileSync(
        configFile,
        `server_name: ${JSON.stringify(name)}\nhttp: ${JSON.stringify(monitor)}\ncluster: ${JSON.stringify(cluster)}\n`,
      );
      const logFile = join(dir, `${name}.log`);
      const node = await startNats({
        port,
        dataDir: join(dir, name, 'data'),
        logFile,
        binary: infra().natsServer,
        configFile,
      });
      return { ...node, name, logFile, monitor: `http://${monitor}` };
    }),
  );
  return { nodes, urls: nodes.map((n) => n.url).join(',') };
}

/** The messages a server holds of a stream in its own store (its monitoring port's /jsz), whoever leads it. */
async function storedOn(node: { monitor: string }, stream: string): Promise<number | null> {
  const res = await fetch(`${node.monitor}/jsz?accounts=true&streams=true`).catch(() => null);
  if (!res?.ok) return null;
  const jsz = (await res.json()) as {
    account_details?: { stream_detail?: { name: string; state: { messages: number } }[] }[];
  };
  const found = jsz.account_details?.flatMap((a) => a.stream_detail ?? []).find((d) => d.name === stream);
  return found ? found.state.messages : null;
}

const voteCast = (i: number) => ({
  pollId: new Types.ObjectId().toHexString(),
  creatorId: new Types.ObjectId().toHexString(),
  voter: `u:cluster-${i}`,
  userId: null,
  optionIndex: 0,
  at: new Date().toISOString(),
});

/**
 * How long the publish here keeps trying: a few of NATS's election rounds. A follower stands for leader after a random
 * 4–9 s without one (fixed in nats-server, not configurable), and a round the two left split goes again. Fresh-clone
 * runs met 4–5 s, and twice, on a busy machine, more than the product's 10 s `publishRetryMs` (once more than 25 s).
 * That bound is what the cluster chaos run measures (issue 45's windows); this test is about one id stored once
 * through an election. When even this is not enough, the servers' logs are printed to say why.
 */
const ELECTION_BUDGET_MS = 60_000;

describe('JetStream on a three-server cluster', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let nc: NatsConnection;

  beforeAll(async () => {
    cluster = await startCluster(3);
    nc = await connectNats(cluster.urls, 'cluster-test', testLogger());
  }, 30_000);
  afterAll(async () => {
    await nc?.close().catch(() => undefined);
    await Promise.all(cluster?.nodes.map((n) => n.stop()) ?? []);
  });

  it('moves the streams from one replica to three in place, and a publish rides out the loss of the stream leader', async () => {
    const lines: Record<string, unknown>[] = [];
    const r1 = new Bus(nc, nc.jetstream(), testLogger(lines), 'polls', natsContracts, '', { streamReplicas: 1 });
    // Waits while the new cluster elects its leaders.
    await r1.ensureStreams();
    const jsm = await nc.jetstreamManager();
    expect((await jsm.streams.info('EVENTS')).config.num_replicas).toBe(1);
    for (let i = 0; i < 5; i++) await r1.publish(events.polls.voteCast, voteCast(i), { msgId: `before-${i}` });

    const r3 = new Bus(nc, nc.jetstream(), testLogger(lines), 'polls', natsContracts, '', { streamReplicas: 3 });
    await r3.ensureStreams();
    expect(
      lines
        .filter((l) => l['msg'] === 'stream replicas changed in place')
        .map((l) => [l['stream'], l['from'], l['to']]),
    ).toEqual([
      ['EVENTS', 1, 3],
      ['DEADLETTER', 1, 3],
    ]);
    // The three copies catch up with the five messages kept from before: the leader calls its followers current once
    // their log is, which can be before the messages written while the stream had one copy have reached their stores
    // (a fresh-clone run killed the leader then, and the new one held none of the five). So each server is asked what
    // it holds.
    let info = await jsm.streams.info('EVENTS');
    const caughtUp = () => info.cluster?.replicas?.length === 2 && info.cluster.replicas.every((r) => r.current);
    await until(
      async () => {
        info = await jsm.streams.info('EVENTS');
        return caughtUp();
      },
      10_000,
      'the three copies caught up',
    );
    await until(
      async () =>
        (await Promise.all(cluster.nodes.map((node) => storedOn(node, 'EVENTS')))).every((n) => n === 5) ? true : null,
      20_000,
      'the five messages stored on every server',
    );
    expect(info.config.num_replicas).toBe(3);
    expect(info.state.messages).toBe(5);

    // Kill the stream's leader, then publish at once: refused while the others elect one, retried under one id.
    const leader = cluster.nodes.find((n) => n.name === info.cluster?.leader)!;
    expect(leader).toBeDefined();
    leader.proc.kill('SIGKILL');
    await leader.exited;
    const started = Date.now();
    const acked = await r3
      .publishReliably(events.polls.voteCast, voteCast(99), {
        msgId: 'after-leader-loss',
        retryForMs: ELECTION_BUDGET_MS,
        ...PUBLISH_THROUGH_ELECTION,
      })
      .catch((err: unknown) => {
        for (const node of cluster.nodes.filter((n) => n !== leader)) {
          process.stderr.write(
            `--- ${node.name}'s log, last lines ---\n${readFileSync(node.logFile, 'utf8').split('\n').slice(-40).join('\n')}\n`,
          );
        }
        throw err;
      });
    const pauseMs = Date.now() - started;
    process.stderr.write(`publish after killing the stream leader: acknowledged after ${pauseMs} ms\n`);
    expect(acked.duplicate).toBe(false);
    expect(pauseMs).toBeLessThan(ELECTION_BUDGET_MS);

    // Stored once: a new leader holds the five from before and this one, and the same id again is a duplicate.
    const again = await r3.publish(events.polls.voteCast, voteCast(99), { msgId: 'after-leader-loss' });
    expect(again.duplicate).toBe(true);
    const after = await jsm.streams.info('EVENTS');
    expect(after.cluster?.leader).not.toBe(leader.name);
    expect(after.state.messages).toBe(6);
    // A consumer can be set up on the two servers left (retried through their election).
    const heard: string[] = [];
    const consumer = await r3.consume({
      purpose: 'cluster-test',
      filterSubject: events.polls.voteCast,
      handler: (vote) => void heard.push(vote.voter),
    });
    // At once, or once its lost pull request is noticed (heartbeats every 2.5 s).
    const t0 = Date.now();
    await until(() => heard.length >= 6, 20_000, 'the consumer heard the six votes');
    process.stderr.write(`consumer set up after the loss heard the stream after ${Date.now() - t0} ms\n`);
    await consumer.stop();
    expect(heard.sort()).toEqual([
      'u:cluster-0',
      'u:cluster-1',
      'u:cluster-2',
      'u:cluster-3',
      'u:cluster-4',
      'u:cluster-99',
    ]);
  }, 150_000);
});
