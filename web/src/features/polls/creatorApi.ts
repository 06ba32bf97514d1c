import type { Poll, PollEditBody } from '@meydan/proto';
import { api } from '../../store/api';
import { normalizePoll } from '../../lib/polls';
import { patchPollEverywhere } from './pollsApi';

/** What only a poll's creator does on its card; loaded with the creator's controls, not with the first page. */
export const creatorApi = api.injectEndpoints({
  endpoints: (build) => ({
    editPoll: build.mutation<Poll, { pollId: string; body: PollEditBody }>({
      query: ({ pollId, body }) => ({ url: `/polls/${encodeURIComponent(pollId)}`, method: 'PATCH', body }),
      transformResponse: normalizePoll,
      async onQueryStarted({ pollId }, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        patchPollEverywhere(dispatch, getState(), pollId, (poll) => {
          poll.title = data.title;
          poll.description = data.description;
        });
        dispatch(api.util.invalidateTags([{ type: 'User', id: data.creatorId }]));
      },
    }),
    closePoll: build.mutation<Poll, { pollId: string }>({
      query: ({ pollId }) => ({ url: `/polls/${encodeURIComponent(pollId)}/close`, method: 'POST' }),
      transformResponse: normalizePoll,
      async onQueryStarted({ pollId }, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        patchPollEverywhere(dispatch, getState(), pollId, (poll) => {
          poll.expiresAt = data.expiresAt;
          poll.closedAt = data.closedAt ?? null;
          poll.options = data.options;
          poll.totalVotes = data.totalVotes;
          poll.votesCount = data.votesCount;
        });
        dispatch(api.util.invalidateTags([{ type: 'User', id: data.creatorId }]));
      },
    }),
  }),
});

export const { useEditPollMutation, useClosePollMutation } = creatorApi;
