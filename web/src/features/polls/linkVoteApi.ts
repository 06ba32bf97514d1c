import { apiPaths, apiUrl, type VoteResult } from '@meydan/proto';
import { api } from '../../store/api';
import { voteAnswered } from '../../store/pollsSlice';

/**
 * A vote through a share link (a visitor's too, without an account), as the share page and the embed cast it; loaded
 * on demand with the rest of useVote's link half (voteRequests.ts). The answer enters the poll held in the store.
 */
export const linkVoteApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One option, a multiple-choice poll's ballot (`optionIndexes`) or a ranked poll's (`ranking`). */
    shareLinkVote: build.mutation<
      VoteResult,
      { code: string; pollId: string; optionIndex: number; optionIndexes?: number[]; ranking?: number[] }
    >({
      query: ({ code, optionIndex, optionIndexes, ranking }) => ({
        url: apiUrl(apiPaths.shareVote, { shortUrl: code }),
        method: 'POST',
        body: ranking ? { ranking } : optionIndexes ? { optionIndexes } : { optionIndex },
      }),
      async onQueryStarted({ pollId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(voteAnswered({ pollId, answer: data }));
      },
    }),
  }),
});
