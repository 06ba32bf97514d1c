import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events, subjects } from '@meydan/proto';
import { createPoll, newUserId, startPolls, until, vote, type PollsTestService } from './support.js';

describe("polls: a member's polls and votes", () => {
  let svc: PollsTestService;

  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
  });

  it('exports them, and when the account is deleted removes the polls and keeps the votes in the counts without a name', async () => {
    const gone = newUserId();
    const other = newUserId();
    const own = await createPoll(svc.app, gone, { title: 'Benim sorum', options: ['Evet', 'Hayır'] });
    const theirs = await createPoll(svc.app, other, { title: 'Onların sorusu', options: ['Kedi', 'Köpek'] });
    expect((await vote(svc.app, theirs.id, gone, 1)).statusCode).toBe(200);

    const exported = await until(async () => {
      const answer = await svc.deps.bus.request(subjects.polls.userExport, { userId: gone }, { requestId: 'test' }, 2000);
      return answer.votes.length === 1 ? answer : null;
    }, 20_000, 'vote persisted');
    expect(exported.polls.map((p) => [p.id, p.title, p.options])).toEqual([[own.id, 'Benim sorum', ['Evet', 'Hayır']]]);
    expect(exported.votes[0]).toMatchObject({ pollId: theirs.id, pollTitle: 'Onların sorusu', optionIndex: 1, option: 'Köpek' });

    await svc.deps.bus.publish(events.auth.userDeleted, { userId: gone, at: new Date().toISOString() }, { requestId: 'test' });
    const { Poll, Vote } = svc.app.polls.models;
    await vi.waitFor(async () => expect(await Poll.exists({ _id: own.id })).toBeNull(), { timeout: 15_000, interval: 100 });
    await vi.waitFor(async () => expect(await Vote.countDocuments({ userId: gone })).toBe(0), { timeout: 15_000, interval: 100 });
    expect(await Vote.countDocuments({ pollId: theirs.id })).toBe(1);
    expect(await Poll.exists({ _id: theirs.id })).toBeTruthy();
  });
});
