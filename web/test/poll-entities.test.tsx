// @vitest-environment jsdom
import type { Poll, PollList, SearchResult, VoteResult } from '@meydan/proto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pollsApi } from '../src/features/polls/pollsApi';
import { profileApi } from '../src/features/profile/profileApi';
import { quickApi } from '../src/features/quick-decision/quickApi';
import { reachApi } from '../src/features/reach/reachApi';
import { shareLinkApi } from '../src/features/share-link/shareLinkApi';
import {
  liveCountsArrived,
  pollRestored,
  pollsReceived,
  pollsSlice,
  selectPoll,
  selectPolls,
  voteAnswered,
  voteChangeAnswered,
  voteSent,
} from '../src/store/pollsSlice';
import { FakeSocket, fakeApi, member, testStore } from './helpers';
import { testPoll } from './pollFixture';

afterEach(() => {
  vi.unstubAllGlobals();
});

const poll = testPoll;

const reduce = (polls: Poll[], ...actions: ReturnType<typeof voteSent | typeof liveCountsArrived>[]) =>
  actions.reduce(pollsSlice.reducer, pollsSlice.reducer(undefined, pollsReceived(polls)));

describe('the poll entities (store/pollsSlice)', () => {
  it('hold one normalised copy of a poll, a later answer replacing the fields it carries', () => {
    const state = reduce([{ ...poll('p1', [1, 2]), options: '["Evet","Hayır"]' as never, friendsCount: 3 }]);
    expect(state.entities['p1']!.options).toEqual([
      { id: 0, text: 'Evet', votes: 0 },
      { id: 1, text: 'Hayır', votes: 0 },
    ]);
    const again = pollsSlice.reducer(state, pollsReceived([poll('p1', [4, 5])]));
    expect(again.ids).toEqual(['p1']);
    expect(again.entities['p1']).toMatchObject({ totalVotes: 9, friendsCount: 3 });
  });

  it('show a member’s vote at once and put the poll back as it was when it is refused', () => {
    const before = poll('p1', [1, 1]);
    const sent = reduce([before], voteSent({ pollId: 'p1', ballot: [1] }));
    expect(sent.entities['p1']).toMatchObject({ hasVoted: true, userChoice: 1, userChoices: [1], totalVotes: 3 });
    expect(sent.entities['p1']!.options.map((o) => o.votes)).toEqual([1, 2]);
    const restored = pollsSlice.reducer(sent, pollRestored(selectPoll({ polls: reduce([before]) }, 'p1')!));
    expect(restored.entities['p1']).toMatchObject({ hasVoted: false, userChoice: null, totalVotes: 2 });
  });

  it('keep a vote on its way shown when a list read before it arrives after it, until the answer', () => {
    const sent = reduce([poll('p1', [1, 1])], voteSent({ pollId: 'p1', ballot: [1] }));
    const lateList = pollsSlice.reducer(sent, pollsReceived([poll('p1', [1, 1])]));
    expect(lateList.entities['p1']).toMatchObject({ hasVoted: true, userChoice: 1, totalVotes: 3 });
    const answer = {
      pollId: 'p1',
      voteCounts: { '0': 1, '1': 2 },
      totalVotes: 3,
      votersCount: 3,
      hasVoted: true,
      userChoice: 1,
      userChoices: [1],
      message: 'Oyun kaydedildi',
    } satisfies VoteResult;
    const answered = pollsSlice.reducer(lateList, voteAnswered({ pollId: 'p1', answer }));
    expect(answered.sending).toEqual({});
    const refused = pollsSlice.reducer(sent, pollRestored(poll('p1', [1, 1])));
    expect(pollsSlice.reducer(refused, pollsReceived([poll('p1', [1, 1])])).entities['p1']).toMatchObject({
      hasVoted: false,
      totalVotes: 2,
    });
  });

  it('keep what a live frame or an answer changed over a list asked for before it and answered after it', () => {
    const held = reduce([poll('p1', [0, 0])]);
    const asked = held.changes;
    const live = pollsSlice.reducer(
      held,
      liveCountsArrived({ pollId: 'p1', voteCounts: { '0': 1, '1': 0 }, totalVotes: 1 }),
    );
    // The list’s server read the poll before the vote: its copy says 0 votes. Its other live figures (4 comments) are
    // as old, and the held ones stay until a list asked for later brings them.
    const late = pollsSlice.reducer(live, pollsReceived([{ ...poll('p1', [0, 0]), commentsCount: 4 }], asked));
    expect(late.entities['p1']!.options.map((o) => o.votes)).toEqual([1, 0]);
    expect(late.entities['p1']).toMatchObject({ totalVotes: 1, votesCount: 1, commentsCount: 0 });
    // A list asked for after the change is the newer copy, and replaces it.
    const fresh = pollsSlice.reducer(late, pollsReceived([poll('p1', [2, 0])], late.changes));
    expect(fresh.entities['p1']!.options.map((o) => o.votes)).toEqual([2, 0]);
    // A copy from nowhere in particular (no `asked`) replaces it too.
    expect(pollsSlice.reducer(late, pollsReceived([poll('p1', [0, 3])])).entities['p1']!.totalVotes).toBe(3);
  });

  it('take a ranked poll’s runoff counting more ballots from a copy asked for before a live frame', () => {
    const round = (tallies: number[]) => ({ tallies, eliminated: null, exhausted: 0 });
    const runoffOf = (tallies: number[]) => ({
      firstPreferences: tallies,
      rounds: [round(tallies)],
      winner: 0,
      share: 1,
    });
    const held = reduce([{ ...poll('r1', [1, 0]), kind: 'ranked', runoff: runoffOf([1, 0]) }]);
    const asked = held.changes;
    // Two frames while the poll is asked for again: the answer, read between them, counts 2 ballots, the frames 3.
    const live = pollsSlice.reducer(
      held,
      liveCountsArrived({ pollId: 'r1', voteCounts: { '0': 2, '1': 1 }, totalVotes: 3 }),
    );
    const late = pollsSlice.reducer(
      live,
      pollsReceived([{ ...poll('r1', [2, 0]), kind: 'ranked', runoff: runoffOf([2, 0]) }], asked),
    );
    expect(late.entities['r1']!.runoff!.rounds[0]!.tallies).toEqual([2, 0]);
    expect(late.entities['r1']!.totalVotes).toBe(3);
    // An older runoff than the one held (fewer ballots) is not taken.
    const older = pollsSlice.reducer(
      late,
      pollsReceived([{ ...poll('r1', [1, 0]), kind: 'ranked', runoff: runoffOf([1, 0]) }], asked),
    );
    expect(older.entities['r1']!.runoff!.rounds[0]!.tallies).toEqual([2, 0]);
  });

  it('take a live frame’s counts, and only the total while the poll hides its counts', () => {
    const live = reduce(
      [poll('p1', [1, 1])],
      liveCountsArrived({ pollId: 'p1', voteCounts: { '0': 5, '1': 2 }, totalVotes: 7 }),
    );
    expect(live.entities['p1']!.options.map((o) => o.votes)).toEqual([5, 2]);
    const hidden = pollsSlice.reducer(
      live,
      liveCountsArrived({ pollId: 'p1', voteCounts: {}, totalVotes: 9, countsHidden: true }),
    );
    expect(hidden.entities['p1']!.options.map((o) => o.votes)).toEqual([5, 2]);
    expect(hidden.entities['p1']!.totalVotes).toBe(9);
    expect(pollsSlice.reducer(hidden, liveCountsArrived({ pollId: 'p9', voteCounts: {}, totalVotes: 1 })).ids).toEqual([
      'p1',
    ]);
  });

  it('count the viewer among a friends’ circle’s voters, and take a ballot back', () => {
    const circle = poll('p1', [0, 0], {
      type: 'friends',
      friends: [{ id: member.id, username: 'ayse', displayName: null, avatarUrl: null, hasVoted: false }],
      friendsVotedCount: 0,
    });
    const answer: VoteResult = {
      pollId: 'p1',
      voteCounts: { '0': 1, '1': 0 },
      totalVotes: 1,
      hasVoted: true,
      userChoice: 0,
      message: 'Oyun kaydedildi',
    };
    let state = reduce([circle]);
    state = pollsSlice.reducer(state, voteAnswered({ pollId: 'p1', answer, viewerId: member.id }));
    expect(state.entities['p1']).toMatchObject({ hasVoted: true, userChoices: [0], friendsVotedCount: 1 });
    expect(state.entities['p1']!.friends![0]!.hasVoted).toBe(true);
    state = pollsSlice.reducer(
      state,
      voteChangeAnswered({
        pollId: 'p1',
        answer: { ...answer, voteCounts: { '0': 0, '1': 0 }, totalVotes: 0, hasVoted: false } as never,
      }),
    );
    expect(state.entities['p1']).toMatchObject({ hasVoted: false, userChoice: null, userChoices: [], totalVotes: 0 });
  });
});

describe('every list and page holds a poll by id', () => {
  /** p1 in the trending feed, on its own page, in the quick widget, behind its share link, in a search and a profile. */
  async function everywhere(socket: FakeSocket) {
    const p1 = poll('p1', [1, 1]);
    const list: PollList = { polls: [p1, poll('p2', [0, 0])], totalCount: 2, nextCursor: null };
    const found: SearchResult = {
      type: 'polls',
      query: 'soru',
      page: 1,
      totalCount: 1,
      hasMore: false,
      polls: [p1],
      users: [],
    };
    const answer: VoteResult = {
      pollId: 'p1',
      voteCounts: { '0': 5, '1': 3 },
      totalVotes: 8,
      hasVoted: true,
      userChoice: 1,
      message: 'Oyun kaydedildi',
    };
    const api = fakeApi({
      'GET /api/polls': list,
      'GET /api/polls/p1': p1,
      'GET /api/s/AbCdEfGhIj': {
        poll: p1,
        creator: p1.creator,
        voteCounts: { '0': 1, '1': 1 },
        hasVoted: false,
        userChoice: null,
      },
      'GET /api/search': found,
      'GET /api/users/u9/polls': [p1],
      'POST /api/polls/p1/vote': answer,
    });
    const store = testStore({ user: member, socket });
    const entries = [
      store.dispatch(pollsApi.endpoints.feed.initiate({ feed: 'trending' })),
      store.dispatch(pollsApi.endpoints.poll.initiate('p1')),
      store.dispatch(quickApi.endpoints.quickPolls.initiate()),
      store.dispatch(shareLinkApi.endpoints.shareLinkPoll.initiate('AbCdEfGhIj')),
      store.dispatch(reachApi.endpoints.search.initiate({ q: 'soru', type: 'polls', page: 1 })),
      store.dispatch(profileApi.endpoints.userPolls.initiate('u9')),
    ];
    await Promise.all(entries);
    const state = () => store.getState();
    const shown = () => [
      selectPolls(state(), pollsApi.endpoints.feed.select({ feed: 'trending' })(state()).data!.pages[0]!.pollIds)[0],
      selectPoll(state(), pollsApi.endpoints.poll.select('p1')(state()).data),
      selectPolls(state(), quickApi.endpoints.quickPolls.select()(state()).data!)[0],
      selectPoll(state(), shareLinkApi.endpoints.shareLinkPoll.select('AbCdEfGhIj')(state()).data!.pollId),
      selectPolls(
        state(),
        reachApi.endpoints.search.select({ q: 'soru', type: 'polls', page: 1 })(state()).data!.pollIds,
      )[0],
      selectPolls(state(), profileApi.endpoints.userPolls.select('u9')(state()).data!)[0],
    ];
    return {
      store,
      shown,
      requests: api.requests,
      done: () => {
        for (const entry of entries) entry.unsubscribe();
      },
    };
  }

  it('one live frame updates the poll in every list that holds it', async () => {
    const socket = new FakeSocket();
    const { store, shown, done } = await everywhere(socket);
    store.realtime.connect();
    socket.open();
    expect(shown().every((held) => held?.totalVotes === 2)).toBe(true);
    socket.serverEmit('poll_update', { data: { pollId: 'p1', voteCounts: { '0': 4, '1': 2 }, totalVotes: 6 } });
    for (const held of shown()) {
      expect(held!.options.map((o) => o.votes)).toEqual([4, 2]);
      expect(held!.totalVotes).toBe(6);
    }
    expect(new Set(shown()).size).toBe(1);
    done();
  });

  it('one vote’s answer updates the poll in every list that holds it', async () => {
    const { store, shown, requests, done } = await everywhere(new FakeSocket());
    await store.dispatch(pollsApi.endpoints.vote.initiate({ pollId: 'p1', optionIndex: 1 }));
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({ path: '/api/polls/p1/vote', body: { optionIndex: 1 } }),
    ]);
    for (const held of shown()) {
      expect(held).toMatchObject({ hasVoted: true, userChoice: 1, userChoices: [1], totalVotes: 8 });
      expect(held!.options.map((o) => o.votes)).toEqual([5, 3]);
    }
    done();
  });
});
