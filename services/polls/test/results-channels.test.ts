/**
 * The vote keeps its promises (issue 38): every results mode (after-vote, the default; always; after-close; creator)
 * is answered alike on every channel for every viewer (a visitor, a member who voted, a member who did not, the
 * creator, an administrator, and on a Dost Meclisi poll a mutual follower with and without a vote): the poll by id,
 * every feed and list, the share page, the link preview (its card, the embeds' and oEmbed's source), the results
 * download, the vote's own answer and the live counts polls publishes. Hidden counts are 0 with
 * `resultsVisible: false`; the total stays.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { live, type LiveCountsMessage, type Poll } from '@meydan/proto';
import { asAdmin, asMember, identityHeaders, startTestService, type TestService } from '@meydan/testing';
import { buildApp as authBuildApp } from '../../auth/src/app.js';
import { createUser, type TestUser } from '../../auth/test/support.js';
import { buildApp as socialBuildApp } from '../../social/src/app.js';
import { PollCards } from '../src/usecases/previews.js';
import {
  collect,
  createPoll,
  follow as followThrough,
  startPolls,
  until,
  vote,
  type PollsTestService,
} from './support.js';

type Mode = 'after-vote' | 'always' | 'after-close' | 'creator';
type Viewer = 'visitor' | 'voter' | 'member' | 'creator' | 'admin';
type FriendsViewer = 'friendVoter' | 'friend' | 'creator';
const modes: Mode[] = ['after-vote', 'always', 'after-close', 'creator'];

/** Whether each viewer sees an open public poll's counts in each mode: the rule the issue asks every channel to keep. */
const publicRule: Record<Mode, Record<Viewer, boolean>> = {
  'after-vote': { visitor: false, voter: true, member: false, creator: true, admin: false },
  always: { visitor: true, voter: true, member: true, creator: true, admin: true },
  'after-close': { visitor: false, voter: false, member: false, creator: false, admin: false },
  creator: { visitor: false, voter: false, member: false, creator: true, admin: false },
};
/** The same on an open Dost Meclisi poll: only its voters and its creator, as far as the mode lets them. */
const friendsRule: Record<Mode, Record<FriendsViewer, boolean>> = {
  'after-vote': { friendVoter: true, friend: false, creator: true },
  always: { friendVoter: true, friend: false, creator: true },
  'after-close': { friendVoter: false, friend: false, creator: false },
  creator: { friendVoter: false, friend: false, creator: true },
};

describe('every results mode on every channel', () => {
  let auth: TestService;
  let social: TestService;
  let svc: PollsTestService;
  let creator: TestUser;
  let friendVoter: TestUser;
  let friend: TestUser;
  let voter: TestUser;
  let member: TestUser;
  let admin: TestUser;
  const publicPolls = {} as Record<Mode, Poll>;
  const friendsPolls = {} as Record<Mode, Poll>;
  const sharePolls = {} as Record<Mode, Poll>;
  const visitorHeaders = identityHeaders({ visitorId: 'rc-visitor', ip: '10.38.0.1' });
  const shareVoterHeaders = identityHeaders({ visitorId: 'rc-share-voter', ip: '10.38.0.2' });
  let liveCounts: ReturnType<typeof collect<LiveCountsMessage>>;

  const headersOf = (viewer: Viewer | FriendsViewer): Record<string, string> => {
    if (viewer === 'visitor') return visitorHeaders;
    if (viewer === 'admin') return asAdmin(admin.id);
    return asMember({ voter, member, creator, friendVoter, friend }[viewer].id);
  };
  const get = async (url: string, headers: Record<string, string>) => {
    const res = await svc.app.inject({ url, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const follow = (who: TestUser, whom: TestUser) => followThrough(social, who, whom);
  /** What a poll answer shows: its per-option votes, whether they are shown, and the total. */
  const seen = (poll: Pick<Poll, 'options' | 'resultsVisible' | 'totalVotes'>) => ({
    votes: poll.options.map((o) => o.votes),
    resultsVisible: poll.resultsVisible,
    totalVotes: poll.totalVotes,
  });
  const expected = (visible: boolean) => ({ votes: visible ? [0, 1] : [0, 0], resultsVisible: visible, totalVotes: 1 });
  const inList = (list: Poll[], id: string, channel: string) => {
    const found = list.find((p) => p.id === id);
    expect(found, `${channel}: poll ${id} listed`).toBeDefined();
    return seen(found!);
  };

  /** Every read channel of a public poll, for one viewer: what each answers of its counts. */
  const publicChannels = async (mode: Mode, viewer: Viewer) => {
    const poll = publicPolls[mode];
    const headers = headersOf(viewer);
    const feeds = ['trending', 'new', ...(viewer === 'visitor' ? [] : ['for-you'])];
    const answers: Record<string, ReturnType<typeof seen>> = {
      byId: seen(await get(`/api/polls/${poll.id}`, headers)),
    };
    for (const feed of feeds)
      answers[`feed=${feed}`] = inList(
        (await get(`/api/polls?feed=${feed}&category=serbest-kursu&limit=50`, headers)).polls,
        poll.id,
        feed,
      );
    answers['profile'] = inList(await get(`/api/users/${creator.id}/polls`, headers), poll.id, 'profile');
    answers['tag'] = inList(
      (await get(`/api/tags/sozsende${mode.replace('-', '')}/polls`, headers)).polls,
      poll.id,
      'tag',
    );
    answers['search'] = inList(
      (await get(`/api/search?q=${encodeURIComponent(`Söz sende ${mode}`)}&type=polls`, headers)).polls,
      poll.id,
      'search',
    );
    return answers;
  };

  beforeAll(async () => {
    auth = await startTestService('auth', authBuildApp);
    social = await startTestService('social', socialBuildApp);
    svc = await startPolls();
    liveCounts = collect<LiveCountsMessage>(svc.deps.nats, live.pollCounts);
    creator = await createUser(auth.deps, { username: 'rc_yaratici' });
    friendVoter = await createUser(auth.deps, { username: 'rc_dost_oylu' });
    friend = await createUser(auth.deps, { username: 'rc_dost' });
    voter = await createUser(auth.deps, { username: 'rc_oy_veren' });
    member = await createUser(auth.deps, { username: 'rc_uye' });
    admin = await createUser(auth.deps, { username: 'rc_yonetici' });
    for (const mutual of [friendVoter, friend]) {
      await follow(creator, mutual);
      await follow(mutual, creator);
    }
    for (const mode of modes) {
      const tag = `sozsende${mode.replace('-', '')}`;
      const base = { category: 'serbest-kursu' as const, options: ['Evet', 'Hayır'], resultsVisibility: mode };
      publicPolls[mode] = await createPoll(svc.app, creator.id, { ...base, title: `Söz sende ${mode} #${tag}` });
      friendsPolls[mode] = await createPoll(svc.app, creator.id, { ...base, type: 'friends', title: `Meclis ${mode}` });
      sharePolls[mode] = await createPoll(
        svc.app,
        creator.id,
        { ...base, title: `Bağlantı ${mode}` },
        '/api/polls/shareable',
      );
    }
  }, 60_000);

  afterAll(async () => {
    liveCounts?.stop();
    await svc?.close();
    await social?.close();
    await auth?.close();
  });

  it('answers the vote itself by the rule: the voter sees the counts where voting shows them', async () => {
    for (const mode of modes) {
      const shown = publicRule[mode].voter;
      const answer = await vote(svc.app, publicPolls[mode].id, voter.id, 1);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json(), mode).toMatchObject({
        voteCounts: shown ? { 0: 0, 1: 1 } : { 0: 0, 1: 0 },
        totalVotes: 1,
        resultsVisible: shown,
      });
      expect(answer.json().feedback === null, mode).toBe(!shown);
      const friendsAnswer = await vote(svc.app, friendsPolls[mode].id, friendVoter.id, 1);
      expect(friendsAnswer.json(), mode).toMatchObject({
        voteCounts: friendsRule[mode].friendVoter ? { 0: 0, 1: 1 } : { 0: 0, 1: 0 },
        resultsVisible: friendsRule[mode].friendVoter,
      });
      const shareAnswer = await svc.app.inject({
        method: 'POST',
        url: `/api/s/${sharePolls[mode].shortUrl}/vote`,
        headers: shareVoterHeaders,
        payload: { optionIndex: 1 },
      });
      expect(shareAnswer.statusCode, shareAnswer.body).toBe(200);
      expect(shareAnswer.json(), mode).toMatchObject({
        voteCounts: shown ? { 0: 0, 1: 1 } : { 0: 0, 1: 0 },
        resultsVisible: shown,
      });
    }
  });

  it('shows each viewer of a public poll the same counts on every list and by id, as the mode says', async () => {
    const table: Record<string, Record<string, ReturnType<typeof seen>>> = {};
    const wanted: typeof table = {};
    for (const mode of modes) {
      for (const viewer of Object.keys(publicRule[mode]) as Viewer[]) {
        const answers = await publicChannels(mode, viewer);
        table[`${mode}/${viewer}`] = answers;
        wanted[`${mode}/${viewer}`] = Object.fromEntries(
          Object.keys(answers).map((channel) => [channel, expected(publicRule[mode][viewer])]),
        );
      }
    }
    expect(table).toEqual(wanted);
  });

  it('shows a Dost Meclisi poll’s counts to its voters and creator only, by id and on the friends feed', async () => {
    const table: Record<string, unknown> = {};
    const wanted: Record<string, unknown> = {};
    for (const mode of modes) {
      for (const viewer of ['friendVoter', 'friend', 'creator'] as const) {
        const poll = friendsPolls[mode];
        const headers = headersOf(viewer);
        table[`${mode}/${viewer}`] = {
          byId: seen(await get(`/api/polls/${poll.id}`, headers)),
          friendsFeed: inList((await get('/api/polls?feed=friends&limit=50', headers)).polls, poll.id, 'friends feed'),
        };
        const shown = expected(friendsRule[mode][viewer]);
        wanted[`${mode}/${viewer}`] = { byId: shown, friendsFeed: shown };
      }
    }
    expect(table).toEqual(wanted);
  });

  it('keeps the counts out of the link preview (its card, the embeds and oEmbed read it) and the share page but for those shown them', async () => {
    for (const mode of modes) {
      const shown = publicRule[mode].visitor;
      for (const url of [`/api/polls/${publicPolls[mode].id}/preview`]) {
        const preview = await get(url, visitorHeaders);
        expect({ mode, ...seen(preview.poll) }).toEqual({ mode, ...expected(shown) });
      }
      // The share page: a visitor who has not voted, the visitor who did, the creator.
      const code = sharePolls[mode].shortUrl;
      const page = async (headers: Record<string, string>) => {
        const answer = await get(`/api/s/${code}`, headers);
        expect(answer.voteCounts).toEqual(
          Object.fromEntries(answer.poll.options.map((o: { id: number; votes: number }) => [String(o.id), o.votes])),
        );
        return seen(answer.poll);
      };
      expect({ mode, ...(await page(visitorHeaders)) }).toEqual({ mode, ...expected(shown) });
      expect({ mode, ...(await page(shareVoterHeaders)) }).toEqual({ mode, ...expected(publicRule[mode].voter) });
      expect({ mode, ...(await page(asMember(creator.id))) }).toEqual({ mode, ...expected(publicRule[mode].creator) });
      // The card image is drawn from the visitor's preview: bars and percentages only where a visitor sees the counts.
      const card = await svc.app.inject({
        url: `/api/polls/${publicPolls[mode].id}/card.png`,
        headers: visitorHeaders,
      });
      expect([card.statusCode, card.headers['content-type']]).toEqual([200, 'image/png']);
      const drawn: string[] = [];
      const cards = new PollCards({
        atOnce: 1,
        waiting: 1,
        render: async (svg) => {
          drawn.push(svg);
          return Buffer.from(svg);
        },
      });
      await cards.png(svc.app.polls, { pollId: publicPolls[mode].id });
      expect({ mode, percent: drawn[0]!.includes('%') }).toEqual({ mode, percent: shown });
    }
  });

  it('gives the creator the results download exactly where their card shows the counts (a Dost Meclisi poll too)', async () => {
    for (const mode of modes) {
      for (const poll of [publicPolls[mode], friendsPolls[mode]]) {
        const own = seen(await get(`/api/polls/${poll.id}`, asMember(creator.id)));
        const csv = await svc.app.inject({ url: `/api/polls/${poll.id}/results.csv`, headers: asMember(creator.id) });
        expect({ mode, type: poll.type, status: csv.statusCode }).toEqual({
          mode,
          type: poll.type,
          status: own.resultsVisible ? 200 : 409,
        });
        if (own.resultsVisible) expect(csv.body).toContain('"Hayır";1;100,0');
        // Nobody else downloads it.
        expect(
          (await svc.app.inject({ url: `/api/polls/${poll.id}/results.csv`, headers: asMember(voter.id) })).statusCode,
        ).toBeGreaterThanOrEqual(403);
      }
    }
  });

  it('publishes live counts only to the groups that may see them, the total to all', async () => {
    await until(
      () => modes.every((mode) => liveCounts.received.some((m) => m.data.pollId === publicPolls[mode].id)),
      5000,
      'live counts of every poll',
    );
    const last = (pollId: string) => liveCounts.received.filter((m) => m.data.pollId === pollId).at(-1)!.data;
    const { at: _a, ...afterVote } = last(publicPolls['after-vote'].id);
    expect(afterVote).toEqual({
      pollId: publicPolls['after-vote'].id,
      voteCounts: { 0: 0, 1: 1 },
      totalVotes: 1,
      countsTo: ['voters', 'creator'],
    });
    const { at: _b, ...always } = last(publicPolls.always.id);
    expect(always).toEqual({ pollId: publicPolls.always.id, voteCounts: { 0: 0, 1: 1 }, totalVotes: 1 });
    const { at: _c, ...afterClose } = last(publicPolls['after-close'].id);
    expect(afterClose).toEqual({
      pollId: publicPolls['after-close'].id,
      voteCounts: {},
      totalVotes: 1,
      countsHidden: true,
    });
    const { at: _d, ...creatorOnly } = last(publicPolls.creator.id);
    expect(creatorOnly).toEqual({
      pollId: publicPolls.creator.id,
      voteCounts: { 0: 0, 1: 1 },
      totalVotes: 1,
      countsTo: ['creator'],
    });
    const { at: _e, ...friendsAlways } = last(friendsPolls.always.id);
    expect(friendsAlways).toMatchObject({ countsTo: ['voters', 'creator'] });
  });

  it('shows everyone the counts once a poll ends, live too; a Dost Meclisi poll’s still only to its voters and creator', async () => {
    for (const poll of [publicPolls['after-vote'], friendsPolls['after-vote']]) {
      const closed = await svc.app.inject({
        method: 'POST',
        url: `/api/polls/${poll.id}/close`,
        headers: asMember(creator.id),
      });
      expect(closed.statusCode, closed.body).toBe(200);
    }
    const pollId = publicPolls['after-vote'].id;
    for (const viewer of ['visitor', 'member', 'admin'] as const)
      expect(seen(await get(`/api/polls/${pollId}`, headersOf(viewer)))).toEqual(expected(true));
    expect(seen(await get(`/api/polls/${friendsPolls['after-vote'].id}`, headersOf('friend')))).toEqual(
      expected(false),
    );
    await until(
      () => liveCounts.received.some((m) => m.data.pollId === pollId && !m.data.countsTo),
      5000,
      'the counts to everyone at the end',
    );
    expect(liveCounts.received.filter((m) => m.data.pollId === pollId).at(-1)!.data).toMatchObject({
      voteCounts: { 0: 0, 1: 1 },
      totalVotes: 1,
    });
    await until(
      () => liveCounts.received.filter((m) => m.data.pollId === friendsPolls['after-vote'].id).length >= 2,
      5000,
      'the friends poll’s end live',
    );
    expect(
      liveCounts.received.filter((m) => m.data.pollId === friendsPolls['after-vote'].id).at(-1)!.data.countsTo,
    ).toEqual(['voters', 'creator']);
  });
});
