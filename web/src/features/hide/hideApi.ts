import type { HiddenMember, HideState } from '@meydan/proto';
import { api } from '../../store/api';

export type HideKind = 'block' | 'mute';
export type HiddenList = 'blocks' | 'mutes';

/** The lists hold at most this many rows on one page (the settings section and the profile's state read the first). */
export const HIDDEN_PAGE_SIZE = 100;

export const listOf: Record<HideKind, HiddenList> = { block: 'blocks', mute: 'mutes' };

/**
 * Block and mute (social service): the member's own lists, and the actions. A change asks the lists, the feeds, the
 * comments and both members' follow state and counters again.
 */
export const hideApi = api.injectEndpoints({
  endpoints: (build) => ({
    hiddenMembers: build.query<HiddenMember[], HiddenList>({
      query: (list) => ({ url: `/users/me/${list}`, params: { limit: HIDDEN_PAGE_SIZE } }),
      providesTags: (_r, _e, list) => [{ type: 'Follow', id: `hidden-${list}` }],
    }),
    setHidden: build.mutation<HideState, { kind: HideKind; userId: string; on: boolean }>({
      query: ({ kind, userId, on }) => ({
        url: `/users/${encodeURIComponent(userId)}/${kind}`,
        method: on ? 'POST' : 'DELETE',
      }),
      invalidatesTags: (_r, _e, { kind, userId }) => [
        { type: 'Follow', id: `hidden-${listOf[kind]}` },
        { type: 'Follow', id: userId },
        { type: 'Follow', id: 'LIST' },
        { type: 'User', id: userId },
        { type: 'Poll', id: 'LIST' },
        'Comment',
      ],
    }),
  }),
});

export const { useHiddenMembersQuery, useSetHiddenMutation } = hideApi;
