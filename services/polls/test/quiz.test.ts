/**
 * Quiz mode (issue 41, 3: 'Bilgi yarışması'): a poll made with `kind: 'quiz'` and its correct option or options. Bad
 * input (none marked, every option marked, …) is a Turkish 400 with nothing stored; the vote's answer says whether the
 * ballot was right; the correct options reach nobody before they voted or the poll ended (its creator always) on any
 * read path or live frame; the share who answered right comes from the per-option counts, so counters rebuilt from
 * MongoDB give the same figure, with one correct option or several.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  live,
  pollMessages as M,
  pollServiceMessages as S,
  validate,
  type Poll,
  type PollCreateInput,
} from '@meydan/proto';
import { asMember, asVisitor, drained } from '@meydan/testing';
import { pollCardSvg } from '../src/domain/poll-card.js';
import { answerVisibleTo, ballotIsCorrect, correctVotesOf, quizShapeOf } from '../src/domain/quiz.js';
import { keys } from '../src/store/keys.js';
import { exportMemberData } from '../src/usecases/member-data.js';
import {
  asShareVisitor,
  collect,
  createPoll,
  endNow,
  newUserId,
  startPolls,
  until,
  validPoll,
  vote,
  type PollsTestService,
} from './support.js';

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const quiz = (over: Partial<PollCreateInput> = {}): Partial<PollCreateInput> => ({
  title: 'Türkiye’nin başkenti neresidir? #bilgiyarisi',
  options: ['İstanbul', 'Ankara', 'İzmir'],
  kind: 'quiz' as const,
  correctOptionIndexes: [1],
  ...over,
});
/** Whether an answer's text names a quiz's answer at all (any field of it, at any depth). */
const namesAnswer = (text: string) => /correctOptionIndexes|correctVotesCount|"correct"/.test(text);

describe('quiz mode', () => {
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

  const create = (body: Record<string, unknown>, userId: string, path = '/api/polls') =>
    svc.app.inject({ method: 'POST', url: path, headers: asMember(userId), payload: validPoll(body as never) });
  const read = (pollId: string, headers: Record<string, string>) =>
    svc.app.inject({ url: `/api/polls/${pollId}`, headers });

  it('refuses a quiz without a correct option, with every option correct, out of range, repeated, or on a standard poll: Turkish 400, nothing stored', async () => {
    const user = newUserId();
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'quiz' }, M.quizCorrectRequired],
      [{ kind: 'quiz', correctOptionIndexes: [] }, M.quizCorrectRequired],
      [{ kind: 'quiz', correctOptionIndexes: [2] }, M.quizCorrectOutOfRange],
      [{ kind: 'quiz', correctOptionIndexes: [-1] }, M.correctOptionIndexes],
      [{ kind: 'quiz', correctOptionIndexes: ['Kedi'] }, M.correctOptionIndexes],
      [{ kind: 'quiz', correctOptionIndexes: 1 }, M.correctOptionIndexes],
      [{ kind: 'quiz', correctOptionIndexes: [1, 1] }, M.quizCorrectDuplicate],
      [{ kind: 'quiz', correctOptionIndexes: [0, 1] }, M.quizAllCorrect],
      [{ kind: 'quiz', correctOptionIndexes: [1, 0] }, M.quizAllCorrect],
      [{ kind: 'quiz', correctOptionIndexes: [0, 0] }, M.quizCorrectDuplicate],
      [{ kind: 'quiz', correctOptionIndexes: [0, 2] }, M.quizCorrectOutOfRange],
      [{ ...quiz(), correctOptionIndexes: [2, 0, 1] }, M.quizAllCorrect],
      [{ kind: 'quiz', correctOptionIndexes: [0], maxChoices: 2 }, M.quizSingleChoice],
      [{ kind: 'quiz', correctOptionIndexes: [0], allowVoteChange: true }, M.quizVoteChange],
      [{ correctOptionIndexes: [0] }, M.correctOnlyQuiz],
      [{ kind: 'standard', correctOptionIndexes: [0] }, M.correctOnlyQuiz],
      [{ kind: 'trivia', correctOptionIndexes: [0] }, M.kind],
    ];
    for (const path of ['/api/polls', '/api/polls/shareable'])
      for (const [body, message] of cases) {
        const res = await create(body, user, path);
        expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.json(), `${path} ${JSON.stringify(body)}`).toMatchObject({ error: 'validation', message });
      }
    expect(await svc.app.polls.models.Poll.countDocuments({ creatorId: user })).toBe(0);
    expect(await svc.app.polls.models.PollRank.countDocuments({ creatorId: user })).toBe(0);
    // The rule itself: a valid quiz (one correct option or several, kept ascending) and a standard poll.
    expect(quizShapeOf({ kind: 'quiz', correctOptionIndexes: [2] }, 3)).toEqual({
      kind: 'quiz',
      correctOptionIndexes: [2],
    });
    expect(quizShapeOf({ kind: 'quiz', correctOptionIndexes: [3, 0, 2] }, 4)).toEqual({
      kind: 'quiz',
      correctOptionIndexes: [0, 2, 3],
    });
    expect(quizShapeOf({}, 3)).toEqual({ kind: 'standard', correctOptionIndexes: null });
  });

  it('tells the voter whether they were right, and no one the answer before voting, on every read path', async () => {
    const made = await create(quiz(), alice);
    expect(made.statusCode, made.body).toBe(201);
    const poll = made.json() as Poll;
    // Its creator sees the answer from the start.
    expect(poll).toMatchObject({
      kind: 'quiz',
      correctOptionIndexes: [1],
      correctVotesCount: 0,
      allowVoteChange: false,
    });
    expect((await read(poll.id, asMember(alice))).json()).toMatchObject({ correctOptionIndexes: [1] });
    const frames = collect(svc.deps.nats, live.pollCounts);

    // Its creator's profile list (another's asks auth whether the profile is private: not started here) has it too.
    const own = (await svc.app.inject({ url: `/api/users/${alice}/polls`, headers: asMember(alice) })).json() as Poll[];
    expect(own.find((p) => p.id === poll.id)).toMatchObject({ correctOptionIndexes: [1] });
    // Before voting, for a member and a visitor: the poll is a quiz, and nothing of its answer.
    const paths = [
      `/api/polls/${poll.id}`,
      '/api/polls?feed=new&limit=50',
      `/api/search?q=${encodeURIComponent('başkenti')}&type=polls`,
      '/api/tags/bilgiyarisi/polls',
      `/api/polls/${poll.id}/preview`,
    ];
    const unanswered = async (userId: string | null) => {
      for (const url of paths) {
        const res = await svc.app.inject({ url, headers: userId ? asMember(userId) : asVisitor() });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(poll.id);
        // The link preview's reduced poll (og: tags, the PNG card, embeds) has no kind; the API's polls say it.
        if (!url.endsWith('/preview')) expect(res.body, url).toContain('"kind":"quiz"');
        expect(namesAnswer(res.body), `${url} for ${userId ?? 'a visitor'}`).toBe(false);
      }
    };
    await unanswered(bob);
    await unanswered(null);

    // Bob answers wrong, Carol right: each told so, with the answer and the share who answered right.
    const wrong = await vote(svc.app, poll.id, bob, 0);
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(wrong.json()).toMatchObject({ correct: false, correctOptionIndexes: [1], correctVotesCount: 0 });
    expect(validate('meydan/vote-result', wrong.json()).ok).toBe(true);
    const right = (await vote(svc.app, poll.id, carol, 1)).json();
    expect(right).toMatchObject({ correct: true, correctOptionIndexes: [1], correctVotesCount: 1, totalVotes: 2 });

    // After voting they see it on every path; someone who has not voted still does not.
    for (const url of paths.slice(0, 4)) {
      const res = await svc.app.inject({ url, headers: asMember(bob) });
      const found = [res.json()].flat().flatMap((b) => b.polls ?? [b]) as Poll[];
      expect(
        found.find((p) => p.id === poll.id),
        url,
      ).toMatchObject({ correctOptionIndexes: [1], correctVotesCount: 1 });
      expect(
        validate(
          'meydan/poll',
          found.find((p) => p.id === poll.id),
        ).ok,
      ).toBe(true);
    }
    await unanswered(newUserId());
    await unanswered(null);

    // The live counts carry counts, never the answer.
    await until(() => frames.received.some((f) => f.data['pollId'] === poll.id), 5000, 'live counts of the quiz');
    for (const f of frames.received) expect(namesAnswer(JSON.stringify(f.data))).toBe(false);
    frames.stop();

    // Ended: everyone who may see it sees the answer.
    await endNow(svc.app, poll.id);
    expect((await read(poll.id, asVisitor())).json()).toMatchObject({
      correctOptionIndexes: [1],
      correctVotesCount: 1,
    });
    expect((await read(poll.id, asMember(newUserId()))).json()).toMatchObject({ correctOptionIndexes: [1] });
  });

  it('keeps the answer off the share page and the share-link vote until the visitor votes', async () => {
    const made = await create(quiz({ title: 'Linkli yarışma' }), alice, '/api/polls/shareable');
    expect(made.statusCode, made.body).toBe(201);
    const { shortUrl } = made.json().poll as Poll;
    const visitor = asShareVisitor('quiz-visitor', '10.41.3.1');
    const page = await svc.app.inject({ url: `/api/s/${shortUrl}`, headers: visitor });
    expect(page.statusCode).toBe(200);
    expect(page.json().poll.kind).toBe('quiz');
    expect(namesAnswer(page.body)).toBe(false);
    const voted = await svc.app.inject({
      method: 'POST',
      url: `/api/s/${shortUrl}/vote`,
      headers: visitor,
      payload: { optionIndex: 2 },
    });
    expect(voted.statusCode, voted.body).toBe(200);
    expect(voted.json()).toMatchObject({ correct: false, correctOptionIndexes: [1] });
    expect((await svc.app.inject({ url: `/api/s/${shortUrl}`, headers: visitor })).json().poll).toMatchObject({
      correctOptionIndexes: [1],
    });
    expect(namesAnswer((await svc.app.inject({ url: `/api/s/${shortUrl}`, headers: asVisitor() })).body)).toBe(false);
  });

  it('shows the right-answer count only where the counts show, and never before the answer', async () => {
    const always = await createPoll(svc.app, alice, quiz({ title: 'Hep açık yarışma', resultsVisibility: 'always' }));
    expect((await vote(svc.app, always.id, bob, 1)).statusCode).toBe(200);
    // Counts before voting, but not which of them is right.
    const before = (await read(always.id, asMember(carol))).json() as Poll;
    expect(before.options.map((o) => o.votes)).toEqual([0, 1, 0]);
    expect(namesAnswer(JSON.stringify(before))).toBe(false);

    const closedLater = await createPoll(
      svc.app,
      alice,
      quiz({ title: 'Sonra açık', resultsVisibility: 'after-close' }),
    );
    const answer = (await vote(svc.app, closedLater.id, bob, 1)).json();
    expect(answer).toMatchObject({ correct: true, correctOptionIndexes: [1], resultsVisible: false });
    expect(answer.correctVotesCount).toBeUndefined();
    const seen = (await read(closedLater.id, asMember(bob))).json() as Poll;
    expect(seen).toMatchObject({ correctOptionIndexes: [1], resultsVisible: false });
    expect(seen.correctVotesCount).toBeUndefined();
  });

  it('keeps a quiz vote final and its options fixed: a change or take-back is refused with nothing changed', async () => {
    const poll = await createPoll(svc.app, alice, quiz({ title: 'Kesin cevap' }));
    expect((await vote(svc.app, poll.id, bob, 0)).statusCode).toBe(200);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await svc.app.inject({
        method,
        url: `/api/polls/${poll.id}/vote`,
        headers: asMember(bob),
        ...(method === 'PUT' ? { payload: { optionIndex: 1 } } : {}),
      });
      expect(res.statusCode, method).toBe(403);
      expect(res.json()).toMatchObject({ error: 'vote_change_not_allowed', message: S.voteChangeNotAllowed });
    }
    expect(await svc.deps.redis.hmget(keys.counts(poll.id), '0', '1', 't')).toEqual(['1', '0', '1']);
    expect((await read(poll.id, asMember(bob))).json()).toMatchObject({ userChoice: 0, correctOptionIndexes: [1] });

    // A scheduled quiz's options cannot move under its marked answer.
    const later = await createPoll(svc.app, alice, quiz({ title: 'Sonra başlar', startsAt: inMs(3_600_000) }));
    const edit = await svc.app.inject({
      method: 'PATCH',
      url: `/api/polls/${later.id}`,
      headers: asMember(alice),
      payload: { options: ['Ankara', 'İstanbul', 'İzmir'] },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(M.quizOptionsLocked);
    expect((await svc.app.polls.models.Poll.findById(later.id).lean())!.options).toEqual([
      'İstanbul',
      'Ankara',
      'İzmir',
    ]);
  });

  it('counts the share who answered right from the stored votes: rebuilt from MongoDB, the same figure', async () => {
    const poll = await createPoll(svc.app, alice, quiz({ title: 'Çok oylu yarışma' }));
    const choices = [1, 0, 1, 2, 1, 0, 1, 2, 2, 1];
    for (const choice of choices) expect((await vote(svc.app, poll.id, newUserId(), choice)).statusCode).toBe(200);
    const right = choices.filter((c) => c === 1).length;
    const counted = (await read(poll.id, asMember(alice))).json() as Poll;
    expect(counted).toMatchObject({ totalVotes: 10, correctVotesCount: right });

    await drained(svc.deps, 'polls--persist-votes');
    const stored = await svc.app.polls.models.Vote.find({ pollId: poll.id }).lean();
    expect(stored).toHaveLength(10);
    expect(stored.filter((v) => ballotIsCorrect([v.optionIndex], [1])).length).toBe(right);
    // Redis loses the counters: rebuilt from MongoDB, the right share is the same.
    await svc.deps.redis.del(keys.counts(poll.id), keys.voters(poll.id));
    await svc.app.polls.counters.rebuild({ id: poll.id, optionsCount: 3, expiresAt: null });
    const rebuilt = (await read(poll.id, asMember(alice))).json() as Poll;
    expect(rebuilt).toMatchObject({ totalVotes: 10, correctVotesCount: right });
    expect(rebuilt.options.map((o) => o.votes)).toEqual(counted.options.map((o) => o.votes));
  });

  it('takes several correct options: either is right, the right share is their sum, hidden alike, rebuilt alike', async () => {
    const made = await create(
      quiz({
        title: 'Hangileri iç gezegendir?',
        options: ['Merkür', 'Jüpiter', 'Mars', 'Satürn'],
        correctOptionIndexes: [2, 0],
      }),
      alice,
    );
    expect(made.statusCode, made.body).toBe(201);
    const poll = made.json() as Poll;
    expect(poll).toMatchObject({ kind: 'quiz', correctOptionIndexes: [0, 2], correctVotesCount: 0 });
    expect(validate('meydan/poll', poll).ok).toBe(true);
    const frames = collect(svc.deps.nats, live.pollCounts);
    const unanswered = async (headers: Record<string, string>) => {
      for (const url of [`/api/polls/${poll.id}`, `/api/polls/${poll.id}/preview`]) {
        const res = await svc.app.inject({ url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(namesAnswer(res.body), url).toBe(false);
      }
    };
    await unanswered(asMember(bob));
    await unanswered(asVisitor());

    // A ballot on either correct option is right; the right-answer count adds them up.
    const ballots: [number, boolean][] = [
      [0, true],
      [1, false],
      [2, true],
      [3, false],
      [2, true],
    ];
    const voters = ballots.map(() => newUserId());
    for (const [i, [choice, correct]] of ballots.entries()) {
      const res = await vote(svc.app, poll.id, voters[i]!, choice);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        correct,
        correctOptionIndexes: [0, 2],
        correctVotesCount: ballots.slice(0, i + 1).filter(([, right]) => right).length,
      });
    }
    expect((await read(poll.id, asMember(voters[1]!))).json()).toMatchObject({
      totalVotes: 5,
      correctOptionIndexes: [0, 2],
      correctVotesCount: 3,
    });
    await unanswered(asMember(newUserId()));
    await until(() => frames.received.some((f) => f.data['pollId'] === poll.id), 5000, 'live counts of the quiz');
    for (const f of frames.received) expect(namesAnswer(JSON.stringify(f.data))).toBe(false);
    frames.stop();

    // Rebuilt from MongoDB's votes, the same sum.
    await drained(svc.deps, 'polls--persist-votes');
    await svc.deps.redis.del(keys.counts(poll.id), keys.voters(poll.id));
    await svc.app.polls.counters.rebuild({ id: poll.id, optionsCount: 4, expiresAt: null });
    expect((await read(poll.id, asMember(alice))).json()).toMatchObject({ totalVotes: 5, correctVotesCount: 3 });

    // The results file says 'evet' on both; once ended, the preview names both and its card marks both.
    const csv = await svc.app.inject({ url: `/api/polls/${poll.id}/results.csv`, headers: asMember(alice) });
    expect(csv.statusCode).toBe(200);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .slice(1);
    expect(rows.map((l) => l.split(';').at(-1))).toEqual(['"evet"', '"hayır"', '"evet"', '"hayır"']);
    await endNow(svc.app, poll.id);
    const ended = (await svc.app.inject({ url: `/api/polls/${poll.id}/preview`, headers: asVisitor() })).json().poll;
    expect(ended.correctOptionIndexes).toEqual([0, 2]);
    expect(validate('meydan/nats-poll-preview-reply', { status: 'visible', poll: ended }).ok).toBe(true);
    const svg = pollCardSvg(ended, true);
    expect(svg).toContain('✓ Merkür');
    expect(svg).toContain('✓ Mars');
    expect(svg).not.toContain('✓ Jüpiter');
  });

  it('draws a link preview card that says quiz and marks the answer only once the poll ended; the results file says it', async () => {
    const poll = await createPoll(svc.app, alice, quiz({ title: 'Önizlemeli yarışma' }));
    expect((await vote(svc.app, poll.id, bob, 1)).statusCode).toBe(200);
    const preview = async () =>
      (await svc.app.inject({ url: `/api/polls/${poll.id}/preview`, headers: asVisitor() })).json().poll;
    const open = await preview();
    expect(open.kind).toBe('quiz');
    expect(open.correctOptionIndexes).toBeUndefined();
    const openSvg = pollCardSvg(open, open.resultsVisible !== false);
    expect(openSvg).toContain('Bilgi yarışması');
    expect(openSvg).not.toContain('✓');
    expect((await svc.app.inject({ url: `/api/polls/${poll.id}/card.png`, headers: asVisitor() })).statusCode).toBe(
      200,
    );

    // Its creator's results file says which option is right.
    const csv = await svc.app.inject({ url: `/api/polls/${poll.id}/results.csv`, headers: asMember(alice) });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('"secenek";"oy";"yuzde";"oy_veren";"bitis";"dogru"');
    expect(lines.slice(1).map((l) => [l.split(';')[0], l.split(';').at(-1)])).toEqual([
      ['"İstanbul"', '"hayır"'],
      ['"Ankara"', '"evet"'],
      ['"İzmir"', '"hayır"'],
    ]);

    await endNow(svc.app, poll.id);
    const ended = await preview();
    expect(ended.correctOptionIndexes).toEqual([1]);
    expect(validate('meydan/nats-poll-preview-reply', { status: 'visible', poll: ended }).ok).toBe(true);
    expect(pollCardSvg(ended, true)).toContain('✓ Ankara');
  });

  it('gives the creator their quizzes with the answers they marked in their data export', async () => {
    const creator = newUserId();
    const poll = await createPoll(svc.app, creator, quiz({ title: 'Dışa aktarılan yarışma' }));
    const plain = await createPoll(svc.app, creator, { title: 'Olağan anket' });
    const exported = await exportMemberData(svc.app.polls, creator);
    expect(validate('meydan/nats-polls-user-export-reply', exported).ok).toBe(true);
    const byId = new Map(exported.polls.map((p) => [p.id, p]));
    expect(byId.get(poll.id)).toMatchObject({ kind: 'quiz', correctOptionIndexes: [1] });
    expect(byId.get(plain.id)).not.toHaveProperty('correctOptionIndexes');
  });

  it('decides who may see the answer and what is right by one rule', () => {
    const now = new Date();
    const open = {
      kind: 'quiz',
      correctOptionIndexes: [1],
      creatorId: alice,
      expiresAt: new Date(now.getTime() + 1e6),
    };
    const ended = { ...open, expiresAt: new Date(now.getTime() - 1) };
    // [creator without a vote, member who voted, member who did not, visitor]
    const row = (poll: typeof open) => [
      answerVisibleTo(poll, alice, false, now),
      answerVisibleTo(poll, bob, true, now),
      answerVisibleTo(poll, bob, false, now),
      answerVisibleTo(poll, null, false, now),
    ];
    expect(row(open)).toEqual([true, true, false, false]);
    expect(row(ended)).toEqual([true, true, true, true]);
    expect(answerVisibleTo({ ...open, kind: null }, alice, true, now)).toBe(false);
    expect(ballotIsCorrect([1], [1])).toBe(true);
    expect(ballotIsCorrect([0], [1])).toBe(false);
    expect(ballotIsCorrect([2], [0, 2])).toBe(true);
    expect(ballotIsCorrect([1], [0, 2])).toBe(false);
    expect(correctVotesOf([3, 5, 2], [1])).toBe(5);
    expect(correctVotesOf([3, 5, 2, 4], [0, 2])).toBe(5);
  });
});
