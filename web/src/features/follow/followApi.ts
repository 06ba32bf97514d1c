import type { FollowState, UserListItem } from '@meydan/proto';
import { api } from '../../store/api';

export type FollowDirection = 'followers' | 'following';

export interface PeoplePage {
  rows: UserListItem[];
  total: number;
}

/** The page size of the followers dialog and the profile's people tabs. */
export const PEOPLE_PAGE_SIZE = 20;

const totalOf = (meta: { response?: Response } | undefined, fallback: number) =>
  Number(meta?.response?.headers.get('x-total-count') ?? fallback);

/** Follow state, the follow toggle and the followers/following lists (social service). */
export const followApi = api.injectEndpoints({
  endpoints: (build) => ({
    isFollowing: build.query<FollowState, string>({
      query: (userId) => `/users/${encodeURIComponent(userId)}/is-following`,
      providesTags: (_r, _e, userId) => [{ type: 'Follow', id: userId }],
    }),
    people: build.query<PeoplePage, { userId: string; direction: FollowDirection; page: number }>({
      query: ({ userId, direction, page }) => ({
        url: `/users/${encodeURIComponent(userId)}/${direction}`,
        params: { page, limit: PEOPLE_PAGE_SIZE },
      }),
      transformResponse: (rows: UserListItem[], meta) => ({ rows, total: totalOf(meta, rows.length) }),
      providesTags: [{ type: 'Follow', id: 'LIST' }],
    }),
    /**
     * After a toggle: the is-following state, the target's followers, the viewer's following and both profiles'
     * counters are asked again.
     */
    toggleFollow: build.mutation<FollowState, { userId: string; viewerId: string }>({
      query: ({ userId }) => ({ url: `/users/${encodeURIComponent(userId)}/follow`, method: 'POST' }),
      invalidatesTags: (_r, _e, { userId, viewerId }) => [
        { type: 'Follow', id: userId },
        { type: 'Follow', id: 'LIST' },
        { type: 'User', id: userId },
        { type: 'User', id: viewerId },
      ],
    }),
  }),
});

export const { useIsFollowingQuery, usePeopleQuery, useToggleFollowMutation } = followApi;
