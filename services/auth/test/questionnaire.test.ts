import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, subjects, userMessages, validate } from '@meydan/proto';
import { asMember, asVisitor, startTestService, type TestService } from '@meydan/testing';
import { buildApp } from '../src/app.js';
import { analysePersonality } from '../src/domain/personality.js';
import { profileQuestions } from '../src/domain/profile-questions.js';
import { userModel } from '../src/model/user.js';
import { createUser, type TestUser } from './support.js';

/** Every question answered with the option at `index`. */
const answersAt = (index: number) =>
  profileQuestions.map((q) => ({ questionId: q.id, answer: q.options[index]!, category: q.category }));

describe('personality analysis', () => {
  let svc: TestService;
  let ayse: TestUser;
  let mehmet: TestUser;

  beforeAll(async () => {
    svc = await startTestService('auth', buildApp);
    ayse = await createUser(svc.deps, { displayName: 'Ayşe' });
    mehmet = await createUser(svc.deps, { displayName: 'Mehmet' });
  });
  afterAll(() => svc?.close());

  const analyse = (id: string, headers: Record<string, string>) =>
    svc.app.inject({ method: 'POST', url: `/api/users/${id}/analysis`, headers });
  const answer = (id: string, answers: ReturnType<typeof answersAt>) =>
    svc.app.inject({
      method: 'POST',
      url: `/api/users/${id}/profile-answers`,
      headers: asMember(id),
      payload: { answers },
    });

  it('asks for the questionnaire first (409, Turkish) and lets only the owner start it', async () => {
    const early = await analyse(ayse.id, asMember(ayse.id));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(userMessages.analysisNeedsAnswers);
    expect((await analyse(ayse.id, asMember(mehmet.id))).statusCode).toBe(403);
    expect((await analyse(ayse.id, asVisitor())).statusCode).toBe(401);
    const missing = await svc.app.inject({ url: `/api/users/${ayse.id}/analysis`, headers: asMember(ayse.id) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(userMessages.analysisMissing);
  });

  it('answers 503 and stores nothing when polls cannot tell the votes', async () => {
    expect((await answer(mehmet.id, answersAt(0))).statusCode).toBe(200);
    const res = await analyse(mehmet.id, asMember(mehmet.id));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'service_unavailable', message: errorCatalogue.service_unavailable.message });
    const user = await userModel(svc.deps.mongo).findById(mehmet.id).lean();
    expect(user?.aiAnalysisCompleted).toBe(false);
    expect(user?.analysis).toBeNull();
  });

  it('scores traits from the answers and topics from answers and votes, stores it and sets aiAnalysisCompleted', async () => {
    expect((await answer(ayse.id, answersAt(1))).statusCode).toBe(200);
    // polls is not started here: this stands in for its responder with the member's votes by category.
    const polls = await svc.deps.bus.standIn('polls', subjects.polls.userTopics, ({ userId }) => ({
      topics:
        userId === ayse.id
          ? [
              { category: 'muzik-playlist', votes: 6 },
              { category: 'oyun-geek', votes: 2 },
            ]
          : [],
    }));
    try {
      const res = await analyse(ayse.id, asMember(ayse.id));
      expect(res.statusCode).toBe(200);
      const analysis = res.json();
      expect(validate('meydan/personality-analysis', analysis).ok).toBe(true);
      expect(analysis.basedOn).toEqual({ answers: 12, votes: 8 });
      expect(analysis.traits.map((t: { label: string }) => t.label)).toEqual([
        'Dışa dönüklük',
        'Yeniliğe açıklık',
        'Planlılık',
        'Uyumluluk',
        'Duygusal denge',
      ]);
      // The second option everywhere is the planner's answer.
      const planning = analysis.traits.find((t: { key: string }) => t.key === 'conscientiousness');
      expect(planning.score).toBeGreaterThan(80);
      expect(analysis.topics[0].category).toBe('muzik-playlist');

      const profile = await svc.app.inject({ url: `/api/users/${ayse.id}`, headers: asMember(ayse.id) });
      expect(profile.json().aiAnalysisCompleted).toBe(true);
      const stored = await svc.app.inject({ url: `/api/users/${ayse.id}/analysis`, headers: asMember(ayse.id) });
      expect(stored.json()).toEqual(analysis);
      expect(
        (await svc.app.inject({ url: `/api/users/${ayse.id}/analysis`, headers: asMember(mehmet.id) })).statusCode,
      ).toBe(403);

      // What the for-you feed asks auth for.
      const affinities = await svc.deps.bus.request(
        subjects.auth.usersAffinities,
        { userId: ayse.id },
        { requestId: 'test' },
        2000,
      );
      expect(affinities.topics).toEqual(analysis.topics);
      const none = await svc.deps.bus.request(
        subjects.auth.usersAffinities,
        { userId: mehmet.id },
        { requestId: 'test' },
        2000,
      );
      expect(none.topics).toEqual([]);
    } finally {
      await polls.stop();
    }
  });
});

describe('analysePersonality', () => {
  const now = new Date('2026-01-01T00:00:00Z');

  it('keeps every trait at 50 and no topics without answers or votes', () => {
    const result = analysePersonality({ answers: [], votesByTopic: [], now });
    expect(result.traits.map((t) => t.score)).toEqual([50, 50, 50, 50, 50]);
    expect(result.topics).toEqual([]);
    expect(result.basedOn).toEqual({ answers: 0, votes: 0 });
  });

  it('lets votes outweigh answer hints, with weights summing to 1', () => {
    // Option 3 of ideal_weekend hints at travel; every vote went to technology.
    const result = analysePersonality({
      answers: [{ questionId: 'ideal_weekend', answer: 'Yeni bir şehri keşfederek' }],
      votesByTopic: [{ category: 'teknoloji-ai', votes: 4 }],
      now,
    });
    expect(result.topics).toEqual([
      { category: 'teknoloji-ai', weight: 0.65 },
      { category: 'kesfet-seyahat', weight: 0.35 },
    ]);
    expect(result.traits.find((t) => t.key === 'openness')?.score).toBe(65);
    expect(result.summary).toContain('Teknoloji & AI');
  });

  it('ignores answers that are not options of the question', () => {
    const result = analysePersonality({
      answers: [{ questionId: 'social_energy', answer: 'uydurma' }],
      votesByTopic: [],
      now,
    });
    expect(result.basedOn.answers).toBe(0);
  });
});
