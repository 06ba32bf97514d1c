import type {
  MessageResponse,
  PersonalityAnalysis,
  ProfileAnswersBody,
  ProfilePatchBody,
  UserProfile,
} from '@meydan/proto';
import { api } from '../../store/api';
import { holdingPolls, holdList, type PollIdList } from '../polls/heldPolls';

export interface ProfileQuestion {
  id: string;
  category: string;
  question: string;
  options: readonly string[];
}

/** The questionnaire's calls: its questions, the basic information, the answers, the analysis and the for-you feed. */
export const questionnaireApi = api.injectEndpoints({
  endpoints: (build) => ({
    profileQuestions: build.query<{ questions: ProfileQuestion[] }, void>({
      query: () => '/profile-questions',
    }),
    saveProfileData: build.mutation<UserProfile, { userId: string; data: ProfilePatchBody }>({
      query: ({ userId, data }) => ({
        url: `/users/${encodeURIComponent(userId)}/profile`,
        method: 'PATCH',
        body: data,
      }),
    }),
    saveAnswers: build.mutation<
      MessageResponse & { profileQuestionsCompleted: boolean },
      { userId: string; body: ProfileAnswersBody }
    >({
      query: ({ userId, body }) => ({
        url: `/users/${encodeURIComponent(userId)}/profile-answers`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, error, { userId }) => (error ? [] : [{ type: 'User', id: userId }]),
    }),
    startAnalysis: build.mutation<PersonalityAnalysis, string>({
      query: (userId) => ({ url: `/users/${encodeURIComponent(userId)}/analysis`, method: 'POST' }),
      invalidatesTags: (_result, error, userId) =>
        error
          ? []
          : [
              { type: 'User', id: userId },
              { type: 'User', id: `analysis-${userId}` },
              { type: 'Poll', id: 'FOR_YOU' },
            ],
    }),
    personalityAnalysis: build.query<PersonalityAnalysis, string>({
      query: (userId) => `/users/${encodeURIComponent(userId)}/analysis`,
      providesTags: (_result, _error, userId) => [{ type: 'User', id: `analysis-${userId}` }],
    }),
    /** The recommended polls; the entry keeps their ids (the polls are held in store/pollsSlice). */
    forYouPolls: build.query<PollIdList, void>({
      queryFn: holdingPolls(() => ({ url: '/polls', params: { feed: 'for-you', limit: 10 } }), holdList),
      providesTags: [{ type: 'Poll', id: 'FOR_YOU' }],
    }),
  }),
});

export const {
  useProfileQuestionsQuery,
  useSaveProfileDataMutation,
  useSaveAnswersMutation,
  useStartAnalysisMutation,
  usePersonalityAnalysisQuery,
  useForYouPollsQuery,
} = questionnaireApi;
