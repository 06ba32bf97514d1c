import type { Poll, PollEditBody } from '@meydan/proto';
import { api } from '../../store/api';
import { normalizePoll } from '../../lib/polls';
import { pollClosed, pollEdited } from '../../store/pollsSlice';

/** What only a poll's creator does on its card; loaded with the creator's controls, not with the first page. */
export const creatorApi = api.injectEndpoints({
  endpoints: (build) => ({
    editPoll: build.mutation<Poll, { pollId: string; body: PollEditBody }>({
      query: ({ pollId, body }) => ({ url: `/polls/${encodeURIComponent(pollId)}`, method: 'PATCH', body }),
      transformResponse: normalizePoll,
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        // Wherever it is shown: feeds, its own page, its share page (`/s/:code`) and the creator's profile list.
        dispatch(pollEdited(data));
        dispatch(api.util.invalidateTags([{ type: 'User', id: data.creatorId }]));
      },
    }),
    closePoll: build.mutation<Poll, { pollId: string }>({
      query: ({ pollId }) => ({ url: `/polls/${encodeURIComponent(pollId)}/close`, method: 'POST' }),
      transformResponse: normalizePoll,
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(pollClosed(data));
        dispatch(api.util.invalidateTags([{ type: 'User', id: data.creatorId }]));
      },
    }),
  }),
});

export const { useEditPollMutation, useClosePollMutation } = creatorApi;
