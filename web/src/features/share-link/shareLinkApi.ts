import { apiPaths, apiUrl, type ShareLinkPoll, type ShareState, type VoteResult } from '@meydan/proto';
import { api, type ApiExtra } from '../../store/api';
import { applyCounts, normalizePoll } from '../../lib/polls';

/** The public share page: a poll by its short code, votes without an account, live counts. */
export const shareLinkApi = api.injectEndpoints({
  endpoints: (build) => ({
    shareLinkPoll: build.query<ShareLinkPoll, string>({
      query: (code) => `/s/${encodeURIComponent(code)}`,
      transformResponse: (answer: ShareLinkPoll) => ({ ...answer, poll: normalizePoll(answer.poll) }),
      providesTags: (result, _error, code) => [{ type: 'Poll', id: result?.poll.id ?? `s:${code}` }],
      /**
       * Live counts: the page follows its poll over the socket by its code (visitors too; the server lets only
       * the creator follow a share-link poll by id) and each `poll_update` enters this cache entry. The 10-second
       * refetch of the page stays as the fallback while the socket is down.
       */
      async onCacheEntryAdded(code, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, extra }) {
        const { realtime } = extra as ApiExtra;
        let release: (() => void) | undefined;
        let stop: (() => void) | undefined;
        try {
          const { data } = await cacheDataLoaded;
          const pollId = data.poll.id;
          stop = realtime.on('poll_update', (update) => {
            if (update.pollId !== pollId) return;
            updateCachedData((draft) => {
              draft.voteCounts = { ...draft.voteCounts, ...update.voteCounts };
              applyCounts(draft.poll, update);
            });
          });
          release = realtime.followCode(code);
        } catch {
          // No poll (404): nothing to follow.
        }
        await cacheEntryRemoved;
        stop?.();
        release?.();
      },
    }),

    /** One option, or a multiple-choice poll's ballot (`optionIndexes`). */
    shareLinkVote: build.mutation<VoteResult, { code: string; optionIndex: number; optionIndexes?: number[] }>({
      query: ({ code, optionIndex, optionIndexes }) => ({
        url: apiUrl(apiPaths.shareVote, { shortUrl: code }),
        method: 'POST',
        body: optionIndexes ? { optionIndexes } : { optionIndex },
      }),
      async onQueryStarted({ code }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          shareLinkApi.util.updateQueryData('shareLinkPoll', code, (draft) => {
            draft.voteCounts = data.voteCounts;
            draft.hasVoted = true;
            draft.userChoice = data.userChoice;
            draft.userChoices = data.userChoices ?? [data.userChoice];
            applyCounts(draft.poll, data);
            draft.poll.hasVoted = true;
            draft.poll.userChoice = data.userChoice;
            draft.poll.userChoices = draft.userChoices;
          }),
        );
      },
    }),

    shareLinkShared: build.mutation<ShareState, string>({
      query: (code) => ({ url: `/s/${encodeURIComponent(code)}/share`, method: 'POST' }),
    }),
  }),
});

export const { useShareLinkPollQuery, useShareLinkVoteMutation, useShareLinkSharedMutation } = shareLinkApi;
