import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(answers.map((a) => a.json().totalVotes).sort((a, b) => a - b).at(-1)).toBe(21);
    expect(await svc.deps.redis.hget(keys.counts(poll.id), 't')).toBe('21');
    // The consumer keeps failing while MongoDB is down; give it a few attempts.
    await until(() => logged.some((l) => l['msg'] === 'votes not persisted: will be redelivered'), 20_000, 'a failed attempt');

    mongo = await startMongoWire({ port, dataDir, logFile: `${dataDir}.log`, binaries });
    await until(async () => (await Vote.countDocuments({ pollId: poll.id }).catch(() => -1)) === 21, 45_000, 'votes persisted after MongoDB returned');
    const voters = new Set((await Vote.find({ pollId: poll.id }).lean()).map((v) => v.voter));
    for (const m of whileDown) expect(voters.has(`u:${m}`)).toBe(true);
    const seen = (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(alice) })).json();
    expect(seen.totalVotes).toBe(21);
  }, 90_000);
});
