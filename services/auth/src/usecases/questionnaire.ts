/** The personality questionnaire: its answers saved, and the analysis computed from them and the member's votes. */
import {
  userMessages,
  type PersonalityAnalysis,
  type ProfileAnswersBody,
  type ProfileAnswersSaved,
} from '@meydan/proto';
import { HttpError, httpError } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { votesByTopicOf } from '../clients/polls.js';
import { analysePersonality } from '../domain/personality.js';
import { profileQuestions } from '../domain/profile-questions.js';
import { authTexts as T } from '../domain/texts.js';
import { accountById, saveAnalysis, saveProfileAnswers } from '../store/accounts.js';
import type { Member } from './caller.js';

const POLLS_TIMEOUT_MS = 2000;

type Questionnaire = Pick<AuthContext, 'models' | 'redis' | 'mongo'>;

/** The answers, each to a known question with one of its options (400 otherwise). */
export async function saveAnswers(
  ctx: Questionnaire,
  body: ProfileAnswersBody,
  member: Pick<Member, 'userId'>,
): Promise<ProfileAnswersSaved> {
  const byId = new Map<string, (typeof profileQuestions)[number]>(profileQuestions.map((q) => [q.id, q]));
  for (const answer of body.answers) {
    const question = byId.get(String(answer.questionId));
    if (!question || question.category !== answer.category) throw new HttpError(400, 'validation', T.unknownQuestion);
    if (!(question.options as readonly string[]).includes(String(answer.answer))) {
      throw new HttpError(400, 'validation', T.unknownAnswer);
    }
  }
  const answers = body.answers.map(({ questionId, answer, category }) => ({
    questionId: String(questionId),
    answer: String(answer),
    category,
  }));
  await saveProfileAnswers(ctx, member.userId, answers);
  return { message: T.answersSaved, profileQuestionsCompleted: true };
}

/** The analysis ('Analizi Başlat'): computed from the answers and the member's votes by topic, stored. */
export async function analyseMember(
  ctx: Questionnaire & Pick<AuthContext, 'bus'>,
  member: Member,
): Promise<PersonalityAnalysis> {
  const { userId } = member;
  const user = await accountById(ctx, userId);
  if (!user) throw httpError('not_found', T.userNotFound);
  if (!user.profileQuestionsCompleted) throw new HttpError(409, 'questions_pending', userMessages.analysisNeedsAnswers);
  // A 503 with a Turkish text when polls cannot answer: an analysis without the votes would mislead.
  const votesByTopic = await votesByTopicOf(ctx, userId, member.requestId, POLLS_TIMEOUT_MS);
  const analysis = analysePersonality({ answers: user.answers, votesByTopic, now: new Date() });
  await saveAnalysis(ctx, userId, analysis);
  member.log.info(
    { userId, answers: analysis.basedOn.answers, votes: analysis.basedOn.votes },
    'personality analysis stored',
  );
  return analysis;
}

/** The analysis stored last (404 before the first). */
export async function storedAnalysis(ctx: Questionnaire, member: Pick<Member, 'userId'>): Promise<PersonalityAnalysis> {
  const user = await accountById(ctx, member.userId);
  if (!user) throw httpError('not_found', T.userNotFound);
  if (!user.analysis) throw new HttpError(404, 'not_found', userMessages.analysisMissing);
  return user.analysis as PersonalityAnalysis;
}
