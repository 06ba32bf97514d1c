import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollServiceMessages as S } from '@meydan/proto';
import { asMember, asVisitor } from '@meydan/testing';
import { createPoll, newUserId, startPolls, vote, type PollsTestService } from './support.js';

describe('a poll’s results as CSV', () => {
  let svc: PollsTestService;
  const alice = newUserId();
  const bob = newUserId();

  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
  });

  const download = (pollId: string, headers: Record<string, string> = {}) => svc.app.inject({ url: `/api/polls/${pollId}/results.csv`, headers });

  it('gives the creator option, votes, percentage, voters and closing time: UTF-8 with a BOM, formula cells neutralised', async () => {
    const poll = await createPoll(svc.app, alice, { options: ['Çiğ köfte, acılı', '=HYPERLINK("http://kötü.example")', 'Şalgam'], durationHours: 24 });
    await vote(svc.app, poll.id, bob, 0);
    await vote(svc.app, poll.id, alice, 0);
    await vote(svc.app, poll.id, newUserId(), 1);

    const res = await download(poll.id, asMember(alice));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="meydan-anket-${poll.id}-sonuclar.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows: string[][] = parse(res.body.slice(1));
    expect(rows).toEqual([
      ['secenek', 'oy', 'yuzde', 'oy_veren', 'bitis'],
      ['Çiğ köfte, acılı', '2', '66.7', '3', poll.expiresAt],
      ['\'=HYPERLINK("http://kötü.example")', '1', '33.3', '3', poll.expiresAt],
      ['Şalgam', '0', '0.0', '3', poll.expiresAt],
    ]);
  });

  it('leaves the closing time empty for a poll without end, and shows zero percent before any vote', async () => {
    const poll = await createPoll(svc.app, alice, { duration: 0 });
    const rows: string[][] = parse((await download(poll.id, asMember(alice))).body.slice(1));
    expect(rows.slice(1)).toEqual([
      ['Kedi', '0', '0.0', '0', ''],
      ['Köpek', '0', '0.0', '0', ''],
    ]);
  });

  it('refuses anyone but the creator: 403 for another member, 401 for a visitor, 404 for an unknown poll', async () => {
    const poll = await createPoll(svc.app, alice);
    const other = await download(poll.id, asMember(bob));
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: 'forbidden', message: S.resultsOnlyCreator });
    const visitor = await download(poll.id, asVisitor());
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error).toBe('unauthorized');
    const unknown = await download(newUserId(), asMember(alice));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(S.pollNotFound);
  });
});
