import type { Poll, PollEditBody } from '@meydan/proto';
import { api } from '../../store/api';
import { normalizePoll } from '../../lib/polls';
import { shareLinkApi } from '../share-link/shareLinkApi';
import { patchPollEverywhere } from './pollsApi';

type Recipe = (poll: Poll) => void;

/** The poll wherever it is shown: feeds, its own page, and its share page (`/s/:code`, its creator's controls there too). */
function patchShownPoll(dispatch: (action: unknown) => unknown, state: unknown, pollId: string, recipe: Recipe): void {
  patchPollEverywhere(dispatch, state, pollId, recipe);
  for (const { endpointName, originalArgs } of api.util.selectInvalidatedBy(state as never, [{ type: 'Poll', id: pollId }])) {
    if (endpointName === 'shareLinkPoll') dispatch(shareLinkApi.util.updateQueryData('shareLinkPoll', originalArgs as string, (draft) => recipe(draft.poll)));
  }
}

/** What only a poll's creator does on its card; loaded with the creator's controls, not with the first page. */
export const creatorApi = api.injectEndpoints({
  endpoints: (build) => ({
    editPoll: build.mutation<Poll, { pollId: string; body: PollEditBody }>({
      query: ({ pollId, body }) => ({ url: `/polls/${encodeURIComponent(pollId)}`, method: 'PATCH', body }),
      transformResponse: normalizePoll,
      async onQueryStarted({ pollId }, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        patchShownPoll(dispatch, getState(), pollId, (poll) => {
          poll.title = data.title;
          poll.description = data.description;
          poll.editedAt = data.editedAt ?? null;
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
        patchShownPoll(dispatch, getState(), pollId, (poll) => {
          poll.expiresAt = data.expiresAt;
          poll.closedAt = data.closedAt ?? null;
          poll.options = data.options;
          if (data.resultsVisible !== undefined) poll.resultsVisible = data.resultsVisible;
          poll.totalVotes = data.totalVotes;
          poll.votesCount = data.votesCount;
        });
        dispatch(api.util.invalidateTags([{ type: 'User', id: data.creatorId }]));
      },
    }),
  }),
});

export const { useEditPollMutation, useClosePollMutation } = creatorApi;
