import { apiPaths, apiUrl, type PollFlows, type VoteResult, type VoteTakenBack } from '@meydan/proto';
import { trVoteChange } from '../../i18n/tr-vote-change';
import { api, apiErrorMessage, apiErrorStatus, type ApiExtra } from '../../store/api';
import { applyCounts } from '../../lib/polls';
import { showToast } from '../toasts/useToast';
import { shareLinkApi } from '../share-link/shareLinkApi';
import { patchPollEverywhere } from './pollsApi';
import { voteRefusedToast } from './voteRefused';

type Answer = VoteResult | VoteTakenBack;

/** The viewer's ballot after a change's answer (empty: taken back). */
const choicesIn = (answer: Answer): number[] => (answer.hasVoted ? (answer.userChoices ?? [answer.userChoice]) : []);

/** The flows' cache entry of a poll: read again after each change and each live count of the poll. */
const flowsTag = (pollId: string) => ({ type: 'Vote' as const, id: `flows:${pollId}` });

/**
 * Changing or taking back a vote on a poll that allows it (members by id, anyone by the share link) and the poll's
 * flows. The answer's counts enter every cache entry of the poll; a refusal is a toast with the server's text.
 */
export const voteChangeApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeVote: build.mutation<Answer, { pollId: string; optionIndexes: number[] | null }>({
      query: ({ pollId, optionIndexes }) => ({
        url: apiUrl(apiPaths.pollVote, { id: pollId }),
        method: optionIndexes ? 'PUT' : 'DELETE',
        ...(optionIndexes ? { body: { optionIndexes } } : {}),
      }),
      invalidatesTags: (_result, _error, { pollId }) => [flowsTag(pollId)],
      async onQueryStarted({ pollId }, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          let friends = false;
          patchPollEverywhere(dispatch, getState(), pollId, (poll) => {
            applyCounts(poll, data);
            const choices = choicesIn(data);
            poll.hasVoted = choices.length > 0;
            poll.userChoice = choices[0] ?? null;
            poll.userChoices = choices;
            friends ||= poll.type === 'friends';
          });
          // A friends' circle card's voted friends and counts follow the server (a take-back changes them).
          if (friends && !data.hasVoted) dispatch(api.util.invalidateTags([{ type: 'Poll', id: pollId }]));
        } catch (failure) {
          const { error, meta } = failure as { error?: unknown; meta?: { response?: Response } };
          const toast = voteRefusedToast(error, meta?.response?.headers.get('retry-after') ?? null);
          // Changing back and forth too often: the server's sentence, then how long to wait.
          const limited = apiErrorStatus(error) === 429 && apiErrorMessage(error);
          dispatch(showToast(limited ? { ...toast, title: trVoteChange.bar.failedTitle, description: `${limited} ${toast.description ?? ''}`.trim() } : toast));
        }
      },
    }),

    shareLinkChangeVote: build.mutation<Answer, { code: string; pollId: string; optionIndexes: number[] | null }>({
      query: ({ code, optionIndexes }) => ({
        url: apiUrl(apiPaths.shareVote, { shortUrl: code }),
        method: optionIndexes ? 'PUT' : 'DELETE',
        ...(optionIndexes ? { body: { optionIndexes } } : {}),
      }),
      invalidatesTags: (_result, _error, { pollId }) => [flowsTag(pollId)],
      async onQueryStarted({ code }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        const choices = choicesIn(data);
        dispatch(
          shareLinkApi.util.updateQueryData('shareLinkPoll', code, (draft) => {
            draft.voteCounts = data.voteCounts;
            draft.hasVoted = choices.length > 0;
            draft.userChoice = choices[0] ?? null;
            draft.userChoices = choices;
            applyCounts(draft.poll, data);
            draft.poll.hasVoted = draft.hasVoted;
            draft.poll.userChoice = draft.userChoice;
            draft.poll.userChoices = choices;
          }),
        );
      },
    }),

    /** The poll's flows, read again whenever its live counts move (a change moves them or the total). */
    pollFlows: build.query<PollFlows, string>({
      query: (pollId) => `/polls/${encodeURIComponent(pollId)}/flows`,
      providesTags: (_result, _error, pollId) => [flowsTag(pollId)],
      async onCacheEntryAdded(pollId, { dispatch, cacheDataLoaded, cacheEntryRemoved, extra }) {
        const { realtime } = extra as ApiExtra;
        const stop = realtime.on('poll_update', (update) => {
          if (update.pollId === pollId) dispatch(api.util.invalidateTags([flowsTag(pollId)]));
        });
        await cacheDataLoaded.catch(() => undefined);
        await cacheEntryRemoved;
        stop();
      },
    }),
  }),
});

export const { useChangeVoteMutation, useShareLinkChangeVoteMutation, usePollFlowsQuery } = voteChangeApi;
