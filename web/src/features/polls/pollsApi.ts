import { apiPaths, apiUrl, limits, type LikeState, type Poll, type VoteResult } from '@meydan/proto';
import { api, apiErrorStatus } from '../../store/api';
import { likeMoved, likeSet, pollRestored, selectPoll, voteAnswered, voteSent } from '../../store/pollsSlice';
import { showToast } from '../toasts/useToast';
import { voteRefusedToast } from './voteRefused';
import { sessionApi } from '../session/sessionApi';
import { heldPollTags, holdingPolls, holdList, useHeldPoll, withData, type PollIdList } from './heldPolls';

export type FeedKind = 'trending' | 'new' | 'friends';

export interface FeedArgs {
  feed: FeedKind;
  category?: string | undefined;
}

export const FEED_PAGE_SIZE = 10;

const selectSession = sessionApi.endpoints.session.select();

/** The polls that are read: the feeds and one poll; their polls are held by id. */
const feedsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A feed, page by page (cursor), for infinite scroll. */
    feed: build.infiniteQuery<PollIdList, FeedArgs, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      queryFn: holdingPolls(
        ({ queryArg, pageParam }: { queryArg: FeedArgs; pageParam: string }) => ({
          url: '/polls',
          params: {
            feed: queryArg.feed,
            limit: FEED_PAGE_SIZE,
            ...(queryArg.category ? { category: queryArg.category } : {}),
            ...(pageParam ? { cursor: pageParam } : {}),
          },
        }),
        holdList,
      ),
      keepUnusedDataFor: limits.refresh.feedCacheMs / 1000,
      providesTags: (result) => heldPollTags(result?.pages.flatMap((page) => page.pollIds) ?? []),
    }),

    /** One poll by id (a shared link or a notification names it); the entry keeps its id. */
    poll: build.query<string, string>({
      queryFn: holdingPolls(
        (id: string) => `/polls/${encodeURIComponent(id)}`,
        (poll: Poll) => ({ polls: [poll], held: poll.id }),
      ),
      providesTags: (_result, _error, id) => [{ type: 'Poll', id }],
    }),
  }),
});

/** A vote and a like, each shown at once and set right by the server's answer. */
export const pollsApi = feedsApi.injectEndpoints({
  endpoints: (build) => ({
    /** One option (`optionIndex`), or a multiple-choice poll's ballot (`optionIndexes`): one vote either way. */
    vote: build.mutation<
      VoteResult,
      { pollId: string; optionIndex: number; optionIndexes?: number[]; ranking?: number[] }
    >({
      query: ({ pollId, optionIndex, optionIndexes, ranking }) => ({
        url: apiUrl(apiPaths.pollVote, { id: pollId }),
        method: 'POST',
        body: ranking ? { ranking } : optionIndexes ? { optionIndexes } : { optionIndex },
      }),
      async onQueryStarted({ pollId, optionIndex, optionIndexes, ranking }, { dispatch, getState, queryFulfilled }) {
        // Shown at once; taken back if the server refuses it.
        const before = selectPoll(getState() as never, pollId);
        dispatch(voteSent({ pollId, ballot: ranking ?? optionIndexes ?? [optionIndex] }));
        try {
          const { data } = await queryFulfilled;
          dispatch(voteAnswered({ pollId, answer: data, viewerId: selectSession(getState() as never).data?.id }));
        } catch (failure) {
          if (before) dispatch(pollRestored(before));
          const { error, meta } = failure as { error?: unknown; meta?: { response?: Response } };
          dispatch(showToast(voteRefusedToast(error, meta?.response?.headers.get('retry-after') ?? null)));
          // Refused for what the card did not know (already voted elsewhere, ended): show the truth. Not when the
          // server asked to wait: a reload now would be refused too.
          const status = apiErrorStatus(error);
          if (status !== 429 && status !== 503) dispatch(api.util.invalidateTags([{ type: 'Poll', id: pollId }]));
        }
      },
    }),

    like: build.mutation<LikeState, { pollId: string; liked: boolean }>({
      query: ({ pollId }) => ({ url: `/polls/${encodeURIComponent(pollId)}/like`, method: 'POST' }),
      async onQueryStarted({ pollId, liked }, { dispatch, queryFulfilled }) {
        // Optimistic: the heart answers at once, the server's count follows.
        dispatch(likeMoved({ pollId, liked: !liked, by: liked ? -1 : 1 }));
        try {
          const { data } = await queryFulfilled;
          dispatch(likeSet({ pollId, liked: data.liked, likesCount: data.likesCount }));
        } catch {
          dispatch(likeMoved({ pollId, liked, by: liked ? 1 : -1 }));
        }
      },
    }),
  }),
});

/** One poll by id, its `data` the poll held (store/pollsSlice). */
export function usePollQuery(id: string, options?: Parameters<typeof pollsApi.usePollQuery>[1]) {
  const result = pollsApi.usePollQuery(id, options);
  return withData(result, useHeldPoll(result.data));
}

export const { useFeedInfiniteQuery, useLikeMutation } = pollsApi;
