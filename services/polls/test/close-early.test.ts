import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, pollServiceMessages as S, validate } from '@meydan/proto';
import { asMember } from '@meydan/testing';
import { sweepEndedPolls } from '../src/jobs/ended-polls.js';
import { asShareVisitor, collect, createPoll, newUserId, startPolls, vote, type PollsTestService } from './support.js';

describe('closing a poll early', () => {
  let svc: PollsTestService;
  const alice = newUserId();
  const bob = newUserId();

  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
  });

  const close = (pollId: string, userId: string) =>
    svc.app.inject({ method: 'POST', url: `/api/polls/${pollId}/close`, headers: asMember(userId) });

  it('stops votes (409), shows it ended, and publishes the ended event once, not again at the sweep', async () => {
    const poll = await createPoll(svc.app, alice, { options: ['A', 'B', 'C'] });
    expect((await vote(svc.app, poll.id, bob, 2)).statusCode).toBe(200);
    const stream = collect(svc.deps.nats, events.polls.pollEnded);

    const res = await close(poll.id, alice);
    expect(res.statusCode).toBe(200);
    const closed = res.json();
    expect(closed.closedAt).toEqual(expect.any(String));
    expect(new Date(closed.expiresAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect(closed.options.map((o: { votes: number }) => o.votes)).toEqual([0, 0, 1]);

    const late = await vote(svc.app, poll.id, newUserId(), 0);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'poll_closed', message: S.pollClosed });
    // A reader sees it ended.
    const read = (await svc.app.inject({ method: 'GET', url: `/api/polls/${poll.id}`, headers: asMember(bob) })).json();
    expect(read.closedAt).toBe(closed.closedAt);
    expect(read.totalVotes).toBe(1);

    await sweepEndedPolls(svc.app.polls, new Date(Date.now() + 1000));
    await stream.flush();
    const mine = stream.received.filter((m) => m.data['pollId'] === poll.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.data).toMatchObject({ creatorId: alice, voteCounts: [0, 0, 1], totalVotes: 1, winnerIndexes: [2] });
    expect(validate('meydan/event-poll-ended', mine[0]!.data).ok).toBe(true);
    stream.stop();

    const again = await close(poll.id, alice);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'already_ended', message: S.alreadyEnded });
  });

  it('refuses another member (403) and a visitor (401), changing nothing', async () => {
    const poll = await createPoll(svc.app, alice);
    const res = await close(poll.id, bob);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden', message: S.closeOnlyCreator });
    const anon = await svc.app.inject({ method: 'POST', url: `/api/polls/${poll.id}/close` });
    expect(anon.statusCode).toBe(401);
    expect((await vote(svc.app, poll.id, bob, 0)).statusCode).toBe(200);
    const read = (await svc.app.inject({ method: 'GET', url: `/api/polls/${poll.id}`, headers: asMember(bob) })).json();
    expect(read.closedAt ?? null).toBeNull();
    expect(new Date(read.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('stops a vote at once even where the poll facts are still cached as open (the claim is in the vote’s Lua step)', async () => {
    const poll = await createPoll(svc.app, alice, {}, '/api/polls/shareable');
    const meta = await svc.app.polls.polls.meta(poll.id);
    expect((await close(poll.id, alice)).statusCode).toBe(200);
    // Another instance's stale cache: the facts it read before the close.
    await svc.app.polls.polls.cacheMeta({ ...meta!, closedAt: null });
    const res = await svc.app.inject({
      method: 'POST',
      url: `/api/s/${poll.shortUrl}/vote`,
      headers: asShareVisitor('visitor-closed'),
      payload: { optionIndex: 0 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(S.pollClosed);
    const counts = await svc.app.polls.counters.countsOfOne({ id: poll.id, optionsCount: 2, expiresAt: null });
    expect(counts.total).toBe(0);
  });

  it('answers 409 on a poll whose time already ran out', async () => {
    const poll = await createPoll(svc.app, alice);
    await svc.app.polls.models.Poll.updateOne({ _id: poll.id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await close(poll.id, alice);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(S.alreadyEnded);
  });
});
