/**
 * Who sees what, with the real auth (creator summaries) and social (mutual followers) services in the same run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollServiceMessages as S, subjects } from '@meydan/proto';
import { asMember, asVisitor, identityHeaders, startTestService, type TestService } from '@meydan/testing';
import { buildApp as authBuildApp } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp as socialBuildApp } from '../../social/src/app.js';
import { keys } from '../src/store/keys.js';
import { createPoll, follow as followThrough, startPolls, until, vote, type PollsTestService } from './support.js';

type Viewer = 'visitor' | 'member' | 'follower' | 'mutual' | 'creator';
type Kind = 'public' | 'private' | 'friends' | 'share';

// Every rule holds whether members' pages come from the Redis timelines or from MongoDB's queries.
describe.each(['timelines', 'database'] as const)('visibility (members read from %s)', (memberFeeds) => {
  let auth: TestService;
  let social: TestService;
  let svc: PollsTestService;
  let creator: TestUser;
  let mutual: TestUser;
  let follower: TestUser;
  let member: TestUser;
  const polls = {} as Record<Kind, { id: string; shortUrl: string | null }>;

  const follow = (who: TestUser, whom: TestUser) => followThrough(social, who, whom);
  const headersOf = (viewer: Viewer) =>
    viewer === 'visitor'
      ? identityHeaders({ visitorId: 'visitor-matrix', ip: '10.20.30.40' })
      : asMember({ member, follower, mutual, creator }[viewer].id);

  beforeAll(async () => {
    auth = await startTestService('auth', authBuildApp);
    social = await startTestService('social', socialBuildApp);
    svc = await startPolls({ POLLS_MEMBER_FEEDS: memberFeeds });
    creator = await createUser(auth.deps, { username: 'yaratici', displayName: 'Yaratıcı Kişi' });
    mutual = await createUser(auth.deps, { username: 'dost', displayName: 'Dost' });
    follower = await createUser(auth.deps, { username: 'takipci' });
    member = await createUser(auth.deps, { username: 'uye' });
    expect(await follow(creator, mutual)).toBe(true);
    expect(await follow(mutual, creator)).toBe(true);
    expect(await follow(follower, creator)).toBe(true);
    for (const kind of ['public', 'private', 'friends'] as const) {
      const p = await createPoll(svc.app, creator.id, { type: kind, title: `${kind} sorusu`, duration: 0 });
      polls[kind] = { id: p.id, shortUrl: null };
    }
    const shared = await createPoll(svc.app, creator.id, { title: 'share sorusu' }, '/api/polls/shareable');
    polls.share = { id: shared.id, shortUrl: shared.shortUrl };
  }, 60_000);

  afterAll(async () => {
    await svc?.close();
    await social?.close();
    await auth?.close();
  });

  // viewer × kind → [listed, GET by id, vote by id]
  const matrix: Record<Viewer, Record<Kind, [boolean, number, number]>> = {
    visitor: {
      public: [true, 200, 401],
      private: [false, 404, 404],
      friends: [false, 404, 404],
      share: [false, 404, 404],
    },
    member: {
      public: [true, 200, 200],
      private: [true, 200, 200],
      friends: [false, 404, 404],
      share: [false, 404, 404],
    },
    follower: {
      public: [true, 200, 200],
      private: [true, 200, 200],
      friends: [false, 404, 404],
      share: [false, 404, 404],
    },
    mutual: {
      public: [true, 200, 200],
      private: [true, 200, 200],
      friends: [true, 200, 200],
      share: [false, 404, 404],
    },
    creator: {
      public: [true, 200, 200],
      private: [true, 200, 200],
      friends: [true, 200, 200],
      share: [false, 200, 200],
    },
  };
  const rows = Object.entries(matrix).flatMap(([viewer, kinds]) =>
    Object.entries(kinds).map(([kind, expected]) => [viewer as Viewer, kind as Kind, ...expected] as const),
  );

  it.each(rows)('%s × %s: listed %s, GET %s, vote %s', async (viewer, kind, listed, getStatus, voteStatus) => {
    const headers = headersOf(viewer);
    const poll = polls[kind];
    for (const feed of ['trending', 'new']) {
      const list = await svc.app.inject({ url: `/api/polls?feed=${feed}&limit=100`, headers });
      expect(list.statusCode).toBe(200);
      expect(
        list
          .json()
          .polls.map((p: { id: string }) => p.id)
          .includes(poll.id),
        feed,
      ).toBe(listed);
    }
    const get = await svc.app.inject({ url: `/api/polls/${poll.id}`, headers });
    expect(get.statusCode).toBe(getStatus);
    if (getStatus === 404) expect(get.json().message).toBe(S.pollNotFound);
    const v = await svc.app.inject({
      method: 'POST',
      url: `/api/polls/${poll.id}/vote`,
      headers,
      payload: { optionIndex: 0 },
    });
    expect(v.statusCode).toBe(voteStatus);
    if (kind === 'share') {
      // Everyone holding the link sees it and may vote through it.
      const page = await svc.app.inject({ url: `/api/s/${poll.shortUrl}`, headers });
      expect(page.statusCode).toBe(200);
      const linkVote = await svc.app.inject({
        method: 'POST',
        url: `/api/s/${poll.shortUrl}/vote`,
        headers,
        payload: { optionIndex: 1 },
      });
      expect(linkVote.statusCode).toBe(viewer === 'creator' ? 409 : 200);
    }
  });

  it('shows creator summaries from auth and, on friends polls, the creator’s mutual followers with hasVoted', async () => {
    const friendsPoll = (
      await svc.app.inject({ url: `/api/polls/${polls.friends.id}`, headers: asMember(mutual.id) })
    ).json();
    expect(friendsPoll.creator).toEqual({
      id: creator.id,
      username: 'yaratici',
      displayName: 'Yaratıcı Kişi',
      avatarUrl: null,
    });
    expect(friendsPoll.friends).toEqual([
      { id: mutual.id, username: 'dost', displayName: 'Dost', avatarUrl: null, hasVoted: true },
    ]);
    expect([friendsPoll.friendsCount, friendsPoll.friendsVotedCount]).toEqual([1, 1]);
    const publicPoll = (await svc.app.inject({ url: `/api/polls/${polls.public.id}`, headers: asVisitor() })).json();
    expect(publicPoll.friends).toBeUndefined();
    expect(publicPoll.friendsCount).toBeUndefined();
    expect(publicPoll.creator.username).toBe('yaratici');
  });

  it('names on a friends card only the friends it shows (5 who voted, then 3 who have not) and counts them all', async () => {
    const host = await createUser(auth.deps, { username: `ev_sahibi_${memberFeeds}` });
    const circle: TestUser[] = [];
    for (let i = 0; i < 14; i++) {
      const friend = await createUser(auth.deps, { username: `cember_${memberFeeds}_${i}` });
      expect(await follow(host, friend)).toBe(true);
      expect(await follow(friend, host)).toBe(true);
      circle.push(friend);
    }
    const poll = await createPoll(svc.app, host.id, { type: 'friends', title: 'Kalabalık meclis' });
    const voters = circle.slice(0, 9);
    for (const friend of voters) await vote(svc.app, poll.id, friend.id, 0);
    const byId = new Map(circle.map((f) => [f.id, f]));
    for (const viewer of [host, circle[0]!, circle[13]!]) {
      const body = (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(viewer.id) })).json();
      expect(body.friendsCount).toBe(14);
      expect(body.friendsVotedCount).toBe(9);
      const shownVoted = body.friends.filter((f: { hasVoted: boolean }) => f.hasVoted);
      const shownWaiting = body.friends.filter((f: { hasVoted: boolean }) => !f.hasVoted);
      expect(shownVoted).toHaveLength(5);
      expect(shownWaiting).toHaveLength(3);
      for (const f of shownVoted) expect(voters.map((v) => v.id)).toContain(f.id);
      for (const f of shownWaiting) expect(voters.map((v) => v.id)).not.toContain(f.id);
      for (const f of body.friends) expect(f.username).toBe(byId.get(f.id)!.username);
    }
    const listed = (await svc.app.inject({ url: '/api/polls?feed=friends', headers: asMember(host.id) })).json().polls;
    const card = listed.find((p: { id: string }) => p.id === poll.id);
    expect([card.friends.length, card.friendsCount, card.friendsVotedCount]).toEqual([8, 14, 9]);
    // The circle is kept a moment for every viewer; a vote drops it at once.
    await vote(svc.app, poll.id, circle[13]!.id, 1);
    const after = (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(host.id) })).json();
    expect([after.friendsCount, after.friendsVotedCount]).toEqual([14, 10]);
  });

  it('gives the friends feed to members only: their own and their mutuals’ Dost Meclisi polls', async () => {
    const visitor = await svc.app.inject({ url: '/api/polls?feed=friends', headers: asVisitor() });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ error: 'unauthorized', message: S.signInForFriends });
    const ids = async (user: TestUser) =>
      (await svc.app.inject({ url: '/api/polls?feed=friends', headers: asMember(user.id) }))
        .json()
        .polls.map((p: { id: string }) => p.id);
    expect(await ids(mutual)).toEqual([polls.friends.id]);
    expect(await ids(creator)).toEqual([polls.friends.id]);
    expect(await ids(follower)).toEqual([]);
    expect(await ids(member)).toEqual([]);
  });

  it('applies the group analysis rules', async () => {
    const other = await createUser(auth.deps, { username: 'oteki', displayName: 'Öteki' });
    await follow(creator, other);
    await follow(other, creator);
    await follow(other, mutual);
    await follow(mutual, other);
    const poll = await createPoll(svc.app, creator.id, { type: 'friends', options: ['Evet', 'Hayır', 'Belki'] });
    const analysis = (user: TestUser | null, id = poll.id) =>
      svc.app.inject({ url: `/api/polls/${id}/analysis`, headers: user ? asMember(user.id) : asVisitor() });

    const visitor = await analysis(null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe(S.signInForAnalysis);
    expect((await analysis(follower)).statusCode).toBe(404);
    const notVoted = await analysis(mutual);
    expect(notVoted.statusCode).toBe(403);
    expect(notVoted.json().message).toBe(S.analysisVoteFirst);
    expect((await vote(svc.app, poll.id, mutual.id, 0)).statusCode).toBe(200);
    const lonely = await analysis(mutual);
    expect(lonely.statusCode).toBe(403);
    expect(lonely.json().message).toBe(S.analysisNeedsVotes);
    expect((await vote(svc.app, poll.id, creator.id, 1)).statusCode).toBe(200);
    expect((await vote(svc.app, poll.id, other.id, 1)).statusCode).toBe(200);

    const res = await analysis(mutual);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ pollId: poll.id, totalVotes: 3, userChoice: 0 });
    expect(body.overall).toEqual([
      { id: 0, text: 'Evet', votes: 1, percent: 33 },
      { id: 1, text: 'Hayır', votes: 2, percent: 67 },
      { id: 2, text: 'Belki', votes: 0, percent: 0 },
    ]);
    // The mutual's friends are the creator and `other`: both chose Hayır.
    expect(body.friends.total).toBe(2);
    expect(body.friends.voted).toBe(2);
    expect(body.friends.options[1].votes).toBe(2);
    expect(body.friends.options[1].percent).toBe(100);
    expect(body.friends.options[1].voters.map((v: { username: string }) => v.username).sort()).toEqual([
      'oteki',
      'yaratici',
    ]);
    expect(body.friends.options[0]).toMatchObject({ votes: 0, percent: 0, voters: [] });

    const publicOne = await createPoll(svc.app, creator.id, {});
    await vote(svc.app, publicOne.id, creator.id, 0);
    const notFriends = await analysis(creator, publicOne.id);
    expect(notFriends.statusCode).toBe(400);
    expect(notFriends.json().message).toBe(S.analysisFriendsOnly);
  });

  it("shows a Dost Meclisi poll's split only to those who voted on it (the hasVoted flags plus counts would tell who chose what)", async () => {
    const third = await createUser(auth.deps, { username: 'ucuncu', displayName: 'Üçüncü' });
    await follow(creator, third);
    await follow(third, creator);
    const poll = await createPoll(svc.app, creator.id, { type: 'friends', options: ['Evet', 'Hayır'] });
    const seenBy = async (user: TestUser) =>
      (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(user.id) })).json();
    const liveFor = (user: TestUser) =>
      svc.deps.bus.request(subjects.polls.canView, { pollId: poll.id, userId: user.id });
    expect((await vote(svc.app, poll.id, mutual.id, 1)).statusCode).toBe(200);

    // `third` has not voted: sees that the mutual voted and how many votes there are, but not the split, not even live.
    const before = await seenBy(third);
    expect(before.friends.find((f: { id: string }) => f.id === mutual.id).hasVoted).toBe(true);
    expect(before).toMatchObject({ totalVotes: 1, hasVoted: false });
    expect(before.options.map((o: { votes: number }) => o.votes)).toEqual([0, 0]);
    // Not yet, and the answer says a vote would change it (a socket must not remember this no).
    expect(await liveFor(third)).toEqual({ visible: false, untilVote: true });
    const inFeed = (
      await svc.app.inject({ url: '/api/polls?feed=friends&limit=100', headers: asMember(third.id) })
    ).json();
    expect(
      inFeed.polls.find((p: { id: string }) => p.id === poll.id).options.map((o: { votes: number }) => o.votes),
    ).toEqual([0, 0]);

    // Once they voted, the split is theirs (live too: the check says they voted); the creator sees their own poll's
    // split without voting (results-visibility.ts: one rule for the card and the results download).
    expect((await vote(svc.app, poll.id, third.id, 0)).json().voteCounts).toEqual({ '0': 1, '1': 1 });
    expect((await seenBy(third)).options.map((o: { votes: number }) => o.votes)).toEqual([1, 1]);
    expect(await liveFor(third)).toEqual({ visible: true, pollId: poll.id, voted: true, creator: false });
    expect((await seenBy(creator)).options.map((o: { votes: number }) => o.votes)).toEqual([1, 1]);
  });

  it('stops showing a friends poll once the friendship ends (the cached mutuals are dropped on the event)', async () => {
    const gone = await createUser(auth.deps, { username: 'eski_dost' });
    await follow(creator, gone);
    await follow(gone, creator);
    expect(
      (await svc.app.inject({ url: `/api/polls/${polls.friends.id}`, headers: asMember(gone.id) })).statusCode,
    ).toBe(200);
    expect(await svc.deps.redis.exists(keys.mutuals(gone.id))).toBe(1);
    expect(await follow(gone, creator)).toBe(false);
    await until(
      async () => (await svc.deps.redis.exists(keys.mutuals(gone.id))) === 0,
      10_000,
      'mutuals cache dropped',
    );
    expect(
      (await svc.app.inject({ url: `/api/polls/${polls.friends.id}`, headers: asMember(gone.id) })).statusCode,
    ).toBe(404);
  });

  it('keeps answering with placeholders when auth stops answering', async () => {
    await svc.app.polls.people.forgetUser(creator.id);
    await auth.close();
    const res = await svc.app.inject({ url: `/api/polls/${polls.public.id}`, headers: asVisitor() });
    expect(res.statusCode).toBe(200);
    expect(res.json().creator).toEqual({
      id: creator.id,
      username: '',
      displayName: S.unknownCreator,
      avatarUrl: null,
    });
  });
});
