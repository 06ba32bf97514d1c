import type { FastifyInstance } from 'fastify';
import { subjects, userMessages, type PersonalityAnalysis } from '@meydan/proto';
import { HttpError, httpError } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { analysePersonality } from '../domain/personality.js';
import { authTexts as T } from '../domain/texts.js';
import { accountById, saveAnalysis } from '../store/accounts.js';
import { profileOwner, userIdParams } from './guards.js';

const POLLS_TIMEOUT_MS = 2000;

/** The personality analysis ('Analizi Başlat'): computed from the answers and the member's votes, stored, read back. */
export async function questionnaireRoutes(app: FastifyInstance, { ctx }: { ctx: AuthContext }) {
  const { bus } = ctx;

  app.post<{ Params: { id: string } }>(
    '/api/users/:id/analysis',
    { schema: { summary: 'Kişilik analizini yapar ve saklar', params: userIdParams, body: { $ref: 'meydan/no-body' }, response: { 200: { $ref: 'meydan/personality-analysis' } } } },
    async (request) => {
      const userId = profileOwner(request);
      const user = await accountById(ctx, userId);
      if (!user) throw httpError('not_found', T.userNotFound);
      if (!user.profileQuestionsCompleted) throw new HttpError(409, 'questions_pending', userMessages.analysisNeedsAnswers);
      // A 503 with a Turkish text when polls cannot answer: an analysis without the votes would mislead.
      const { topics: votesByTopic } = await bus.request(subjects.polls.userTopics, { userId }, { requestId: request.id }, POLLS_TIMEOUT_MS);
      const analysis = analysePersonality({ answers: user.answers, votesByTopic, now: new Date() });
      await saveAnalysis(ctx, userId, analysis);
      request.log.info({ userId, answers: analysis.basedOn.answers, votes: analysis.basedOn.votes }, 'personality analysis stored');
      return analysis;
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/users/:id/analysis',
    { schema: { summary: 'Saklanan kişilik analizi', params: userIdParams, response: { 200: { $ref: 'meydan/personality-analysis' } } } },
    async (request) => {
      const userId = profileOwner(request);
      const user = await accountById(ctx, userId);
      if (!user) throw httpError('not_found', T.userNotFound);
      if (!user.analysis) throw new HttpError(404, 'not_found', userMessages.analysisMissing);
      return user.analysis as PersonalityAnalysis;
    },
  );
}
