import type { MessageResponse, UserProfile } from '@meydan/proto';
import { api } from '../../store/api';

/** A personal API token as listed (its secret is never sent again after creation). */
export interface ApiTokenView {
  id: string;
  name: string;
  prefix: string;
  tier: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The settings fields sent as multipart text fields (isProfilePublic as 'true'/'false') with an optional avatar. */
export interface SettingsUpdate {
  userId: string;
  displayName: string;
  bio: string;
  isProfilePublic: boolean;
  avatar: File | null;
}

/** The settings form's save (the profile itself is profileApi's userProfile) and the account section's calls. */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<UserProfile, SettingsUpdate>({
      query: ({ userId, displayName, bio, isProfilePublic, avatar }) => {
        const form = new FormData();
        form.append('displayName', displayName);
        form.append('bio', bio);
        form.append('isProfilePublic', String(isProfilePublic));
        if (avatar) form.append('avatar', avatar);
        return { url: `/users/${encodeURIComponent(userId)}/profile`, method: 'PATCH', body: form };
      },
      // The header, poll cards and comments show the name and picture the session carries; the switches of the
      // profile's settings tab read isProfilePublic from /users/me/settings.
      invalidatesTags: (_result, error, { userId }) =>
        error ? [] : [{ type: 'User', id: userId }, { type: 'User', id: 'SETTINGS' }, 'Session', 'Poll', 'Comment'],
    }),
    changePassword: build.mutation<MessageResponse, { currentPassword: string; newPassword: string; altcha?: string }>({
      query: (body) => ({ url: '/auth/password', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'User', id: 'TOKENS' }]),
    }),
    logoutEverywhere: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/logout', method: 'POST', body: { everywhere: true } }),
    }),
    apiTokens: build.query<{ tokens: ApiTokenView[] }, void>({
      query: () => '/tokens',
      providesTags: [{ type: 'User', id: 'TOKENS' }],
    }),
    createApiToken: build.mutation<ApiTokenView & { token: string }, { name: string }>({
      query: (body) => ({ url: '/tokens', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'User', id: 'TOKENS' }]),
    }),
    exportMyData: build.mutation<unknown, void>({
      query: () => ({ url: '/account/export', method: 'GET' }),
    }),
    scheduleAccountDeletion: build.mutation<
      MessageResponse & { deleteAt: string },
      { password: string; altcha?: string }
    >({
      query: (body) => ({ url: '/account/deletion', method: 'POST', body }),
    }),
    revokeApiToken: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/tokens/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'User', id: 'TOKENS' }]),
    }),
  }),
});

export const {
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useLogoutEverywhereMutation,
  useApiTokensQuery,
  useCreateApiTokenMutation,
  useRevokeApiTokenMutation,
  useExportMyDataMutation,
  useScheduleAccountDeletionMutation,
} = settingsApi;
