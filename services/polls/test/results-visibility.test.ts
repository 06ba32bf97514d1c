/**
 * Result visibility (issue 27): a poll's creator chooses who sees its per-option counts (after-vote, always, after-close,
 * creator), and every read path answers the same counts for the same viewer: the poll by id, the feed, the profile
 * list, search, tag pages, the share page, the vote's answer, the link preview and its card, the results download and
 * the live counts the sockets get.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  live,
  pollMessages as M,
  pollServiceMessages as S,
  validate,
  type LiveCountsMessage,
  type Poll,
} from '@meydan/proto';
import { asMember, asVisitor } from '@meydan/testing';
import { pollCardSvg } from '../src/domain/poll-card.js';
import { countsVisibleTo, creatorSeesCounts, liveCountsAudience } from '../src/domain/results-visibility.js';
import { sweepEndedPolls } from '../src/jobs/ended-polls.js';
import {
  asShareVisitor,
  collect,
  createPoll,
  endNow,
  newUserId,
  startPolls,
  until,
  vote,
  type PollsTestService,
} from './support.js';

describe('result visibility', () => {
  let svc: PollsTestService;
  const alice = newUserId();
  const bob = newUserId();
  const carol = newUserId();

  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
  });

  const read = async (pollId: string, headers: Record<string, string>): Promise<Poll> => {
    const res = await svc.app.inject({ url: `/api/polls/${pollId}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const votesOf = (poll: Pick<Poll, 'options'>) => poll.options.map((o) => o.votes);
  const findIn = (list: Poll[], id: string) => {
    const found = list.find((p) => p.id === id);
    expect(found, `poll ${id} in the list`).toBeDefined();
    return found!;
  };
  const feed = async (headers: Record<string, string>) =>
    (await svc.app.inject({ url: '/api/polls?feed=new&limit=50', headers })).json().polls as Poll[];
  const csv = (pollId: string, userId: string) =>
    svc.app.inject({ url: `/api/polls/${pollId}/results.csv`, headers: asMember(userId) });

  it('refuses an unknown resultsVisibility with a Turkish message (400) and creates nothing', async () => {
    const creator = newUserId();
    for (const resultsVisibility of ['never', 'AFTER-CLOSE', '', 3]) {
      const res = await svc.app.inject({
        method: 'POST',
        url: '/api/polls',
        headers: asMember(creator),
        payload: { title: 'Gizli mi?', category: 'genel', options: ['A', 'B'], resultsVisibility },
      });
      expect(res.statusCode, String(resultsVisibility)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', message: M.resultsVisibility });
    }
    expect(await svc.app.polls.models.Poll.countDocuments({ creatorId: creator })).toBe(0);
  });

  it('shows an after-vote poll’s counts (the default) only to its voters and creator, an always poll’s to everyone', async () => {
    const byDefault = await createPoll(svc.app, alice, { title: 'Varsayılan kural' });
    expect(byDefault.resultsVisibility).toBe('after-vote');
    const always = await createPoll(svc.app, alice, { title: 'Hep açık', resultsVisibility: 'always' });
    expect(always.resultsVisibility).toBe('always');
    for (const poll of [byDefault, always]) {
      expect((await vote(svc.app, poll.id, bob, 1)).json()).toMatchObject({
        voteCounts: { 0: 0, 1: 1 },
        resultsVisible: true,
      });
      expect(votesOf(await read(poll.id, asMember(bob)))).toEqual([0, 1]);
      expect(votesOf(await read(poll.id, asMember(alice)))).toEqual([0, 1]);
    }
    // Before voting: nothing of an after-vote poll's split, the total staying; all of an always poll's.
    for (const headers of [asMember(carol), asVisitor()]) {
      const hidden = await read(byDefault.id, headers);
      expect(hidden).toMatchObject({ resultsVisible: false, totalVotes: 1, hasVoted: false });
      expect(votesOf(hidden)).toEqual([0, 0]);
      const shown = await read(always.id, headers);
      expect(shown).toMatchObject({ resultsVisible: true, totalVotes: 1, hasVoted: false });
      expect(votesOf(shown)).toEqual([0, 1]);
    }
  });

  it('after-close hides the counts from everyone, the creator included, on every read path until the poll is closed', async () => {
    const poll = await createPoll(svc.app, alice, {
      title: 'Yarışma sonucu #gizlisonuc',
      options: ['Kırmızı', 'Mavi', 'Yeşil'],
      resultsVisibility: 'after-close',
    });
    expect(poll).toMatchObject({ resultsVisibility: 'after-close', resultsVisible: false });
    const liveCounts = collect<LiveCountsMessage>(svc.deps.nats, live.pollCounts);
    const mine = () => liveCounts.received.filter((m) => m.data.pollId === poll.id);

    // The voter's answer carries no counts and no feedback (it would tell how many chose alike).
    const voted = await vote(svc.app, poll.id, bob, 2);
    expect(voted.statusCode).toBe(200);
    expect(voted.json()).toMatchObject({
      voteCounts: { 0: 0, 1: 0, 2: 0 },
      totalVotes: 1,
      feedback: null,
      resultsVisible: false,
      userChoice: 2,
    });
    expect((await vote(svc.app, poll.id, carol, 2)).json().voteCounts).toEqual({ 0: 0, 1: 0, 2: 0 });

    // By id, for the creator, a voter, another member and a visitor: no counts, the total stays.
    for (const headers of [asMember(alice), asMember(bob), asMember(newUserId()), asVisitor()]) {
      const seen = await read(poll.id, headers);
      expect(seen).toMatchObject({ resultsVisible: false, totalVotes: 2, votesCount: 2 });
      expect(votesOf(seen)).toEqual([0, 0, 0]);
    }
    // Feed, profile list, search, tag page.
    expect(votesOf(findIn(await feed(asMember(bob)), poll.id))).toEqual([0, 0, 0]);
    expect(votesOf(findIn(await feed(asVisitor()), poll.id))).toEqual([0, 0, 0]);
    const profile = (
      await svc.app.inject({ url: `/api/users/${alice}/polls`, headers: asMember(alice) })
    ).json() as Poll[];
    expect(votesOf(findIn(profile, poll.id))).toEqual([0, 0, 0]);
    const found = (
      await svc.app.inject({
        url: `/api/search?q=${encodeURIComponent('Yarışma sonucu')}&type=polls`,
        headers: asMember(bob),
      })
    ).json();
    expect(votesOf(findIn(found.polls, poll.id))).toEqual([0, 0, 0]);
    const tagged = (await svc.app.inject({ url: '/api/tags/gizlisonuc/polls', headers: asVisitor() })).json();
    expect(votesOf(findIn(tagged.polls, poll.id))).toEqual([0, 0, 0]);
    // The link preview (and so its card) has no counts.
    const preview = (await svc.app.inject({ url: `/api/polls/${poll.id}/preview`, headers: asVisitor() })).json();
    expect(preview.poll).toMatchObject({ resultsVisible: false, resultsVisibility: 'after-close', totalVotes: 2 });
    expect(preview.poll.options.map((o: { votes: number }) => o.votes)).toEqual([0, 0, 0]);
    const card = await svc.app.inject({ url: `/api/polls/${poll.id}/card.png`, headers: asVisitor() });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    // The creator's download waits for the end too, in Turkish, and changes nothing.
    const early = await csv(poll.id, alice);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: 'results_hidden', message: S.resultsAfterClose });
    // The live counts carry the total only: the counts never leave the service.
    await until(() => mine().some((m) => m.data.totalVotes === 2), 5000, 'live total');
    for (const m of mine()) {
      expect(m.data).toMatchObject({ voteCounts: {}, countsHidden: true });
      expect(validate('meydan/live-poll-counts', m.data).ok).toBe(true);
    }

    // Closed: everyone sees the counts, the creator downloads them, and the followers get them live.
    const closed = await svc.app.inject({
      method: 'POST',
      url: `/api/polls/${poll.id}/close`,
      headers: asMember(alice),
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ resultsVisible: true });
    expect(votesOf(closed.json())).toEqual([0, 0, 2]);
    for (const headers of [asMember(bob), asMember(newUserId()), asVisitor()])
      expect(votesOf(await read(poll.id, headers))).toEqual([0, 0, 2]);
    const late = await csv(poll.id, alice);
    expect(late.statusCode).toBe(200);
    expect(late.body).toContain('"Yeşil";2;100,0');
    await until(() => mine().some((m) => !m.data.countsHidden), 5000, 'counts revealed live at the end');
    expect(mine().at(-1)!.data).toMatchObject({ voteCounts: { 0: 0, 1: 0, 2: 2 }, totalVotes: 2 });
    expect(mine().at(-1)!.data.countsHidden).toBeUndefined();
    liveCounts.stop();
  });

  it('creator shows the counts to the creator only until the poll expires, then to everyone', async () => {
    const poll = await createPoll(svc.app, alice, { title: 'Yalnızca ben', resultsVisibility: 'creator' });
    expect((await vote(svc.app, poll.id, bob, 0)).json()).toMatchObject({
      voteCounts: { 0: 0, 1: 0 },
      feedback: null,
      resultsVisible: false,
    });
    // The creator votes too and sees the counts in the answer.
    expect((await vote(svc.app, poll.id, alice, 0)).json()).toMatchObject({
      voteCounts: { 0: 2, 1: 0 },
      resultsVisible: true,
    });

    const own = await read(poll.id, asMember(alice));
    expect(own).toMatchObject({ resultsVisible: true, resultsVisibility: 'creator' });
    expect(votesOf(own)).toEqual([2, 0]);
    expect(votesOf(findIn(await feed(asMember(alice)), poll.id))).toEqual([2, 0]);
    for (const headers of [asMember(bob), asVisitor()]) {
      const seen = await read(poll.id, headers);
      expect(seen.resultsVisible).toBe(false);
      expect(votesOf(seen)).toEqual([0, 0]);
    }
    expect(votesOf(findIn(await feed(asMember(bob)), poll.id))).toEqual([0, 0]);
    // The creator's download works while it is open.
    const download = await csv(poll.id, alice);
    expect(download.statusCode).toBe(200);
    expect(download.body).toContain('"Kedi";2;100,0');
    expect((await csv(poll.id, bob)).statusCode).toBe(403);

    // Expired (and swept): everyone sees them.
    await endNow(svc.app, poll.id);
    await sweepEndedPolls(svc.app.polls, new Date());
    for (const headers of [asMember(bob), asVisitor()]) {
      const seen = await read(poll.id, headers);
      expect(seen.resultsVisible).toBe(true);
      expect(votesOf(seen)).toEqual([2, 0]);
    }
  });

  it('hides a multiple-choice ballot’s counts the same way, its voters’ total staying', async () => {
    const poll = await createPoll(svc.app, alice, {
      title: 'Çoklu ve gizli',
      options: ['A', 'B', 'C'],
      maxChoices: 2,
      resultsVisibility: 'after-close',
    });
    const ballot = await svc.app.inject({
      method: 'POST',
      url: `/api/polls/${poll.id}/vote`,
      headers: asMember(bob),
      payload: { optionIndexes: [0, 2] },
    });
    expect(ballot.statusCode, ballot.body).toBe(200);
    expect(ballot.json()).toMatchObject({
      voteCounts: { 0: 0, 1: 0, 2: 0 },
      userChoices: [0, 2],
      feedback: null,
      resultsVisible: false,
      totalVotes: 1,
    });
    const seen = await read(poll.id, asMember(carol));
    expect(votesOf(seen)).toEqual([0, 0, 0]);
    expect(seen).toMatchObject({ totalVotes: 1, resultsVisible: false, maxChoices: 2 });
    expect(
      (await svc.app.inject({ method: 'POST', url: `/api/polls/${poll.id}/close`, headers: asMember(alice) }))
        .statusCode,
    ).toBe(200);
    expect(votesOf(await read(poll.id, asMember(carol)))).toEqual([1, 0, 1]);
  });

  it('hides the counts of a share-link poll on its share page and in the vote answer of a visitor', async () => {
    const poll = await createPoll(
      svc.app,
      alice,
      { title: 'Linkle gizli', resultsVisibility: 'after-close' },
      '/api/polls/shareable',
    );
    const visitor = asShareVisitor('rv-visitor', '10.77.1.1');
    const voted = await svc.app.inject({
      method: 'POST',
      url: `/api/s/${poll.shortUrl}/vote`,
      headers: visitor,
      payload: { optionIndex: 1 },
    });
    expect(voted.statusCode).toBe(200);
    expect(voted.json()).toMatchObject({
      voteCounts: { 0: 0, 1: 0 },
      totalVotes: 1,
      resultsVisible: false,
      feedback: null,
    });
    const page = (await svc.app.inject({ url: `/api/s/${poll.shortUrl}`, headers: visitor })).json();
    expect(page).toMatchObject({ voteCounts: { 0: 0, 1: 0 }, hasVoted: true, userChoice: 1 });
    expect(page.poll).toMatchObject({ resultsVisible: false, totalVotes: 1 });
    const preview = await svc.app.inject({ url: `/api/s/${poll.shortUrl}/card.png`, headers: asVisitor() });
    expect(preview.statusCode).toBe(200);
  });

  it('composes each mode with the Dost Meclisi rule, for the creator, a voter and anyone else, before and after the end', () => {
    const now = new Date();
    const open = new Date(now.getTime() + 3600_000);
    const ended = new Date(now.getTime() - 1000);
    const table: [string, string, Date][] = [];
    for (const mode of ['after-vote', 'always', 'after-close', 'creator'])
      for (const type of ['public', 'friends']) for (const at of [open, ended]) table.push([mode, type, at]);
    const seen = table.map(([resultsVisibility, type, expiresAt]) => {
      const poll = { type, creatorId: alice, resultsVisibility, expiresAt };
      // [creator without a vote, creator who voted, member who voted, member who did not, visitor]
      return [
        `${resultsVisibility}/${type}/${expiresAt === open ? 'open' : 'ended'}`,
        [
          countsVisibleTo(poll, alice, false, now),
          countsVisibleTo(poll, alice, true, now),
          countsVisibleTo(poll, bob, true, now),
          countsVisibleTo(poll, bob, false, now),
          countsVisibleTo(poll, null, false, now),
        ],
      ];
    });
    expect(Object.fromEntries(seen)).toEqual({
      'after-vote/public/open': [true, true, true, false, false],
      'after-vote/public/ended': [true, true, true, true, true],
      'after-vote/friends/open': [true, true, true, false, false],
      'after-vote/friends/ended': [true, true, true, false, false],
      'always/public/open': [true, true, true, true, true],
      'always/public/ended': [true, true, true, true, true],
      'always/friends/open': [true, true, true, false, false],
      'always/friends/ended': [true, true, true, false, false],
      'after-close/public/open': [false, false, false, false, false],
      'after-close/public/ended': [true, true, true, true, true],
      'after-close/friends/open': [false, false, false, false, false],
      'after-close/friends/ended': [true, true, true, false, false],
      'creator/public/open': [true, true, false, false, false],
      'creator/public/ended': [true, true, true, true, true],
      'creator/friends/open': [true, true, false, false, false],
      'creator/friends/ended': [true, true, true, false, false],
    });
    // The creator's card and download follow one rule; a closed poll has ended whatever its expiry said.
    expect(creatorSeesCounts({ resultsVisibility: 'creator', expiresAt: open }, now)).toBe(true);
    expect(creatorSeesCounts({ resultsVisibility: 'after-close', expiresAt: open }, now)).toBe(false);
    expect(creatorSeesCounts({ resultsVisibility: 'after-close', expiresAt: open, closedAt: now }, now)).toBe(true);
    // Older polls without the field have the default.
    expect(countsVisibleTo({ type: 'public', creatorId: alice, expiresAt: open }, null, false, now)).toBe(false);
    expect(countsVisibleTo({ type: 'public', creatorId: alice, expiresAt: open }, null, true, now)).toBe(true);
    // Live counts: to everyone, to the groups that may see them (the others get the total), or to nobody.
    const audience = (type: string, resultsVisibility: string, expiresAt: Date) =>
      liveCountsAudience({ type, resultsVisibility, expiresAt }, now);
    expect(audience('public', 'after-vote', open)).toEqual(['voters', 'creator']);
    expect(audience('public', 'always', open)).toBe('everyone');
    expect(audience('friends', 'always', open)).toEqual(['voters', 'creator']);
    expect(audience('public', 'creator', open)).toEqual(['creator']);
    expect(audience('public', 'after-close', open)).toEqual([]);
    expect(audience('public', 'after-close', ended)).toBe('everyone');
    expect(audience('friends', 'creator', ended)).toEqual(['voters', 'creator']);
  });

  it('draws the card without bars or figures where counts are hidden, saying why in Turkish', () => {
    const poll = {
      title: 'Kart',
      options: [
        { text: 'A', votes: 3 },
        { text: 'B', votes: 1 },
      ],
      totalVotes: 4,
    };
    const shown = pollCardSvg(poll, true);
    expect(shown).toContain('%75');
    expect(shown).toContain('4 oy');
    const hidden = pollCardSvg(
      { ...poll, options: poll.options.map((o) => ({ ...o, votes: 0 })) },
      false,
      'Sonuçlar anket bitince görünecek',
    );
    expect(hidden).not.toContain('%');
    expect(hidden).not.toContain(' oy<');
    expect(hidden).toContain('Sonuçlar anket bitince görünecek');
  });

  it('lists resultsVisibility in the service’s OpenAPI document: the create body and the poll', async () => {
    const doc = svc.app.swagger() as {
      components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }> };
    };
    const schemas = Object.values(doc.components.schemas);
    const create = schemas.find((s) => s.properties?.['shareVoteMode'] && s.properties['durationHours']);
    expect(create?.properties?.['resultsVisibility']?.enum).toEqual(['after-vote', 'always', 'after-close', 'creator']);
    const poll = schemas.find((s) => s.properties?.['userChoice'] && s.properties['resultsVisible']);
    expect(poll?.properties?.['resultsVisibility']?.enum).toEqual(['after-vote', 'always', 'after-close', 'creator']);
  });
});
