/**
 * Blocks and mutes in what polls serves, with the real auth and social services: a blocked member cannot see or
 * comment on the blocker's polls nor read their profile list, and the two leave each other's feeds, search and
 * comments; a muted member's polls and comments leave only the muter's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, asVisitor, startTestService, until, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp as buildSocial } from '../../social/src/app.js';
import { createPoll, hideAct, startPolls, type PollsTestService } from './support.js';

describe('polls: blocked and muted members', () => {
  let auth: TestService;
  let social: TestService;
  let svc: PollsTestService;
  let ayse: TestUser; // blocks ali
  let ali: TestUser;
  let mehmet: TestUser; // muted by ali
  const polls: Record<'ayse' | 'ali' | 'mehmet', string> = { ayse: '', ali: '', mehmet: '' };

  const feedIds = async (viewer: TestUser | null, feed = 'new') => {
    const res = await svc.app.inject({
      url: `/api/polls?feed=${feed}&limit=50`,
      headers: viewer ? asMember(viewer.id) : asVisitor(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().polls as { id: string }[]).map((p) => p.id);
  };
  const searchIds = async (viewer: TestUser) => {
    const res = await svc.app.inject({
      url: `/api/search?q=${encodeURIComponent('engelsınama')}`,
      headers: asMember(viewer.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().polls as { id: string }[]).map((p) => p.id);
  };
  const comment = (who: TestUser, pollId: string, text: string) =>
    svc.app.inject({
      method: 'POST',
      url: `/api/polls/${pollId}/comments`,
      headers: asMember(who.id),
      payload: { text },
    });
  const commentAuthors = async (viewer: TestUser | null, pollId: string) => {
    const res = await svc.app.inject({
      url: `/api/polls/${pollId}/comments`,
      headers: viewer ? asMember(viewer.id) : asVisitor(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().comments as { author: { id: string } }[]).map((c) => c.author.id);
  };

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth);
    social = await startTestService('social', buildSocial);
    svc = await startPolls();
    [ayse, ali, mehmet] = await Promise.all([
      createUser(auth.deps, { displayName: 'Ayşe Demir' }),
      createUser(auth.deps, { displayName: 'Ali Yılmaz' }),
      createUser(auth.deps, { displayName: 'Mehmet Kaya' }),
    ]);
    polls.ayse = (await createPoll(svc.app, ayse.id, { title: 'Ayşe soruyor engelsınama' })).id;
    polls.ali = (await createPoll(svc.app, ali.id, { title: 'Ali soruyor engelsınama' })).id;
    polls.mehmet = (await createPoll(svc.app, mehmet.id, { title: 'Mehmet soruyor engelsınama' })).id;
    expect((await comment(ali, polls.mehmet, 'Ali buraya yazdı')).statusCode).toBe(201);
    expect((await comment(mehmet, polls.ayse, 'Mehmet buraya yazdı')).statusCode).toBe(201);
  }, 60_000);

  afterAll(async () => {
    await svc?.close();
    await social?.close();
    await auth?.close();
  });

  it('shows everyone everything before any block or mute', async () => {
    expect(await feedIds(ali)).toEqual(expect.arrayContaining([polls.ayse, polls.mehmet]));
    expect(await commentAuthors(ayse, polls.mehmet)).toEqual([ali.id]);
  });

  it('hides the blocker’s polls, profile list and comments from the blocked member (404), and the blocked one’s from the blocker', async () => {
    await hideAct(social, 'POST', 'block', ayse, ali);
    // The event drops the hidden sets polls kept; the feeds read the new ones.
    await until(
      async () => !(await feedIds(ali)).includes(polls.ayse),
      10_000,
      'the blocker’s poll gone from the blocked member’s feed',
    );
    await until(
      async () => !(await feedIds(ayse)).includes(polls.ali),
      10_000,
      'the blocked member’s poll gone from the blocker’s feed',
    );
    expect(await feedIds(ali, 'trending')).not.toContain(polls.ayse);
    expect(await searchIds(ali)).not.toContain(polls.ayse);
    expect(await searchIds(ayse)).not.toContain(polls.ali);
    expect(await searchIds(mehmet)).toEqual(expect.arrayContaining([polls.ayse, polls.ali]));
    // Nor does the blocked member find the blocker among members.
    const people = async (viewer: TestUser) => {
      const res = await svc.app.inject({
        url: `/api/search?type=users&q=${encodeURIComponent(ayse.username)}`,
        headers: asMember(viewer.id),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().users as { id: string }[]).map((u) => u.id);
    };
    expect(await people(ali)).toEqual([]);
    expect(await people(mehmet)).toEqual([ayse.id]);

    const seen = await svc.app.inject({ url: `/api/polls/${polls.ayse}`, headers: asMember(ali.id) });
    expect(seen.statusCode).toBe(404);
    expect(seen.json().message).toBe('Anket bulunamadı');
    const commented = await comment(ali, polls.ayse, 'Yine ben');
    expect(commented.statusCode).toBe(404);
    expect(commented.json().message).toBe('Anket bulunamadı');
    const profile = await svc.app.inject({ url: `/api/users/${ayse.id}/polls`, headers: asMember(ali.id) });
    expect(profile.statusCode).toBe(404);
    expect(profile.json()).toEqual({ error: 'not_found', message: 'Kullanıcı bulunamadı' });
    // Nothing was written by the refused comment.
    expect(await svc.deps.mongo.collection('comments').countDocuments({ userId: ali.id })).toBe(1);

    // The blocked member's comments disappear for the blocker; others still read them.
    expect(await commentAuthors(ayse, polls.mehmet)).toEqual([]);
    expect(await commentAuthors(mehmet, polls.mehmet)).toEqual([ali.id]);
    expect(await commentAuthors(null, polls.mehmet)).toEqual([ali.id]);
    // Others see both, and the visitor feed is unchanged.
    expect(await feedIds(mehmet)).toEqual(expect.arrayContaining([polls.ayse, polls.ali]));
    expect(await feedIds(null)).toEqual(expect.arrayContaining([polls.ayse, polls.ali]));
  });

  it('takes a muted member’s polls and comments out of the muter’s feeds, search and comments only', async () => {
    await hideAct(social, 'POST', 'mute', ali, mehmet);
    await until(
      async () => !(await feedIds(ali)).includes(polls.mehmet),
      10_000,
      'the muted member’s poll gone from the muter’s feed',
    );
    expect(await feedIds(ali, 'trending')).not.toContain(polls.mehmet);
    expect(await searchIds(ali)).not.toContain(polls.mehmet);
    // A mute hides nothing the other way: mehmet still sees ali's poll and comment.
    expect(await feedIds(mehmet)).toContain(polls.ali);
    expect(await commentAuthors(mehmet, polls.mehmet)).toEqual([ali.id]);
    // The muted member's poll is still there by its link.
    expect((await svc.app.inject({ url: `/api/polls/${polls.mehmet}`, headers: asMember(ali.id) })).statusCode).toBe(
      200,
    );

    await hideAct(social, 'DELETE', 'mute', ali, mehmet);
    await until(async () => (await feedIds(ali)).includes(polls.mehmet), 10_000, 'the unmuted member’s poll back');
  });

  it('asks social for the poll creator’s set, not for each new voter’s, when members vote', async () => {
    const voters = await Promise.all(
      [1, 2, 3, 4].map((n) => createUser(auth.deps, { displayName: `Yeni Seçmen ${n}` })),
    );
    // Every ask social gets (a plain subscription beside social's own queue group sees each request, answering none).
    const asked: string[] = [];
    const spy = svc.deps.bus.nc.subscribe('social.hidden', {
      callback: (_err, msg) => asked.push((msg.json() as { userId: string }).userId),
    });
    try {
      for (const voter of voters) {
        const res = await svc.app.inject({
          method: 'POST',
          url: `/api/polls/${polls.mehmet}/vote`,
          headers: asMember(voter.id),
          payload: { optionIndex: 0 },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      await svc.deps.bus.nc.flush();
      expect(asked.filter((id) => voters.some((v) => v.id === id))).toEqual([]);
    } finally {
      spy.unsubscribe();
    }
  });

  it('refuses a vote from the member the creator blocked (404), and takes it once the block is taken back', async () => {
    await hideAct(social, 'POST', 'block', mehmet, ali);
    const vote = () =>
      svc.app.inject({
        method: 'POST',
        url: `/api/polls/${polls.mehmet}/vote`,
        headers: asMember(ali.id),
        payload: { optionIndex: 1 },
      });
    const refused = await until(
      async () => {
        const res = await vote();
        return res.statusCode === 404 ? res : null;
      },
      10_000,
      'the blocked member’s vote refused',
    );
    expect(refused.json().message).toBe('Anket bulunamadı');
    await hideAct(social, 'DELETE', 'block', mehmet, ali);
    const taken = await until(
      async () => {
        const res = await vote();
        return res.statusCode === 200 ? res : null;
      },
      10_000,
      'the vote taken after unblocking',
    );
    expect(taken.statusCode).toBe(200);
  });

  it('shows the blocker’s polls again once the block is taken back', async () => {
    await hideAct(social, 'DELETE', 'block', ayse, ali);
    await until(async () => (await feedIds(ali)).includes(polls.ayse), 10_000, 'the poll back after unblocking');
    expect((await svc.app.inject({ url: `/api/polls/${polls.ayse}`, headers: asMember(ali.id) })).statusCode).toBe(200);
    expect(await commentAuthors(ayse, polls.mehmet)).toEqual([ali.id]);
  });
});
