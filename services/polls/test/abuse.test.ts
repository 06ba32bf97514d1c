import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, limits, pollServiceMessages as S } from '@meydan/proto';
import { asMember, asVisitor } from '@meydan/testing';
import { keys } from '../src/store/keys.js';
import { asShareVisitor, collect, createPoll, newUserId, startPolls, until, type PollsTestService } from './support.js';

describe('abuse quotas: shares, reports, comments', () => {
  let svc: PollsTestService;
  const alice = newUserId();

  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
  });

  const ctx = () => svc.app.polls;
  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    svc.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const shareCountOf = async (pollId: string) =>
    (await svc.app.inject({ url: `/api/polls/${pollId}`, headers: asVisitor() })).json().shareCount;
  const storedShares = (pollId: string) => ctx().models.Share.countDocuments({ pollId });

  describe('shares', () => {
    it('counts 100 shares without a visitor id as none, and 100 from one visitor as one', async () => {
      const poll = await createPoll(svc.app, alice);
      const url = `/api/polls/${poll.id}/share`;
      const anonymous = await Promise.all(Array.from({ length: 100 }, () => post(url, asVisitor())));
      expect(anonymous.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
      expect(anonymous.every((r) => r.json().shareCount === 0)).toBe(true);
      expect(await storedShares(poll.id)).toBe(0);

      const visitor = asShareVisitor(newUserId());
      const same = await Promise.all(Array.from({ length: 100 }, () => post(url, visitor)));
      expect(same.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
      expect(await shareCountOf(poll.id)).toBe(1);

      const member = await Promise.all(Array.from({ length: 20 }, () => post(url, asMember(alice))));
      expect(member.map((r) => r.json().shareCount)).toContain(2);
      expect(await shareCountOf(poll.id)).toBe(2);
      expect(await storedShares(poll.id)).toBe(2);
    });

    it('counts a share link share once per visitor, and keeps counting once after Redis forgot the sharers', async () => {
      const linked = await createPoll(svc.app, alice, {}, '/api/polls/shareable');
      const url = `/api/s/${linked.shortUrl}/share`;
      const visitor = asShareVisitor(newUserId());
      await Promise.all(Array.from({ length: 50 }, () => post(url, visitor)));
      await Promise.all(Array.from({ length: 50 }, () => post(url, asVisitor())));
      expect((await post(url, visitor)).json()).toEqual({ pollId: linked.id, shareCount: 1 });

      await svc.deps.redis.del(keys.sharers(linked.id), keys.engagement(linked.id));
      expect((await post(url, visitor)).json()).toEqual({ pollId: linked.id, shareCount: 1 });
      expect((await post(url, asShareVisitor(newUserId(), '10.0.0.2'))).json()).toEqual({
        pollId: linked.id,
        shareCount: 2,
      });
      expect(await storedShares(linked.id)).toBe(2);
      expect(await ctx().engagement.ofOne({ id: linked.id, optionsCount: 2, expiresAt: null })).toMatchObject({
        shares: 2,
      });
    });

    it('counts visitors of one IP once per poll, so fresh visitor ids (as a cookieless script gets) do not add up', async () => {
      const linked = await createPoll(svc.app, alice, {}, '/api/polls/shareable');
      const url = `/api/s/${linked.shortUrl}/share`;
      const fresh = await Promise.all(
        Array.from({ length: 100 }, () => post(url, asShareVisitor(newUserId(), '10.6.6.6'))),
      );
      expect(fresh.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
      expect((await post(url, asShareVisitor(newUserId(), '10.6.6.6'))).json().shareCount).toBe(1);
      // A member behind the same address still counts, and so does a visitor elsewhere.
      expect((await post(url, asMember(newUserId()))).json().shareCount).toBe(2);
      expect((await post(url, asShareVisitor(newUserId(), '10.7.7.7'))).json().shareCount).toBe(3);
      expect(await storedShares(linked.id)).toBe(3);
    });
  });

  describe('reports', () => {
    it('takes one report per member and poll; a second, even a concurrent one, gets 409 and stores nothing', async () => {
      const poll = await createPoll(svc.app, alice);
      const url = `/api/polls/${poll.id}/report`;
      const stream = collect(svc.deps.nats, events.polls.pollReported);
      const bob = newUserId();
      expect((await post(url, asMember(bob), { reason: 'Spam' })).statusCode).toBe(201);
      const again = await post(url, asMember(bob), { reason: 'Başka bir sebep' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'already_reported', message: S.alreadyReported });

      const carol = newUserId();
      const both = await Promise.all([
        post(url, asMember(carol), { reason: 'Spam' }),
        post(url, asMember(carol), { reason: 'Hakaret' }),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);

      expect(await ctx().models.Report.countDocuments({ pollId: poll.id })).toBe(2);
      await until(() => stream.received.length >= 2);
      await stream.flush();
      expect(stream.received.map((m) => m.data['reporterId']).sort()).toEqual([bob, carol].sort());
      stream.stop();
    });
  });

  describe('comments', () => {
    it(`takes at most ${limits.comment.perMinute} comments a minute from a member; the next gets 429 and writes nothing`, async () => {
      const poll = await createPoll(svc.app, alice);
      const url = `/api/polls/${poll.id}/comments`;
      const dave = newUserId();
      const made = await Promise.all(
        Array.from({ length: limits.comment.perMinute }, (_, i) => post(url, asMember(dave), { text: `yorum ${i}` })),
      );
      expect(made.map((r) => r.statusCode)).toEqual(Array(limits.comment.perMinute).fill(201));

      const over = await post(url, asMember(dave), { text: 'bir tane daha' });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ error: 'rate_limited', message: S.tooManyComments });
      const retryAfter = Number(over.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await ctx().models.Comment.countDocuments({ pollId: poll.id })).toBe(limits.comment.perMinute);
      expect(await ctx().models.Comment.countDocuments({ pollId: poll.id, text: 'bir tane daha' })).toBe(0);

      // Another member is not held back by dave's quota; once dave's window is over he may write again.
      expect((await post(url, asMember(newUserId()), { text: 'benim ilk yorumum' })).statusCode).toBe(201);
      await svc.deps.redis.pexpire(keys.commentQuota(dave), 1);
      await until(async () => (await svc.deps.redis.exists(keys.commentQuota(dave))) === 0);
      expect((await post(url, asMember(dave), { text: 'bir dakika sonra' })).statusCode).toBe(201);
    });
  });
});
