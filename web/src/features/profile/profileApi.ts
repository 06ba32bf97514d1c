import type {
  FollowRequestItem,
  MessageResponse,
  Poll,
  UserProfile,
  UserSettings,
  UserSettingsPatchBody,
  UserVote,
} from '@meydan/proto';
import { api } from '../../store/api';
import { holdingPolls, idsOf, useHeldPolls, withData } from '../polls/heldPolls';

/** The profile page's calls: the profile card, the member's polls and votes, settings and follow requests. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** By id or by username (any case). */
    userProfile: build.query<UserProfile, string>({
      query: (key) => `/users/${encodeURIComponent(key)}`,
      providesTags: (profile, _e, key) => [{ type: 'User', id: profile?.id ?? key }],
    }),
    /** A member's polls; the entry keeps their ids (the polls are held in store/pollsSlice). */
    userPolls: build.query<string[], string>({
      queryFn: holdingPolls(
        (userId: string) => `/users/${encodeURIComponent(userId)}/polls`,
        (polls: Poll[]) => ({ polls, held: idsOf(polls) }),
      ),
      providesTags: [{ type: 'Poll', id: 'LIST' }],
    }),
    userVotes: build.query<UserVote[], string>({
      query: (userId) => `/users/${encodeURIComponent(userId)}/votes`,
      providesTags: [{ type: 'Vote', id: 'LIST' }],
    }),
    deletePoll: build.mutation<MessageResponse, { pollId: string; userId: string }>({
      query: ({ pollId }) => ({ url: `/polls/${encodeURIComponent(pollId)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { userId }) => [
        { type: 'Poll', id: 'LIST' },
        { type: 'User', id: userId },
      ],
    }),
    settings: build.query<UserSettings, void>({
      query: () => '/users/me/settings',
      providesTags: [{ type: 'User', id: 'SETTINGS' }],
    }),
    updateSettings: build.mutation<UserSettings, { userId: string; patch: UserSettingsPatchBody }>({
      query: ({ patch }) => ({ url: '/users/me/settings', method: 'PATCH', body: patch }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(profileApi.util.upsertQueryData('settings', undefined, data));
      },
      invalidatesTags: (_r, _e, { userId }) => [{ type: 'User', id: userId }],
    }),
    followRequests: build.query<FollowRequestItem[], void>({
      query: () => ({ url: '/users/me/follow-requests', params: { limit: 100 } }),
      providesTags: [{ type: 'Follow', id: 'REQUESTS' }],
    }),
    answerFollowRequest: build.mutation<MessageResponse, { id: string; answer: 'accept' | 'decline'; userId: string }>({
      query: ({ id, answer }) => ({ url: `/follow-requests/${encodeURIComponent(id)}/${answer}`, method: 'POST' }),
      invalidatesTags: (_r, _e, { userId }) => [
        { type: 'Follow', id: 'REQUESTS' },
        { type: 'Follow', id: 'LIST' },
        { type: 'User', id: userId },
      ],
    }),
  }),
});

export const {
  useUserProfileQuery,
  useUserVotesQuery,
  useDeletePollMutation,
  useSettingsQuery,
  useUpdateSettingsMutation,
  useFollowRequestsQuery,
  useAnswerFollowRequestMutation,
} = profileApi;

/** A member's polls, `data` the polls held. */
export function useUserPollsQuery(userId: string) {
  const result = profileApi.useUserPollsQuery(userId);
  return withData(result, useHeldPolls(result.data));
}
