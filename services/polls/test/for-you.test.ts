import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollServiceMessages as S, subjects, validate } from '@meydan/proto';
import { asMember, asVisitor } from '@meydan/testing';
import { rankForYou } from '../src/domain/for-you.js';
import { createPoll, newUserId, startPolls, until, vote, type PollsTestService } from './support.js';

describe('for-you feed', () => {
  let svc: PollsTestService;
  const member = newUserId();
  const stranger = newUserId();

  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
  });

  const forYou = (headers: Record<string, string>, query = '') =>
    svc.app.inject({ url: `/api/polls?feed=for-you${query}`, headers });

  it('ranks visible polls by the topic affinities auth answers, and leaves out what the member may not see', async () => {
    // Created oldest first: without affinities the newest would lead.
    const music = await createPoll(svc.app, stranger, { category: 'muzik-playlist', title: 'Hangi albüm?' });
    const travel = await createPoll(svc.app, stranger, { category: 'kesfet-seyahat', title: 'Hangi şehir?' });
    const daily = await createPoll(svc.app, stranger, { category: 'gunluk-hayat', title: 'Kahve mi çay mı?' });
    const tech = await createPoll(svc.app, stranger, { category: 'teknoloji-ai', title: 'Hangi dil?' });
    const friendsOnly = await createPoll(svc.app, stranger, {
      category: 'muzik-playlist',
      title: 'Yalnız dostlara',
      type: 'friends',
    });

    // auth is not started here: this stands in for its responder, with the member's stored analysis.
    const auth = await svc.deps.bus.standIn('auth', subjects.auth.usersAffinities, ({ userId }) => ({
      topics:
        userId === member
          ? [
              { category: 'muzik-playlist', weight: 0.6 },
              { category: 'kesfet-seyahat', weight: 0.4 },
            ]
          : [],
    }));
    try {
      const res = await forYou(asMember(member));
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(validate('meydan/poll-list', body).ok).toBe(true);
      const ids = body.polls.map((p: { id: string }) => p.id);
      expect(ids.slice(0, 4)).toEqual([music.id, travel.id, tech.id, daily.id]);
      expect(ids).not.toContain(friendsOnly.id);
      expect(body.nextCursor).toBeNull();

      const limited = await forYou(asMember(member), '&limit=1&category=kesfet-seyahat');
      expect(limited.json().polls.map((p: { id: string }) => p.id)).toEqual([travel.id]);
    } finally {
      await auth.stop();
    }
  });

  it('falls back to the newest first when auth does not answer', async () => {
    const res = await forYou(asMember(newUserId()));
    expect(res.statusCode).toBe(200);
    const dates = res.json().polls.map((p: { createdAt: string }) => Date.parse(p.createdAt));
    expect(dates.length).toBeGreaterThan(1);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('refuses a visitor with 401 and a Turkish text', async () => {
    const res = await forYou(asVisitor());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(S.signInForYou);
  });

  it('refuses an unknown feed with 400 and names the feeds', async () => {
    const res = await svc.app.inject({ url: '/api/polls?feed=bana-ozel', headers: asMember(member) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Akış trending, new, friends ya da for-you olmalıdır');
  });

  it("answers polls.users.topics with the member's persisted votes by category", async () => {
    const voter = newUserId();
    const a = await createPoll(svc.app, stranger, { category: 'oyun-geek' });
    const b = await createPoll(svc.app, stranger, { category: 'oyun-geek' });
    const c = await createPoll(svc.app, stranger, { category: 'yemek-mekan' });
    for (const poll of [a, b, c]) expect((await vote(svc.app, poll.id, voter, 0)).statusCode).toBe(200);
    const reply = await until(
      async () => {
        const answer = await svc.deps.bus.request(
          subjects.polls.userTopics,
          { userId: voter },
          { requestId: 'for-you-test' },
          2000,
        );
        return answer.topics.reduce((n, t) => n + t.votes, 0) === 3 ? answer : null;
      },
      20_000,
      'votes persisted',
    );
    expect(Object.fromEntries(reply.topics.map((t) => [t.category, t.votes]))).toEqual({
      'oyun-geek': 2,
      'yemek-mekan': 1,
    });
  });
});

describe('rankForYou', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

  it('puts affinity before freshness, and freshness orders equal affinities', () => {
    const polls = [
      { id: 'new-tech', category: 'teknoloji-ai', createdAt: hoursAgo(0) },
      { id: 'old-music', category: 'muzik-playlist', createdAt: hoursAgo(24 * 20) },
      { id: 'new-music', category: 'muzik-playlist', createdAt: hoursAgo(1) },
    ];
    const ranked = rankForYou(polls, [{ category: 'muzik-playlist', weight: 0.5 }], now).map((p) => p.id);
    expect(ranked).toEqual(['new-music', 'old-music', 'new-tech']);
  });

  it('is newest first without affinities', () => {
    const polls = [
      { id: 'b', category: 'x', createdAt: hoursAgo(5) },
      { id: 'a', category: 'x', createdAt: hoursAgo(1) },
    ];
    expect(rankForYou(polls, [], now).map((p) => p.id)).toEqual(['a', 'b']);
  });
});
