import { apiPaths, apiUrl, type PollFlows, type VoteResult, type VoteTakenBack } from '@meydan/proto';
import { trVoteChange } from '../../i18n/tr-vote-change';
import { api, apiErrorMessage, apiErrorStatus, type ApiExtra } from '../../store/api';
import { selectPoll, voteChangeAnswered } from '../../store/pollsSlice';
import { showToast } from '../toasts/useToast';
import { voteRefusedToast } from './voteRefused';

type Answer = VoteResult | VoteTakenBack;

/** The flows' cache entry of a poll: read again after each change and each live count of the poll. */
const flowsTag = (pollId: string) => ({ type: 'Vote' as const, id: `flows:${pollId}` });

/**
 * Changing or taking back a vote on a poll that allows it (members by id, anyone by the share link; sent by useVote)
 * and the poll's flows. The answer enters the poll held (store/pollsSlice); a member's refusal is a toast here.
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
          dispatch(voteChangeAnswered({ pollId, answer: data }));
          // A friends' circle card's voted friends and counts follow the server (a take-back changes them).
          const friends = selectPoll(getState() as never, pollId)?.type === 'friends';
          if (friends && !data.hasVoted) dispatch(api.util.invalidateTags([{ type: 'Poll', id: pollId }]));
        } catch (failure) {
          const { error, meta } = failure as { error?: unknown; meta?: { response?: Response } };
          const toast = voteRefusedToast(error, meta?.response?.headers.get('retry-after') ?? null);
          // Changing back and forth too often: the server's sentence, then how long to wait.
          const limited = apiErrorStatus(error) === 429 && apiErrorMessage(error);
          dispatch(
            showToast(
              limited
                ? {
                    ...toast,
                    title: trVoteChange.bar.failedTitle,
                    description: `${limited} ${toast.description ?? ''}`.trim(),
                  }
                : toast,
            ),
          );
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
      async onQueryStarted({ pollId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(voteChangeAnswered({ pollId, answer: data }));
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

export const { usePollFlowsQuery } = voteChangeApi;
