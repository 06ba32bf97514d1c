import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollServiceMessages as S, subjects } from '@meydan/proto';
import { asShareVisitor, createPoll, newUserId, startPolls, until, type PollsTestService } from './support.js';

describe('creator summaries while auth is slow', () => {
  let svc: PollsTestService;

  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
  });

  const sharePage = (code: string) => svc.app.inject({ url: `/api/s/${code}`, headers: asShareVisitor(newUserId()) });

  it('asks auth once for a creator however many pages wait for it, and shows the placeholder meanwhile', async () => {
    const creatorId = newUserId();
    const poll = await createPoll(svc.app, creatorId, {}, '/api/polls/shareable');
    // auth is not started here: this stands in for its responder, answering only when the test lets it (after the
    // polls service has stopped waiting), as auth did when a backlog of slow queries held every answer up.
    const asked: string[][] = [];
    let answerNow!: () => void;
    const released = new Promise<void>((resolve) => (answerNow = resolve));
    const auth = await svc.deps.bus.standIn('auth', subjects.auth.usersSummaries, async ({ ids }) => {
      asked.push(ids);
      await released;
      return { users: ids.map((id) => ({ id, username: 'ayse', displayName: 'Ayşe', avatarUrl: null })) };
    });
    try {
      const pages = await Promise.all(Array.from({ length: 6 }, () => sharePage(poll.shortUrl!)));
      for (const page of pages) {
        expect(page.statusCode).toBe(200);
        expect(page.json().creator).toMatchObject({ id: creatorId, displayName: S.unknownCreator });
      }
      expect(asked).toEqual([[creatorId]]);

      // Once auth answers again, the next page asks afresh and shows the creator.
      answerNow();
      await until(
        async () => (await sharePage(poll.shortUrl!)).json().creator.displayName === 'Ayşe',
        10_000,
        'creator shown',
      );
      expect(asked.length).toBeGreaterThanOrEqual(2);
    } finally {
      await auth.stop();
    }
  });
});
