import type { Poll, PollEditBody } from '@meydan/proto';
import { api } from '../../store/api';
import { normalizePoll } from '../../lib/polls';
import { profileApi } from '../profile/profileApi';
import { shareLinkApi } from '../share-link/shareLinkApi';
import { patchPollEverywhere } from './pollsApi';

type Recipe = (poll: Poll) => void;

/**
 * The poll wherever it is shown: feeds, its own page, and where else its creator has its controls: its share page
 * (`/s/:code`) and the creator's profile list.
 */
function patchShownPoll(dispatch: (action: unknown) => unknown, state: unknown, pollId: string, recipe: Recipe): void {
  patchPollEverywhere(dispatch, state, pollId, recipe);
  const shown = api.util.selectInvalidatedBy(state as never, [{ type: 'Poll', id: pollId }, { type: 'Poll', id: 'LIST' }]);
  for (const { endpointName, originalArgs } of shown) {
    if (endpointName === 'shareLinkPoll') dispatch(shareLinkApi.util.updateQueryData('shareLinkPoll', originalArgs as string, (draft) => recipe(draft.poll)));
    if (endpointName === 'userPolls') {
      dispatch(
        profileApi.util.updateQueryData('userPolls', originalArgs as string, (draft) => {
          for (const listed of draft) if (listed.id === pollId) recipe(listed);
        }),
      );
    }
  }
}

/** What only a poll's creator does on its card; loaded with the creator's controls, not with the first page. */
export const creatorApi = api.injectEndpoints({
  endpoints: (build) => ({
    editPoll: build.mutation<Poll, { pollId: string; body: PollEditBody }>({
      query: ({ pollId, body }) => ({ url: `/polls/${encodeURIComponent(pollId)}`, method: 'PATCH', body }),
      transformResponse: normalizePoll,
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        patchShownPoll(dispatch, getState(), data.id, (poll) => {
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
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        patchShownPoll(dispatch, getState(), data.id, (poll) => {
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
