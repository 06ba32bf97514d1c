/** Each member's polls kept in a real Redis (CreatorPolls), and the profile list they serve against MongoDB's answer. */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '@meydan/kit';
import { asMember, asVisitor, infra, raceGate, startTestService, testLogger, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { CreatorPolls, type CreatorPoll } from '../src/timelines/creator-polls.js';
import { newestPolls } from '../src/timelines/feed.js';
import { keys } from '../src/store/keys.js';
import { createPoll, endNow, newUserId, startPolls, type PollsTestService } from './support.js';

describe('CreatorPolls', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = connectRedis(infra().redisUrl, 'creatorpollstest', testLogger());
  });
  afterAll(() => redis?.disconnect());

  /** The creator's polls as MongoDB would have them; `hold()` makes the next load wait for a release. */
  function record(polls: CreatorPoll[]) {
    let loads = 0;
    const gate = raceGate();
    return {
      polls,
      loads: () => loads,
      hold: gate.hold,
      async load(): Promise<CreatorPoll[]> {
        loads++;
        const read = [...polls];
        await gate.pass();
        return read;
      },
    };
  }
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 9, minutes));

  it('builds the list once, newest first (equal times by id, as MongoDB sorts), and follows creations and removals', async () => {
    const creator = newUserId();
    const db = record([
      { id: 'a1', createdAt: at(1) },
      { id: 'a3', createdAt: at(3) },
      { id: 'a2', createdAt: at(3) },
    ]);
    const list = new CreatorPolls(redis, () => db.load(), testLogger());
    expect(await list.newest(creator, 0, 10)).toEqual(['a3', 'a2', 'a1']);
    expect(await list.newest(creator, 1, 1)).toEqual(['a2']);
    expect(await list.newest(creator, 3, 10)).toEqual([]);
    expect(db.loads()).toBe(1);

    await list.added(creator, 'a4', at(4));
    await list.removed(creator, 'a2');
    expect(await list.newest(creator, 0, 10)).toEqual(['a4', 'a3', 'a1']);
    expect(db.loads()).toBe(1);
  });

  it('keeps a member with no poll as built, and a list read before a creation is not kept after it', async () => {
    const empty = newUserId();
    const none = record([]);
    const emptyList = new CreatorPolls(redis, () => none.load(), testLogger());
    expect(await emptyList.newest(empty, 0, 10)).toEqual([]);
    expect(await emptyList.newest(empty, 0, 10)).toEqual([]);
    expect(none.loads()).toBe(1);

    const creator = newUserId();
    const db = record([{ id: 'b1', createdAt: at(1) }]);
    const list = new CreatorPolls(redis, () => db.load(), testLogger());
    const hold = db.hold();
    const slowBuild = list.newest(creator, 0, 10);
    await hold.reached;
    // The poll is stored and announced while the build still holds MongoDB's answer from before it.
    db.polls.push({ id: 'b2', createdAt: at(2) });
    await list.added(creator, 'b2', at(2));
    hold.release();
    expect(await slowBuild).toEqual(['b1']);
    expect(await redis.exists(keys.creatorPolls(creator))).toBe(0);
    expect(await list.newest(creator, 0, 10)).toEqual(['b2', 'b1']);
    expect(db.loads()).toBe(2);
  });
});

describe("polls: a member's list from the kept list, as MongoDB answers it", () => {
  let auth: TestService;
  let svc: PollsTestService;
  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth);
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
    await auth?.close();
  });

  it('lists for the owner, a member and a visitor what the database path lists, built cold or kept warm', async () => {
    const owner = newUserId();
    const other = newUserId();
    const made = [];
    for (const [title, type] of [
      ['Açık', 'public'],
      ['Üyelere', 'private'],
      ['Dostlara', 'friends'],
    ] as const)
      made.push(await createPoll(svc.app, owner, { title, type }));
    made.push(await createPoll(svc.app, owner, { title: 'Linkli' }, '/api/polls/shareable'));
    const ended = await createPoll(svc.app, owner, { title: 'Bitti' });
    await endNow(svc.app, ended.id);
    const gone = await createPoll(svc.app, owner, { title: 'Silinecek' });
    expect(
      (await svc.app.inject({ method: 'DELETE', url: `/api/polls/${gone.id}`, headers: asMember(owner) })).statusCode,
    ).toBe(200);

    const listed = async (headers: Record<string, string>) =>
      ((await svc.app.inject({ url: `/api/users/${owner}/polls`, headers })).json() as { id: string }[]).map(
        (p) => p.id,
      );
    const { models } = svc.app.polls;
    const fromDatabase = async (filter: Record<string, unknown>) =>
      (await newestPolls({ models }, filter, 200)).map((p) => String(p._id));
    const othersFilter = (types: string[]) => ({
      creatorId: owner,
      isShareable: false,
      type: { $in: types },
      $or: [{ expiresAt: null }, { expiresAt: { $gt: new Date() } }],
    });
    const expected = {
      owner: await fromDatabase({ creatorId: owner }),
      member: await fromDatabase(othersFilter(['public', 'private'])),
      visitor: await fromDatabase(othersFilter(['public'])),
    };
    expect(expected.owner).toHaveLength(5);
    expect(expected.member).toEqual([made[1]!.id, made[0]!.id]);

    for (const round of ['warm', 'cold']) {
      if (round === 'cold') await svc.deps.redis.del(keys.creatorPolls(owner), keys.creatorPollsGeneration(owner));
      expect(await listed(asMember(owner)), round).toEqual(expected.owner);
      expect(await listed(asMember(other)), round).toEqual(expected.member);
      expect(await listed(asVisitor()), round).toEqual(expected.visitor);
    }
  });
});
