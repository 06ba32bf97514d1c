/**
 * Changing or taking back a vote (issue 38, part 2) and the flows (part 3), on real NATS, Redis and MongoDB-wire: a
 * poll whose creator allowed it lets a voter move their ballot or take it back, on the poll and on the share link; each
 * change is one Redis step and one event with the voter's sequence number; MongoDB keeps the current ballot; the flows
 * count the moves, shown only to who may see the counts. Bad input is a Turkish refusal that changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, pollMessages as M, pollServiceMessages as S, validate, type Poll } from '@meydan/proto';
import { asMember, drained } from '@meydan/testing';
import { keys } from '../src/store/keys.js';
import { asShareVisitor, collect, createPoll, newUserId, startPolls, until, type PollsTestService } from './support.js';

describe('changing or taking back a vote', () => {
  let svc: PollsTestService;
  const alice = newUserId();

  beforeAll(async () => {
    svc = await startPolls({ VOTE_CHANGE_LIMIT: 4 });
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
  });

  const ask = (method: 'POST' | 'PUT' | 'DELETE', pollId: string, userId: string, payload?: Record<string, unknown>) =>
    svc.app.inject({
      method,
      url: `/api/polls/${pollId}/vote`,
      headers: asMember(userId),
      ...(payload ? { payload } : {}),
    });
  const read = async (pollId: string, userId: string): Promise<Poll> =>
    (await svc.app.inject({ url: `/api/polls/${pollId}`, headers: asMember(userId) })).json();
  const flowsOf = async (pollId: string, userId: string) =>
    (await svc.app.inject({ url: `/api/polls/${pollId}/flows`, headers: asMember(userId) })).json();
  const redisState = async (pollId: string) => {
    const r = svc.deps.redis;
    return {
      counts: await r.hgetall(keys.counts(pollId)),
      voters: await r.hgetall(keys.voters(pollId)),
      seqs: await r.hgetall(keys.seqs(pollId)),
      flows: await r.hgetall(keys.flows(pollId)),
    };
  };
  const storedBallots = async (pollId: string) =>
    Object.fromEntries(
      (await svc.app.polls.models.Vote.find({ pollId }).lean()).map((v) => [
        v.voter,
        v.optionIndexes?.length ? v.optionIndexes : [v.optionIndex],
      ]),
    );

  it('keeps a vote final by default; a poll created with allowVoteChange says so, and a bad value is a Turkish 400', async () => {
    const plain = await createPoll(svc.app, alice);
    expect(plain.allowVoteChange).toBe(false);
    const open = await createPoll(svc.app, alice, { allowVoteChange: true });
    expect(open.allowVoteChange).toBe(true);
    expect((await read(open.id, newUserId())).allowVoteChange).toBe(true);
    expect(validate('meydan/poll', open).ok).toBe(true);
    const before = await svc.app.polls.models.Poll.countDocuments({ creatorId: alice });
    const bad = await svc.app.inject({
      method: 'POST',
      url: '/api/polls',
      headers: asMember(alice),
      payload: { title: 'Soru?', category: 'teknoloji-ai', options: ['A', 'B'], allowVoteChange: 'evet' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(M.allowVoteChange);
    expect(await svc.app.polls.models.Poll.countDocuments({ creatorId: alice })).toBe(before);
  });

  it("moves a ballot, takes it back and counts it again: one event per change with the voter's seq, MongoDB following", async () => {
    const poll = await createPoll(svc.app, alice, { options: ['Kedi', 'Köpek', 'Kuş'], allowVoteChange: true });
    const [ayse, burak] = [newUserId(), newUserId()];
    const changes = collect<Record<string, unknown>>(svc.deps.nats, events.polls.voteChanged);
    await changes.flush();
    expect((await ask('POST', poll.id, ayse, { optionIndex: 0 })).statusCode).toBe(200);
    expect((await ask('POST', poll.id, burak, { optionIndex: 0 })).statusCode).toBe(200);

    const moved = await ask('PUT', poll.id, ayse, { optionIndex: 2 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      voteCounts: { '0': 1, '1': 0, '2': 1 },
      totalVotes: 2,
      hasVoted: true,
      userChoice: 2,
      userChoices: [2],
      message: S.voteChanged,
    });
    expect(validate('meydan/vote-result', moved.json()).ok).toBe(true);
    expect(await read(poll.id, ayse)).toMatchObject({ userChoice: 2, totalVotes: 2 });

    const back = await ask('DELETE', poll.id, burak);
    expect(back.statusCode, back.body).toBe(200);
    // No longer a voter of this after-vote poll: the counts are hidden from them again, the total stays.
    expect(back.json()).toMatchObject({
      voteCounts: { '0': 0, '1': 0, '2': 0 },
      resultsVisible: false,
      totalVotes: 1,
      hasVoted: false,
      userChoice: null,
      userChoices: [],
      message: S.voteTakenBack,
    });
    expect(validate('meydan/vote-taken-back', back.json()).ok).toBe(true);
    expect(await read(poll.id, burak)).toMatchObject({ hasVoted: false, userChoice: null, totalVotes: 1 });

    // A vote again after taking it back is burak's second change.
    const again = await ask('POST', poll.id, burak, { optionIndex: 1 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      voteCounts: { '0': 0, '1': 1, '2': 1 },
      totalVotes: 2,
      userChoice: 1,
      message: S.voteRecorded,
    });
    expect((await ask('POST', poll.id, burak, { optionIndex: 2 })).json().error).toBe('already_voted');

    await until(() => changes.received.filter((m) => m.data['pollId'] === poll.id).length === 3, 5000, 'change events');
    const published = changes.received.filter((m) => m.data['pollId'] === poll.id).map((m) => m.data);
    for (const e of published) expect(validate('meydan/event-vote-changed', e).ok).toBe(true);
    expect(published.map((e) => [e['voter'], e['from'], e['to']])).toEqual([
      [`u:${ayse}`, [0], [2]],
      [`u:${burak}`, [0], null],
      [`u:${burak}`, null, [1]],
    ]);
    // Each voter's sequence rises with each change (the first vote is 0).
    const seqs = published.map((e) => e['seq'] as number);
    expect(seqs[0]).toBeGreaterThan(0);
    expect(seqs[2]).toBeGreaterThan(seqs[1]!);
    changes.stop();

    await until(
      async () =>
        JSON.stringify(await storedBallots(poll.id)) === JSON.stringify({ [`u:${ayse}`]: [2], [`u:${burak}`]: [1] }),
      15_000,
      'MongoDB follows',
    );
    await drained(svc.deps, 'polls--persist-vote-changes');
    const flows = await flowsOf(poll.id, ayse);
    expect(validate('meydan/poll-flows', flows).ok).toBe(true);
    expect(flows).toMatchObject({ allowVoteChange: true, resultsVisible: true, totalMoves: 3 });
    expect(flows.flows).toEqual(
      expect.arrayContaining([
        { from: [0], to: [2], count: 1 },
        { from: [0], to: [], count: 1 },
        { from: [], to: [1], count: 1 },
      ]),
    );
    // The flows name nobody.
    expect(JSON.stringify(flows)).not.toContain(ayse);
  });

  it('lets a share-link visitor change and take back their vote from the same browser, and a multiple-choice ballot move whole', async () => {
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/polls/shareable',
      headers: asMember(alice),
      payload: {
        title: 'Hangisi?',
        category: 'teknoloji-ai',
        options: ['A', 'B', 'C'],
        maxChoices: 2,
        allowVoteChange: true,
      },
    });
    const poll = res.json().poll as Poll;
    const url = `/api/s/${poll.shortUrl}/vote`;
    const visitor = asShareVisitor('change-visitor-1', '10.20.30.40');
    expect(
      (await svc.app.inject({ method: 'POST', url, headers: visitor, payload: { optionIndexes: [0, 1] } })).statusCode,
    ).toBe(200);
    const moved = await svc.app.inject({ method: 'PUT', url, headers: visitor, payload: { optionIndexes: [2, 1] } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ voteCounts: { '0': 0, '1': 1, '2': 1 }, totalVotes: 1, userChoices: [1, 2] });
    // Another browser has no vote to change.
    const other = await svc.app.inject({
      method: 'DELETE',
      url,
      headers: asShareVisitor('change-visitor-2', '10.20.30.41'),
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ error: 'vote_not_cast', message: S.voteNotCast });
    const back = await svc.app.inject({ method: 'DELETE', url, headers: visitor });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ totalVotes: 0, hasVoted: false });
    expect(await svc.deps.redis.hgetall(keys.counts(poll.id))).toMatchObject({
      '0': '0',
      '1': '0',
      '2': '0',
      t: '0',
      pv: '0',
    });
    await until(
      async () =>
        Object.keys(await storedBallots(poll.id)).length === 0 &&
        (await svc.app.polls.models.VoteSeq.countDocuments({ pollId: poll.id })) === 1,
      15_000,
      'taken back in MongoDB',
    );
  });

  it('refuses bad changes with a Turkish message and the right status, changing nothing', async () => {
    const final = await createPoll(svc.app, alice, { options: ['A', 'B', 'C'] });
    const open = await createPoll(svc.app, alice, { options: ['A', 'B', 'C'], allowVoteChange: true });
    const closed = await createPoll(svc.app, alice, { options: ['A', 'B'], allowVoteChange: true });
    const [voter, stranger] = [newUserId(), newUserId()];
    for (const poll of [final, open, closed])
      expect((await ask('POST', poll.id, voter, { optionIndex: 0 })).statusCode).toBe(200);
    expect(
      (await svc.app.inject({ method: 'POST', url: `/api/polls/${closed.id}/close`, headers: asMember(alice) }))
        .statusCode,
    ).toBe(200);
    const states = async () => Promise.all([final, open, closed].map((p) => redisState(p.id)));
    const before = await states();

    const cases: [string, 'PUT' | 'DELETE', string, Record<string, unknown> | undefined, number, string, string][] = [
      [
        'final poll, change',
        'PUT',
        final.id,
        { optionIndex: 1 },
        403,
        'vote_change_not_allowed',
        S.voteChangeNotAllowed,
      ],
      ['final poll, take back', 'DELETE', final.id, undefined, 403, 'vote_change_not_allowed', S.voteChangeNotAllowed],
      ['closed poll, change', 'PUT', closed.id, { optionIndex: 1 }, 409, 'poll_closed', S.pollClosed],
      ['closed poll, take back', 'DELETE', closed.id, undefined, 409, 'poll_closed', S.pollClosed],
      ['the same option', 'PUT', open.id, { optionIndex: 0 }, 409, 'same_choice', S.voteSameChoice],
      ['out of range', 'PUT', open.id, { optionIndex: 3 }, 400, 'validation', M.optionInvalid],
      [
        'two options on a single-choice poll',
        'PUT',
        open.id,
        { optionIndexes: [0, 1] },
        400,
        'validation',
        M.singleChoiceOnly,
      ],
      ['no option', 'PUT', open.id, {}, 400, 'validation', M.optionRequired],
    ];
    for (const [label, method, pollId, payload, status, error, message] of cases) {
      const res = await ask(method, pollId, voter, payload);
      expect(res.statusCode, label).toBe(status);
      expect(res.json(), label).toMatchObject({ error, message });
    }
    for (const [label, method] of [
      ['change never cast', 'PUT'],
      ['take back never cast', 'DELETE'],
    ] as const) {
      const res = await ask(method, open.id, stranger, method === 'PUT' ? { optionIndex: 1 } : undefined);
      expect(res.statusCode, label).toBe(409);
      expect(res.json(), label).toMatchObject({ error: 'vote_not_cast', message: S.voteNotCast });
    }
    const visitor = await svc.app.inject({ method: 'DELETE', url: `/api/polls/${open.id}/vote` });
    expect(visitor.statusCode).toBe(401);
    expect(await states()).toEqual(before);
    expect((await read(open.id, voter)).userChoice).toBe(0);
  });

  it('limits a voter changing back and forth (429, Turkish, nothing changed), and flows follow the results visibility', async () => {
    const poll = await createPoll(svc.app, alice, {
      options: ['A', 'B'],
      allowVoteChange: true,
      resultsVisibility: 'after-close',
    });
    const voter = newUserId();
    expect((await ask('POST', poll.id, voter, { optionIndex: 0 })).statusCode).toBe(200);
    for (let i = 1; i <= 4; i++) {
      const res = await ask('PUT', poll.id, voter, { optionIndex: i % 2 });
      expect(res.statusCode, `change ${i}`).toBe(200);
      // The poll hides its counts until it ends: the change's answer hides them as the first vote's does.
      expect(res.json()).toMatchObject({ resultsVisible: false, voteCounts: { '0': 0, '1': 0 }, feedback: null });
    }
    const before = await redisState(poll.id);
    const limited = await ask('PUT', poll.id, voter, { optionIndex: 1 });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'vote_change_rate_limited', message: S.tooManyVoteChanges });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask('DELETE', poll.id, voter)).statusCode).toBe(429);
    expect(await redisState(poll.id)).toEqual(before);
    // Another voter is not limited by this one.
    const other = newUserId();
    expect((await ask('POST', poll.id, other, { optionIndex: 1 })).statusCode).toBe(200);
    expect((await ask('PUT', poll.id, other, { optionIndex: 0 })).statusCode).toBe(200);

    // Hidden counts, hidden flows: the creator included, until the poll ends.
    expect(await flowsOf(poll.id, alice)).toMatchObject({ resultsVisible: false, flows: [], totalMoves: 0 });
    expect(
      (await svc.app.inject({ method: 'POST', url: `/api/polls/${poll.id}/close`, headers: asMember(alice) }))
        .statusCode,
    ).toBe(200);
    const ended = await flowsOf(poll.id, newUserId());
    expect(ended).toMatchObject({ resultsVisible: true, totalMoves: 5 });
    expect(ended.flows).toEqual([
      { from: [1], to: [0], count: 3 },
      { from: [0], to: [1], count: 2 },
    ]);
    // A poll that keeps votes final has no flows.
    const final = await createPoll(svc.app, alice);
    expect(await flowsOf(final.id, alice)).toMatchObject({ allowVoteChange: false, flows: [], totalMoves: 0 });
  });
});
