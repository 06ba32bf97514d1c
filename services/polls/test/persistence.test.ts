import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, streams } from '@meydan/proto';
import { asMember } from '@meydan/testing';
import { freePort, infra, testLogger } from '@meydan/testing';
import { ensureServerBinaries, startMongoWire } from '../../../deploy/local/servers.mjs';
import { keys } from '../src/store/keys.js';
import { createPoll, newUserId, startPolls, until, vote, type PollsTestService } from './support.js';

type Mongo = Awaited<ReturnType<typeof startMongoWire>>;

describe('votes accepted while MongoDB is down', () => {
  let svc: PollsTestService;
  let mongo: Mongo;
  let port: number;
  const logged: Record<string, unknown>[] = [];
  const dataDir = join(infra().dir, `polls-mongo-${process.pid}`);
  const binaries = ensureServerBinaries({ nats: false, redis: false });

  beforeAll(async () => {
    port = await freePort();
    mongo = await startMongoWire({ port, dataDir, logFile: `${dataDir}.log`, binaries });
    svc = await startPolls({ MONGO_URL: mongo.url }, testLogger(logged));
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
    await mongo?.stop();
  });

  it('are answered from Redis and JetStream, then persisted once MongoDB is back', async () => {
    const alice = newUserId();
    const poll = await createPoll(svc.app, alice, { options: ['A', 'B'] });
    const Vote = svc.app.polls.models.Vote;
    expect((await vote(svc.app, poll.id, newUserId(), 0)).statusCode).toBe(200);
    await until(async () => (await Vote.countDocuments({ pollId: poll.id })) === 1, 10_000, 'first vote persisted');

    await mongo.stop();
    const whileDown = Array.from({ length: 20 }, () => newUserId());
    const answers = await Promise.all(whileDown.map((m, i) => vote(svc.app, poll.id, m, i % 2)));
    expect(answers.map((a) => a.statusCode)).toEqual(whileDown.map(() => 200));
    expect(
      answers
        .map((a) => a.json().totalVotes)
        .sort((a, b) => a - b)
        .at(-1),
    ).toBe(21);
    expect(await svc.deps.redis.hget(keys.counts(poll.id), 't')).toBe('21');
    // The consumer keeps failing while MongoDB is down; give it a few attempts.
    await until(
      () => logged.some((l) => l['msg'] === 'votes not persisted: will be redelivered'),
      20_000,
      'a failed attempt',
    );

    mongo = await startMongoWire({ port, dataDir, logFile: `${dataDir}.log`, binaries });
    await until(
      async () => (await Vote.countDocuments({ pollId: poll.id }).catch(() => -1)) === 21,
      45_000,
      'votes persisted after MongoDB returned',
    );
    const voters = new Set((await Vote.find({ pollId: poll.id }).lean()).map((v) => v.voter));
    for (const m of whileDown) expect(voters.has(`u:${m}`)).toBe(true);
    const seen = (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(alice) })).json();
    expect(seen.totalVotes).toBe(21);
  }, 90_000);
});

describe('votes a Redis failover took from the counters', () => {
  it('are put back by the persister, which retries while Redis cannot check them instead of acknowledging', async () => {
    const logged: Record<string, unknown>[] = [];
    const svc = await startPolls({}, testLogger(logged));
    try {
      const alice = newUserId();
      const bob = newUserId();
      const poll = await createPoll(svc.app, alice, { options: ['A', 'B'] });
      // Bob's vote was counted and announced, then the failover lost it from Redis; and Redis cannot say at first
      // (a key of another type stands where the poll's voters were).
      await svc.deps.redis.set(keys.voters(poll.id), 'not a hash');
      const lost = {
        pollId: poll.id,
        creatorId: alice,
        voter: `u:${bob}`,
        userId: bob,
        optionIndex: 1,
        at: new Date().toISOString(),
      };
      await svc.deps.bus.publish(events.polls.voteCast, lost, { msgId: `lost-${bob}` });
      await until(
        () => logged.some((l) => String(l['msg']).startsWith('vote counters not checked after persisting')),
        15_000,
        'a failed check logged',
      );
      expect(await svc.app.polls.models.Vote.countDocuments({ pollId: poll.id })).toBe(1);

      await svc.deps.redis.del(keys.voters(poll.id));
      await until(
        async () => (await svc.deps.redis.hget(keys.voters(poll.id), `u:${bob}`)) === '1',
        15_000,
        'the vote put back',
      );
      expect(await svc.deps.redis.hmget(keys.counts(poll.id), 't', '0', '1')).toEqual(['1', '0', '1']);
      const seen = (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(alice) })).json();
      expect(seen.totalVotes).toBe(1);
      expect(await svc.app.polls.models.Vote.countDocuments({ pollId: poll.id })).toBe(1);
    } finally {
      await svc.close();
    }
  }, 60_000);
});

describe('the vote consumer', () => {
  it('is set up with VOTES_ACK_WAIT_MS as its ack_wait, after which JetStream hands a batch to another process', async () => {
    const svc = await startPolls({ VOTES_ACK_WAIT_MS: 12_000 });
    try {
      const jsm = await svc.deps.nats.jetstreamManager();
      const info = await jsm.consumers.info(streams.events.name, `${svc.deps.config.MONGO_DB}--polls--persist-votes`);
      expect(info.config.ack_wait).toBe(12_000 * 1_000_000);
    } finally {
      await svc.close();
    }
  });
});
