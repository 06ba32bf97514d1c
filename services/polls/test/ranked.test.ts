/**
 * Ranked choice (issue 41, 1: 'Sıralamalı oy'): a poll made with `kind: 'ranked'` takes ballots `{ranking: [...]}`.
 * Bad input is a Turkish 400 with nothing stored; ballots voted through the API give the runoff domain/runoff.ts
 * computes over them; counters rebuilt from MongoDB count the same rankings; the runoff hides with the counts.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, pollMessages as M, pollServiceMessages as S, validate, type PollCreateInput } from '@meydan/proto';
import { asMember, asVisitor, drained } from '@meydan/testing';
import { ballotField } from '../src/domain/ballots.js';
import { pollCardSvg } from '../src/domain/poll-card.js';
import { instantRunoff } from '../src/domain/runoff.js';
import { keys } from '../src/store/keys.js';
import {
  asShareVisitor,
  castBallot,
  collect,
  createPoll,
  newUserId,
  readPoll,
  startPolls,
  until,
  type PollsTestService,
} from './support.js';

const ranked = (over: Partial<PollCreateInput> = {}): Partial<PollCreateInput> => ({
  title: 'Hafta sonu nereye gidelim?',
  options: ['Kapadokya', 'Ege', 'Karadeniz'],
  kind: 'ranked' as const,
  ...over,
});

describe('ranked choice', () => {
  let svc: PollsTestService;
  const alice = newUserId();

  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
  });

  const countsHash = (pollId: string) => svc.deps.redis.hgetall(keys.counts(pollId));

  it('refuses a ranked poll with several choices or vote changes: Turkish 400, nothing stored', async () => {
    const user = newUserId();
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'ranked', maxChoices: 2 }, M.rankedSingleBallot],
      [{ kind: 'ranked', allowVoteChange: true }, M.rankedVoteChange],
      [{ kind: 'ranked', correctOptionIndexes: [0] }, M.correctOnlyQuiz],
      [{ kind: 'ranking' }, M.kind],
    ];
    for (const [body, message] of cases) {
      const res = await svc.app.inject({
        method: 'POST',
        url: '/api/polls',
        headers: asMember(user),
        payload: { title: 'Sırala', category: 'genel', options: ['A', 'B', 'C'], ...body },
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ error: 'validation', message });
    }
    expect(await svc.app.polls.models.Poll.countDocuments({ creatorId: user })).toBe(0);
  });

  it('refuses a bad ballot whole: Turkish 400, nothing counted or stored', async () => {
    const poll = await createPoll(svc.app, alice, ranked({ title: 'Kötü oylar' }));
    expect(poll).toMatchObject({ kind: 'ranked', maxChoices: 1, allowVoteChange: false });
    const plain = await createPoll(svc.app, alice, { title: 'Olağan anket' });
    const voter = newUserId();
    const cases: [string, Record<string, unknown>, string][] = [
      [poll.id, { ranking: [] }, M.rankingEmpty],
      [poll.id, { ranking: [0, 3] }, M.rankingInvalid],
      [poll.id, { ranking: [2, 0, 2] }, M.rankingDuplicate],
      [poll.id, { ranking: [-1] }, M.rankingInvalid],
      [poll.id, { ranking: 'Ege' }, M.ranking],
      [poll.id, { optionIndex: 0 }, M.rankingRequired],
      [poll.id, { optionIndexes: [0, 1] }, M.rankingRequired],
      [poll.id, { ranking: [0], optionIndex: 0 }, M.rankingRequired],
      [plain.id, { ranking: [1, 0] }, M.rankingOnlyRanked],
    ];
    for (const [pollId, body, message] of cases) {
      const res = await castBallot(svc.app, pollId, voter, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ error: 'validation', message });
    }
    // Through the share link too.
    const shared = await createPoll(svc.app, alice, ranked({ title: 'Bağlantılı sıralama' }), '/api/polls/shareable');
    const viaLink = await svc.app.inject({
      method: 'POST',
      url: `/api/s/${shared.shortUrl}/vote`,
      headers: asShareVisitor('ziyaretci-1'),
      payload: { optionIndex: 1 },
    });
    expect(viaLink.statusCode).toBe(400);
    expect(viaLink.json().message).toBe(M.rankingRequired);
    for (const p of [poll, plain, shared]) expect((await countsHash(p.id))['t']).toBe('0');
    expect(await svc.app.polls.models.Vote.countDocuments({ voter: `u:${voter}` })).toBe(0);
  });

  it('counts ballots voted through the API into the runoff, publishes each ranking, and rebuilds it from MongoDB', async () => {
    const poll = await createPoll(svc.app, alice, ranked({ title: 'Tur tur seçim', options: ['A', 'B', 'C', 'D'] }));
    const cast = collect(svc.deps.nats, events.polls.voteCast);
    // The leader on first preferences (A) loses once C's and D's ballots move on.
    const ballots = [
      ...Array<number[]>(4).fill([0]),
      ...Array<number[]>(3).fill([1, 2]),
      ...Array<number[]>(2).fill([2, 1, 0]),
      [3, 2],
    ];
    for (const ranking of ballots) {
      const res = await castBallot(svc.app, poll.id, newUserId(), { ranking });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().userChoices).toEqual(ranking);
    }
    const counts: Record<string, number> = {};
    for (const b of ballots) counts[b.join(',')] = (counts[b.join(',')] ?? 0) + 1;
    const expected = instantRunoff(
      4,
      Object.entries(counts).map(([k, n]) => [k.split(',').map(Number), n]),
    );
    expect(expected.winner).toBe(1);
    const seen = await readPoll(svc.app, poll.id, alice);
    expect(seen.runoff).toEqual(expected);
    expect(seen).toMatchObject({ totalVotes: 10, userChoices: [] });
    expect(seen.options.map((o) => o.votes)).toEqual([4, 3, 2, 1]);

    // The events carry each ranking under the vote's stable id, valid against proto's schema.
    await until(() => cast.received.filter((m) => m.data['pollId'] === poll.id).length === ballots.length);
    for (const { data } of cast.received.filter((m) => m.data['pollId'] === poll.id)) {
      expect(validate('meydan/event-vote-cast', data).ok).toBe(true);
      expect(data['optionIndex']).toBe((data['ranking'] as number[])[0]);
    }
    cast.stop();

    // MongoDB keeps the rankings; counters rebuilt from it count the same rankings.
    await drained(svc.deps, 'polls--persist-votes');
    const stored = await svc.app.polls.models.Vote.find({ pollId: poll.id }).lean();
    expect(stored.map((v) => v.ranking!.join(',')).sort()).toEqual(ballots.map((b) => b.join(',')).sort());
    const before = await countsHash(poll.id);
    await svc.deps.redis.del(keys.counts(poll.id), keys.voters(poll.id));
    await svc.app.polls.counters.rebuild({ id: poll.id, optionsCount: 4, expiresAt: null });
    const after = await countsHash(poll.id);
    const rankingFields = (h: Record<string, string>) =>
      Object.fromEntries(Object.entries(h).filter(([f]) => f.startsWith('>') || /^\d+$/.test(f) || f === 't'));
    expect(rankingFields(after)).toEqual(rankingFields(before));
    expect(after[ballotField([2, 1, 0], true)]).toBe('2');
    expect((await readPoll(svc.app, poll.id, alice)).runoff).toEqual(expected);

    // A voter's second ballot is the 409 of any poll, counted once.
    const again = newUserId();
    expect((await castBallot(svc.app, poll.id, again, { ranking: [3] })).statusCode).toBe(200);
    const second = await castBallot(svc.app, poll.id, again, { ranking: [0, 1] });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(S.alreadyVoted);
    expect((await readPoll(svc.app, poll.id, again)).userChoices).toEqual([3]);
  });

  it('shows the runoff only where the counts show', async () => {
    const poll = await createPoll(svc.app, alice, ranked({ title: 'Gizli turlar', resultsVisibility: 'creator' }));
    const bob = newUserId();
    const answer = await castBallot(svc.app, poll.id, bob, { ranking: [1, 0] });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ resultsVisible: false });
    expect(answer.json().runoff).toBeUndefined();
    const bobSees = await readPoll(svc.app, poll.id, bob);
    expect(bobSees).toMatchObject({ kind: 'ranked', resultsVisible: false });
    expect(bobSees.runoff).toBeUndefined();
    expect((await readPoll(svc.app, poll.id, alice)).runoff).toMatchObject({
      winner: 1,
      share: 1,
      firstPreferences: [0, 1, 0],
    });

    // After the vote (the default): a member who has not voted sees no runoff; the voter's answer carries it.
    const open = await createPoll(svc.app, alice, ranked({ title: 'Oy verince turlar' }));
    const voted = await castBallot(svc.app, open.id, bob, { ranking: [2] });
    expect(voted.json().runoff).toMatchObject({ winner: 2 });
    expect((await readPoll(svc.app, open.id, newUserId())).runoff).toBeUndefined();
  });

  it('draws the runoff’s winner on the link preview card where a visitor sees the counts, and nothing of it elsewhere', async () => {
    const preview = async (id: string) => {
      const res = await svc.app.inject({ url: `/api/polls/${id}/preview`, headers: asVisitor() });
      expect(validate('meydan/nats-poll-preview-reply', { status: 'visible', poll: res.json().poll }).ok).toBe(true);
      return res.json().poll;
    };
    const shown = await createPoll(svc.app, alice, ranked({ title: 'Açık turlar', resultsVisibility: 'always' }));
    // One first preference each: Karadeniz (listed last) goes out, its ballot moves to Kapadokya, who wins 2 of 3.
    for (const ranking of [[0], [1], [2, 0]])
      expect((await castBallot(svc.app, shown.id, newUserId(), { ranking })).statusCode).toBe(200);
    const open = await preview(shown.id);
    expect(open).toMatchObject({ kind: 'ranked', resultsVisible: true, totalVotes: 3, runoff: { winner: 0 } });
    const svg = pollCardSvg(open, true);
    expect(svg).toContain('Sıralamalı oy');
    expect(svg).toContain('Kazanan: Kapadokya · %66,7 · 2. turda');
    expect(svg).toContain('✓ Kapadokya');
    expect(svg).toContain('3 oy (ilk tercihler)');
    const png = await svc.app.inject({ url: `/api/polls/${shown.id}/card.png`, headers: asVisitor() });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');

    // After the vote (the default): a visitor sees no counts, so neither the preview nor its card has the winner.
    const hidden = await createPoll(svc.app, alice, ranked({ title: 'Kapalı turlar' }));
    expect((await castBallot(svc.app, hidden.id, newUserId(), { ranking: [1, 0] })).statusCode).toBe(200);
    const closed = await preview(hidden.id);
    expect(closed).toMatchObject({ kind: 'ranked', resultsVisible: false });
    expect(closed.runoff).toBeUndefined();
    const hiddenSvg = pollCardSvg(closed, false, 'Sonuçlar oy verince görünür');
    expect(hiddenSvg).toContain('Sıralamalı oy');
    expect(hiddenSvg).not.toContain('Kazanan');
    expect(hiddenSvg).not.toContain('✓');
  });

  it('gives the creator the runoff in the results file: each round’s ballots, the round an option went out, the winner', async () => {
    const poll = await createPoll(svc.app, alice, ranked({ title: 'Dosyadaki turlar', durationHours: 24 }));
    for (const ranking of [[0], [1], [2, 0]])
      expect((await castBallot(svc.app, poll.id, newUserId(), { ranking })).statusCode).toBe(200);
    const download = (kind: 'csv' | 'xlsx') =>
      svc.app.inject({ url: `/api/polls/${poll.id}/results.${kind}`, headers: asMember(alice) });
    const csv = await download('csv');
    expect(csv.statusCode).toBe(200);
    const ends = poll.expiresAt;
    expect(parse(csv.body.slice(1), { delimiter: ';' })).toEqual([
      ['secenek', 'oy', 'yuzde', 'oy_veren', 'bitis', 'tur_1', 'tur_2', 'elendigi_tur', 'kazanan'],
      ['Kapadokya', '1', '33,3', '3', ends, '1', '2', '', 'evet'],
      ['Ege', '1', '33,3', '3', ends, '1', '1', '', 'hayır'],
      ['Karadeniz', '1', '33,3', '3', ends, '1', '', '1', 'hayır'],
    ]);

    const xlsx = await download('xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Sonuçlar')!;
    const row = (n: number) => [6, 7, 8, 9].map((c) => sheet.getRow(n).getCell(c).value);
    expect(row(1)).toEqual(['tur_1', 'tur_2', 'elendigi_tur', 'kazanan']);
    expect(row(2)).toEqual([1, 2, null, 'evet']);
    expect(row(4)).toEqual([1, null, 1, 'hayır']);

    // Another member's download is refused, as any poll's.
    const other = await svc.app.inject({ url: `/api/polls/${poll.id}/results.csv`, headers: asMember(newUserId()) });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(S.resultsOnlyCreator);
  });
});
