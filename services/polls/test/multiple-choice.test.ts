/**
 * Multiple choice ('Birden fazla seçim', issue 27): a poll's creator lets one ballot mark up to maxChoices options.
 * One ballot per voter and poll, its options counted together in the vote's Lua step; MongoDB stores one document
 * per ballot; counts in Redis equal MongoDB's and the API's; bad ballots are a Turkish 400 that changes nothing.
 */
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events, live, pollMessages as M, subjects, validate, type Poll } from '@meydan/proto';
import { asMember, drained, freePort, infra, startTestService, type TestService } from '@meydan/testing';
import { startNats } from '../../../deploy/local/servers.mjs';
import { buildApp as authBuildApp } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp as socialBuildApp } from '../../social/src/app.js';
import { ballotProblem, tooManyChoices } from '../src/domain/ballots.js';
import { voteFeedback } from '../src/domain/counts.js';
import { keys } from '../src/store/keys.js';
import {
  asShareVisitor,
  castBallot,
  collect,
  createPoll,
  follow,
  newUserId,
  readPoll,
  startPolls,
  until,
  validPoll,
  type PollsTestService,
} from './support.js';

const votesOf = (poll: Pick<Poll, 'options'>) => poll.options.map((o) => o.votes);

describe('the ballot rules (every ballot over up to 5 options)', () => {
  // Every list of up to 4 indexes in -1..5, on polls of 2 to 5 options allowing 1 to all of them.
  const lists: number[][] = [[]];
  for (let length = 1; length <= 4; length++) {
    for (const prefix of lists.filter((l) => l.length === length - 1))
      for (let i = -1; i <= 5; i++) lists.push([...prefix, i]);
  }

  it('accepts exactly the non-empty lists of distinct options within the poll, at most maxChoices of them', () => {
    let accepted = 0;
    for (let optionsCount = 2; optionsCount <= 5; optionsCount++) {
      for (let maxChoices = 1; maxChoices <= optionsCount; maxChoices++) {
        for (const list of lists) {
          const valid =
            list.length >= 1 &&
            list.length <= maxChoices &&
            new Set(list).size === list.length &&
            list.every((i) => i >= 0 && i < optionsCount);
          const problem = ballotProblem(list, optionsCount, maxChoices);
          expect(problem === null, `${JSON.stringify(list)} on ${optionsCount} options, max ${maxChoices}`).toBe(valid);
          if (problem) expect(problem.message).toMatch(/[a-zçğıöşü]/);
          if (valid) accepted++;
        }
      }
    }
    expect(accepted).toBeGreaterThan(100);
    expect(ballotProblem([1, 1], 3, 3)?.message).toBe(M.optionIndexesDuplicate);
    expect(ballotProblem([0, 1, 2], 3, 2)?.message).toBe('Bu ankette en fazla 2 seçenek işaretleyebilirsin');
    expect(ballotProblem([0, 1], 3, 1)?.message).toBe(M.singleChoiceOnly);
    expect(ballotProblem([3], 3, 1)).toEqual({ path: 'optionIndex', message: M.optionInvalid });
  });
});

describe('multiple-choice polls', () => {
  let svc: PollsTestService;
  const alice = newUserId();

  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
  });

  const ballot = (pollId: string, userId: string, payload: Record<string, unknown>) =>
    castBallot(svc.app, pollId, userId, payload);
  const read = (pollId: string, userId: string) => readPoll(svc.app, pollId, userId);
  const pollsOfAlice = () => svc.app.polls.models.Poll.countDocuments({ creatorId: alice });

  it('creates a poll with maxChoices (1 by default) and refuses one out of range in Turkish, creating nothing', async () => {
    const single = await createPoll(svc.app, alice);
    expect(single).toMatchObject({ maxChoices: 1, votersCount: 0, userChoice: null, userChoices: [] });
    const multi = await createPoll(svc.app, alice, { options: ['Kedi', 'Köpek', 'Kuş'], maxChoices: 3 });
    expect(multi.maxChoices).toBe(3);
    expect(validate('meydan/poll', multi).ok).toBe(true);

    const before = await pollsOfAlice();
    const cases: [unknown, string[], string][] = [
      [0, ['A', 'B'], M.maxChoices],
      [7, ['A', 'B'], M.maxChoices],
      ['2', ['A', 'B'], M.maxChoices],
      [1.5, ['A', 'B'], M.maxChoices],
      [3, ['A', 'B'], M.maxChoicesOverOptions],
      [4, ['A', 'B', '  ', 'C'], M.maxChoicesOverOptions],
    ];
    for (const [maxChoices, options, message] of cases) {
      for (const url of ['/api/polls', '/api/polls/shareable']) {
        const res = await svc.app.inject({
          method: 'POST',
          url,
          headers: asMember(alice),
          payload: { ...validPoll({ options }), maxChoices },
        });
        expect(res.statusCode, `${url} maxChoices ${JSON.stringify(maxChoices)}`).toBe(400);
        expect(res.json()).toMatchObject({ error: 'validation', message });
      }
    }
    expect(await pollsOfAlice()).toBe(before);
    // It is fixed at creation, like the options.
    const edit = await svc.app.inject({
      method: 'PATCH',
      url: `/api/polls/${multi.id}`,
      headers: asMember(alice),
      payload: { maxChoices: 1 },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(M.maxChoicesLocked);
    expect((await read(multi.id, alice)).maxChoices).toBe(3);
  });

  it("counts a ballot of several options once per voter: per-option counts, votersCount, the voter's choices, live counts", async () => {
    const poll = await createPoll(svc.app, alice, { options: ['Kedi', 'Köpek', 'Kuş', 'Balık'], maxChoices: 2 });
    const [ayse, burak, cem] = [newUserId(), newUserId(), newUserId()];
    const liveCounts = collect<{ pollId: string; voteCounts: Record<string, number>; totalVotes: number }>(
      svc.deps.nats,
      live.pollCounts,
    );
    const cast = collect(svc.deps.nats, events.polls.voteCast);
    await Promise.all([liveCounts.flush(), cast.flush()]);

    const first = await ballot(poll.id, ayse, { optionIndexes: [2, 0] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      voteCounts: { '0': 1, '1': 0, '2': 1, '3': 0 },
      totalVotes: 1,
      votersCount: 1,
      hasVoted: true,
      userChoice: 0,
      userChoices: [0, 2],
      feedback: 'İlk oyu sen verdin!',
    });
    expect(validate('meydan/vote-result', first.json()).ok).toBe(true);
    // One option through either body; the single {optionIndex} keeps working.
    expect((await ballot(poll.id, burak, { optionIndexes: [2] })).json()).toMatchObject({
      userChoices: [2],
      votersCount: 2,
    });
    const third = await ballot(poll.id, cem, { optionIndex: 1 });
    expect(third.json()).toMatchObject({
      voteCounts: { '0': 1, '1': 1, '2': 2, '3': 0 },
      totalVotes: 3,
      votersCount: 3,
      userChoices: [1],
    });

    // Never a second ballot, whatever it marks.
    for (const payload of [{ optionIndexes: [1, 3] }, { optionIndex: 3 }, { optionIndexes: [0, 2] }]) {
      const again = await ballot(poll.id, ayse, payload);
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('already_voted');
    }
    const seen = await read(poll.id, ayse);
    expect(seen).toMatchObject({
      totalVotes: 3,
      votesCount: 3,
      votersCount: 3,
      hasVoted: true,
      userChoice: 0,
      userChoices: [0, 2],
    });
    expect(votesOf(seen)).toEqual([1, 1, 2, 0]);
    expect((await read(poll.id, newUserId())).userChoices).toEqual([]);

    await until(
      () => liveCounts.received.some((m) => m.data.pollId === poll.id && m.data.totalVotes === 3),
      5000,
      'live counts',
    );
    const last = liveCounts.received.filter((m) => m.data.pollId === poll.id).at(-1)!.data;
    expect(last).toMatchObject({ voteCounts: { '0': 1, '1': 1, '2': 2, '3': 0 }, totalVotes: 3 });
    // Each refused try announces the counted ballot again under its message id (in case it never went out; JetStream
    // stores it once): ayşe's [0, 2] three more times, never what the try marked.
    await until(() => cast.received.filter((m) => m.data['pollId'] === poll.id).length === 6, 5000, 'vote events');
    const published = cast.received.filter((m) => m.data['pollId'] === poll.id).map((m) => m.data);
    for (const event of published) expect(validate('meydan/event-vote-cast', event).ok).toBe(true);
    const ayses = [0, [0, 2]];
    expect(published.map((e) => [e['optionIndex'], e['optionIndexes']])).toEqual([
      ayses,
      [2, undefined],
      [1, undefined],
      ayses,
      ayses,
      ayses,
    ]);
    liveCounts.stop();
    cast.stop();
  });

  it('refuses a bad ballot with a Turkish 400 and changes nothing: duplicates, too many, unknown options, none', async () => {
    const poll = await createPoll(svc.app, alice, { options: ['A', 'B', 'C'], maxChoices: 2 });
    const single = await createPoll(svc.app, alice, { options: ['A', 'B', 'C'] });
    const voter = newUserId();
    const cases: [string, Record<string, unknown>, string][] = [
      [poll.id, { optionIndexes: [1, 1] }, M.optionIndexesDuplicate],
      [poll.id, { optionIndexes: [0, 1, 2] }, 'Bu ankette en fazla 2 seçenek işaretleyebilirsin'],
      [poll.id, { optionIndexes: [0, 3] }, M.optionInvalid],
      [poll.id, { optionIndexes: [0, -1] }, M.optionInvalid],
      [poll.id, { optionIndexes: [] }, M.optionRequired],
      [poll.id, { optionIndexes: '0,1' }, M.optionIndexes],
      [poll.id, { optionIndexes: [0, 1, 2, 3, 4, 5, 6] }, M.optionIndexes],
      [single.id, { optionIndexes: [0, 1] }, M.singleChoiceOnly],
    ];
    for (const [pollId, payload, message] of cases) {
      const res = await ballot(pollId, voter, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', message });
    }
    for (const id of [poll.id, single.id]) {
      expect(await svc.deps.redis.hgetall(keys.counts(id))).toEqual({ '0': '0', '1': '0', '2': '0', t: '0', pv: '0' });
      expect(await svc.deps.redis.hlen(keys.voters(id))).toBe(0);
    }
    // Nothing was claimed: the same voter's valid ballot is then counted.
    expect((await ballot(poll.id, voter, { optionIndexes: [0, 1] })).statusCode).toBe(200);
    expect((await ballot(single.id, voter, { optionIndexes: [2] })).statusCode).toBe(200);
    expect(tooManyChoices(1)).toBe(M.singleChoiceOnly);
  });

  it('persists one document per ballot (a redelivery stored once), and counters rebuilt from MongoDB equal Redis and the API', async () => {
    const poll = await createPoll(svc.app, alice, { options: ['A', 'B', 'C', 'D'], maxChoices: 3 });
    // Seeded ballots of 1 to 3 options from 40 voters, some voting twice.
    let seed = 27;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return Math.floor((seed / 2 ** 32) * n);
    };
    const voters = Array.from({ length: 40 }, () => newUserId());
    const expected = [0, 0, 0, 0];
    let ballots = 0;
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, k) => {
        const options = [...new Set(Array.from({ length: 1 + random(3) }, () => random(4)))];
        return ballot(poll.id, voters[k % 40]!, { optionIndexes: options }).then((res) => ({ res, options }));
      }),
    );
    for (const { res, options } of results) {
      expect([200, 409]).toContain(res.statusCode);
      if (res.statusCode === 200) {
        ballots++;
        for (const i of options) expected[i]!++;
      }
    }
    expect(ballots).toBe(40);
    const { Vote } = svc.app.polls.models;
    await until(async () => (await Vote.countDocuments({ pollId: poll.id })) === 40, 20_000, 'ballots persisted');

    // A redelivered ballot (the same event under another message id, past the stream's dedupe) is stored once.
    const stored = (await Vote.find({ pollId: poll.id }).lean()).find((v) => (v.optionIndexes?.length ?? 0) > 1)!;
    expect(stored.optionIndexes!.length).toBeGreaterThan(1);
    expect(stored.optionIndex).toBe(stored.optionIndexes![0]);
    const event = {
      pollId: poll.id,
      creatorId: alice,
      voter: stored.voter,
      userId: stored.userId ?? null,
      optionIndex: stored.optionIndex,
      optionIndexes: stored.optionIndexes!,
      at: new Date().toISOString(),
    };
    await svc.deps.bus.publish(events.polls.voteCast, event, {
      requestId: 'redelivery',
      msgId: `redelivered:${stored.voter}`,
    });
    await drained(svc.deps, 'polls--persist-votes');
    expect(await Vote.countDocuments({ pollId: poll.id })).toBe(40);

    const api = await read(poll.id, alice);
    expect(votesOf(api)).toEqual(expected);
    expect(api.votersCount).toBe(40);
    const mongo = [0, 0, 0, 0];
    for (const v of await Vote.find({ pollId: poll.id }).lean())
      for (const i of v.optionIndexes?.length ? v.optionIndexes : [v.optionIndex]) mongo[i]!++;
    expect(mongo).toEqual(expected);
    const before = await svc.deps.redis.hgetall(keys.voters(poll.id));
    // Redis loses the poll's counters: rebuilt from MongoDB, they are the same, ballots and all.
    await svc.deps.redis.del(keys.counts(poll.id), keys.voters(poll.id));
    const rebuilt = await read(poll.id, stored.userId!);
    expect(votesOf(rebuilt)).toEqual(expected);
    expect(rebuilt).toMatchObject({ votersCount: 40, userChoices: stored.optionIndexes });
    expect(await svc.deps.redis.hgetall(keys.voters(poll.id))).toEqual(before);
    expect(Number(await svc.deps.redis.hget(keys.counts(poll.id), 't'))).toBe(40);
  }, 60_000);

  it('takes ballots through the share link, one per IP network in that mode, claimed with the ballot in one step', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/polls/shareable',
      headers: asMember(alice),
      payload: { ...validPoll({ options: ['Çay', 'Kahve', 'Ayran'] }), maxChoices: 2, shareVoteMode: 'ip' },
    });
    expect(res.statusCode).toBe(201);
    const { shortUrl, id } = res.json().poll;
    const visitor = asShareVisitor('mc-visitor-1', '10.27.2.1');
    const shareVote = (headers: Record<string, string>, payload: Record<string, unknown>) =>
      svc.app.inject({ method: 'POST', url: `/api/s/${shortUrl}/vote`, headers, payload });

    const tooMany = await shareVote(visitor, { optionIndexes: [0, 1, 2] });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Bu ankette en fazla 2 seçenek işaretleyebilirsin');
    expect(await svc.deps.redis.hlen(keys.shareVoteIps(id))).toBe(0);

    const counted = await shareVote(visitor, { optionIndexes: [1, 2] });
    expect(counted.statusCode).toBe(200);
    expect(counted.json()).toMatchObject({
      voteCounts: { '0': 0, '1': 1, '2': 1 },
      votersCount: 1,
      userChoices: [1, 2],
    });
    const sameIp = await shareVote(asShareVisitor('mc-visitor-2', '10.27.2.1'), { optionIndexes: [0] });
    expect(sameIp.statusCode).toBe(409);
    expect(sameIp.json().error).toBe('ip_already_voted');
    const page = (await svc.app.inject({ url: `/api/s/${shortUrl}`, headers: visitor })).json();
    expect(page).toMatchObject({
      hasVoted: true,
      userChoice: 1,
      userChoices: [1, 2],
      voteCounts: { '0': 0, '1': 1, '2': 1 },
    });
    expect(page.poll).toMatchObject({ maxChoices: 2, votersCount: 1, publicVotesCount: 1 });
    expect(validate('meydan/share-link-poll', page).ok).toBe(true);
    expect(Object.values(await svc.deps.redis.hgetall(keys.shareVoteIps(id)))).toEqual(['1']);
  });

  it("gives ballots everywhere a member's choice is read: results CSV, own votes, data export, a deleted account's pseudonym", async () => {
    const gone = newUserId();
    const poll = await createPoll(svc.app, alice, { options: ['Kırmızı', 'Yeşil', 'Mavi'], maxChoices: 3 });
    expect((await ballot(poll.id, gone, { optionIndexes: [0, 2] })).statusCode).toBe(200);
    expect((await ballot(poll.id, alice, { optionIndexes: [0, 1, 2] })).statusCode).toBe(200);
    expect((await ballot(poll.id, newUserId(), { optionIndex: 0 })).statusCode).toBe(200);

    // Percentages are shares of the ballots (3), oy_veren is the ballots.
    const csv = await svc.app.inject({ url: `/api/polls/${poll.id}/results.csv`, headers: asMember(alice) });
    expect(parse(csv.body.slice(1), { delimiter: ';' })).toEqual([
      ['secenek', 'oy', 'yuzde', 'oy_veren', 'bitis'],
      ['Kırmızı', '3', '100,0', '3', poll.expiresAt],
      ['Yeşil', '1', '33,3', '3', poll.expiresAt],
      ['Mavi', '2', '66,7', '3', poll.expiresAt],
    ]);

    const { Vote } = svc.app.polls.models;
    await until(async () => (await Vote.countDocuments({ pollId: poll.id })) === 3, 20_000, 'ballots persisted');
    const own = await svc.app.inject({ url: `/api/users/${gone}/votes`, headers: asMember(gone) });
    expect(own.json()).toEqual([
      expect.objectContaining({
        pollId: poll.id,
        selectedOption: 'Kırmızı, Mavi',
        selectedOptions: ['Kırmızı', 'Mavi'],
      }),
    ]);
    const exported = await svc.deps.bus.request(
      subjects.polls.userExport,
      { userId: gone },
      { requestId: 'test' },
      2000,
    );
    expect(exported.votes).toEqual([
      expect.objectContaining({
        pollId: poll.id,
        optionIndex: 0,
        option: 'Kırmızı',
        optionIndexes: [0, 2],
        options: ['Kırmızı', 'Mavi'],
      }),
    ]);

    const stored = (await Vote.findOne({ pollId: poll.id, userId: gone }).lean())!;
    await svc.deps.bus.publish(
      events.auth.userDeleted,
      { userId: gone, at: new Date().toISOString() },
      { requestId: 'test' },
    );
    const pseudonym = `d:${String(stored._id)}`;
    await vi.waitFor(async () => expect((await Vote.findById(stored._id).lean())?.voter).toBe(pseudonym), {
      timeout: 15_000,
      interval: 100,
    });
    expect(await svc.deps.redis.hget(keys.voters(poll.id), pseudonym)).toBe('0,2');
    expect(await svc.deps.redis.hget(keys.voters(poll.id), `u:${gone}`)).toBeNull();
    expect(votesOf(await read(poll.id, alice))).toEqual([3, 1, 2]);
  });
});

describe("a multiple-choice Dost Meclisi poll's Grup Analizi", () => {
  let auth: TestService;
  let social: TestService;
  let svc: PollsTestService;

  beforeAll(async () => {
    auth = await startTestService('auth', authBuildApp);
    social = await startTestService('social', socialBuildApp);
    svc = await startPolls();
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
    await social?.close();
    await auth?.close();
  });

  it("puts a friend under every option of their ballot, each option's share of the friends who voted", async () => {
    const [creator, ayse, burak] = await Promise.all(
      ['mc-yaratici', 'mc-ayse', 'mc-burak'].map((username) => createUser(auth.deps, { username })),
    );
    for (const [a, b] of [
      [creator, ayse],
      [ayse, creator],
      [creator, burak],
      [burak, creator],
      [ayse, burak],
      [burak, ayse],
    ] as const) {
      expect(await follow(social, a!, b!)).toBe(true);
    }
    const poll = await createPoll(svc.app, creator!.id, {
      type: 'friends',
      options: ['Çay', 'Kahve', 'Ayran'],
      maxChoices: 2,
    });
    const ballot = (user: TestUser, payload: object) =>
      svc.app.inject({ method: 'POST', url: `/api/polls/${poll.id}/vote`, headers: asMember(user.id), payload });
    expect((await ballot(ayse!, { optionIndexes: [0, 1] })).statusCode).toBe(200);
    expect((await ballot(burak!, { optionIndexes: [1] })).statusCode).toBe(200);

    const res = await svc.app.inject({ url: `/api/polls/${poll.id}/analysis`, headers: asMember(ayse!.id) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(validate('meydan/poll-analysis', body).ok).toBe(true);
    expect(body).toMatchObject({ totalVotes: 2, userChoice: 0, userChoices: [0, 1] });
    expect(body.overall.map((o: { votes: number; percent: number }) => [o.votes, o.percent])).toEqual([
      [1, 50],
      [2, 100],
      [0, 0],
    ]);
    expect(body.friends.voted).toBe(1);
    expect(body.friends.options.map((o: { voters: { id: string }[] }) => o.voters.map((v) => v.id))).toEqual([
      [],
      [burak!.id],
      [],
    ]);
    // From Burak's side, Ayşe is under both options she marked.
    const other = (
      await svc.app.inject({ url: `/api/polls/${poll.id}/analysis`, headers: asMember(burak!.id) })
    ).json();
    expect(
      other.friends.options.map((o: { voters: { id: string }[]; percent: number }) => [
        o.voters.map((v) => v.id),
        o.percent,
      ]),
    ).toEqual([
      [[ayse!.id], 100],
      [[ayse!.id], 100],
      [[], 0],
    ]);
    expect(voteFeedback([1, 2, 0], [0, 1], 2)).toBe(
      'Seçtiğin seçenekler oy verenlerin sırasıyla %50, %100 kadarınca seçildi.',
    );
  }, 30_000);
});

// A private NATS (the shared one must stay up for the other suites), stopped and started again on the same port.
describe('a ballot whose event cannot be published', () => {
  let svc: PollsTestService;
  let nats: Awaited<ReturnType<typeof startNats>>;
  let port: number;
  const dataDir = join(infra().dir, `polls-mc-nats-${process.pid}`);
  const startOurNats = () => startNats({ port, dataDir, logFile: `${dataDir}.log`, binary: infra().natsServer });

  beforeAll(async () => {
    port = await freePort();
    nats = await startOurNats();
    svc = await startPolls({ NATS_URL: nats.url });
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
    await nats?.stop();
  });

  it('is taken back whole (every option, the voter, the IP claim) with a 503, and counted once when sent again', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/polls/shareable',
      headers: asMember(newUserId()),
      payload: { ...validPoll({ options: ['A', 'B', 'C'] }), maxChoices: 3, shareVoteMode: 'ip' },
    });
    const { id, shortUrl } = res.json().poll;
    const visitor = asShareVisitor('mc-undo-visitor', '10.27.9.9');
    const send = () =>
      svc.app.inject({
        method: 'POST',
        url: `/api/s/${shortUrl}/vote`,
        headers: visitor,
        payload: { optionIndexes: [0, 2] },
      });
    const zero = { '0': '0', '1': '0', '2': '0', t: '0', pv: '0' };

    await nats.stop();
    const refused = await send();
    expect(refused.statusCode).toBe(503);
    expect(await svc.deps.redis.hgetall(keys.counts(id))).toEqual(zero);
    expect(await svc.deps.redis.hlen(keys.voters(id))).toBe(0);
    expect(Object.values(await svc.deps.redis.hgetall(keys.shareVoteIps(id))).filter((n) => n !== '0')).toEqual([]);

    nats = await startOurNats();
    await until(async () => (await send()).statusCode === 200, 20_000, 'ballot counted after NATS is back');
    expect(await svc.deps.redis.hgetall(keys.counts(id))).toEqual({ ...zero, '0': '1', '2': '1', t: '1', pv: '1' });
    expect((await send()).statusCode).toBe(409);
    await until(
      async () => (await svc.app.polls.models.Vote.countDocuments({ pollId: id })) === 1,
      20_000,
      'ballot persisted',
    );
    expect(await svc.app.polls.models.Vote.findOne({ pollId: id }).lean()).toMatchObject({
      optionIndex: 0,
      optionIndexes: [0, 2],
    });
  }, 90_000);
});
