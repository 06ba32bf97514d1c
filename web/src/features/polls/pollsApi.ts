import type { InfiniteData } from '@reduxjs/toolkit/query';
import {
  apiPaths,
  apiUrl,
  defaultResultsVisibility,
  limits,
  type CommentList,
  type LikeState,
  type Poll,
  type PollAnalysis,
  type PollComment,
  type PollList,
  type PollType,
  type ReportCreated,
  type ResultsVisibility,
  type ShareablePollCreated,
  type ShareVoteMode,
  type ShareState,
  type VoteResult,
} from '@meydan/proto';
import { api, apiErrorStatus, type ApiExtra } from '../../store/api';
import { showToast } from '../toasts/useToast';
import { voteRefusedToast } from './voteRefused';
import { applyCounts, normalizePoll } from '../../lib/polls';
import { isOpen } from '../../lib/time';
import { sessionApi } from '../session/sessionApi';

export type FeedKind = 'trending' | 'new' | 'friends';

export interface FeedArgs {
  feed: FeedKind;
  category?: string | undefined;
}

export const FEED_PAGE_SIZE = 10;

/** What the creation dialog sends (one body for both routes; the options' form differs, see createPoll). */
export interface NewPollInput {
  title: string;
  description: string | null;
  category: string;
  type: PollType;
  options: string[];
  durationHours: number;
  shareable: boolean;
  /** Who may vote through the share link (sent only for a shareable poll). */
  shareVoteMode?: ShareVoteMode;
  /** Who sees the results and when (sent only when not the default). */
  resultsVisibility?: ResultsVisibility;
  /** 'Birden fazla seçim': how many options one ballot may mark (left out: single choice). */
  maxChoices?: number;
  /** 'Oyunu değiştirebilsin' (left out: a vote is final). */
  allowVoteChange?: boolean;
}

export interface CreatedPoll {
  poll: Poll;
  /** The share link of a shareable poll. */
  shareUrl: string | null;
}

const selectSession = sessionApi.endpoints.session.select();

const normalizeList = (list: PollList): PollList => ({ ...list, polls: list.polls.map(normalizePoll) });

type PollRecipe = (poll: Poll) => void;

/** Applies a change to one poll in every cache entry that holds it (feeds, the pinned poll, the quick widget). */
export function patchPollEverywhere(
  dispatch: (action: unknown) => unknown,
  state: unknown,
  pollId: string,
  recipe: PollRecipe,
): { undo(): void }[] {
  const patches: { undo(): void }[] = [];
  const entries = api.util.selectInvalidatedBy(state as never, [{ type: 'Poll', id: pollId }]);
  for (const { endpointName, originalArgs } of entries) {
    if (endpointName === 'feed') {
      patches.push(dispatch(
        feedsApi.util.updateQueryData('feed', originalArgs as FeedArgs, (draft) => {
          for (const page of draft.pages) for (const poll of page.polls) if (poll.id === pollId) recipe(poll);
        }),
      ) as { undo(): void });
    } else if (endpointName === 'poll') {
      patches.push(dispatch(feedsApi.util.updateQueryData('poll', originalArgs as string, (draft) => recipe(draft))) as { undo(): void });
    } else if (endpointName === 'quickPolls') {
      patches.push(dispatch(
        feedsApi.util.updateQueryData('quickPolls', undefined, (draft) => {
          for (const poll of draft) if (poll.id === pollId) recipe(poll);
        }),
      ) as { undo(): void });
    }
  }
  return patches;
}

/** The polls that are read: the feeds, one poll, the quick widget's questions; live counts enter each. */
const feedsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A feed, page by page (cursor), for infinite scroll. Live counts of its polls enter here. */
    feed: build.infiniteQuery<PollList, FeedArgs, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: '/polls',
        params: {
          feed: queryArg.feed,
          limit: FEED_PAGE_SIZE,
          ...(queryArg.category ? { category: queryArg.category } : {}),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
      }),
      transformResponse: normalizeList,
      keepUnusedDataFor: limits.refresh.feedCacheMs / 1000,
      providesTags: (result) => [
        { type: 'Poll' as const, id: 'LIST' },
        ...(result?.pages.flatMap((page) => page.polls.map((poll) => ({ type: 'Poll' as const, id: poll.id }))) ?? []),
      ],
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, extra }) {
        const { realtime } = extra as ApiExtra;
        const stop = realtime.on('poll_update', (update) =>
          updateCachedData((draft: InfiniteData<PollList, string>) => {
            for (const page of draft.pages) for (const poll of page.polls) if (poll.id === update.pollId) applyCounts(poll, update);
          }),
        );
        await cacheDataLoaded.catch(() => undefined);
        await cacheEntryRemoved;
        stop();
      },
    }),

    /** One poll by id (a shared link or a notification names it). */
    poll: build.query<Poll, string>({
      query: (id) => `/polls/${encodeURIComponent(id)}`,
      transformResponse: normalizePoll,
      providesTags: (_result, _error, id) => [{ type: 'Poll', id }],
      async onCacheEntryAdded(id, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, extra }) {
        const { realtime } = extra as ApiExtra;
        const stop = realtime.on('poll_update', (update) => {
          if (update.pollId === id) updateCachedData((draft) => applyCounts(draft, update));
        });
        await cacheDataLoaded.catch(() => undefined);
        await cacheEntryRemoved;
        stop();
      },
    }),

    /**
     * The quick widget's questions: open two-option polls, newest first (the sample questions are only for when
     * there are none). Cached 5 minutes like the earlier product's samples.
     */
    quickPolls: build.query<Poll[], void>({
      query: () => ({ url: '/polls', params: { feed: 'new', limit: 50 } }),
      transformResponse: (list: PollList) =>
        normalizeList(list).polls.filter((poll) => poll.options.length === 2 && isOpen(poll.expiresAt)),
      keepUnusedDataFor: limits.quick.sampleCacheMs / 1000,
      providesTags: (result) => [
        { type: 'Poll' as const, id: 'LIST' },
        ...(result ?? []).map((poll) => ({ type: 'Poll' as const, id: poll.id })),
      ],
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, extra }) {
        const { realtime } = extra as ApiExtra;
        const stop = realtime.on('poll_update', (update) =>
          updateCachedData((draft) => {
            for (const poll of draft) if (poll.id === update.pollId) applyCounts(poll, update);
          }),
        );
        await cacheDataLoaded.catch(() => undefined);
        await cacheEntryRemoved;
        stop();
      },
    }),
  }),
});

/** A vote and a like, each shown at once and set right by the server's answer. */
const votesApi = feedsApi.injectEndpoints({
  endpoints: (build) => ({
    /** One option (`optionIndex`), or a multiple-choice poll's ballot (`optionIndexes`): one vote either way. */
    vote: build.mutation<VoteResult, { pollId: string; optionIndex: number; optionIndexes?: number[] }>({
      query: ({ pollId, optionIndex, optionIndexes }) => ({
        url: apiUrl(apiPaths.pollVote, { id: pollId }),
        method: 'POST',
        body: optionIndexes ? { optionIndexes } : { optionIndex },
      }),
      async onQueryStarted({ pollId, optionIndex, optionIndexes }, { dispatch, getState, queryFulfilled }) {
        const ballot = optionIndexes ?? [optionIndex];
        // Shown at once; taken back if the server refuses it.
        const optimistic = patchPollEverywhere(dispatch, getState(), pollId, (poll) => {
          if (poll.hasVoted) return;
          poll.hasVoted = true;
          poll.userChoice = ballot[0] ?? optionIndex;
          poll.userChoices = ballot;
          for (const option of poll.options) if (ballot.includes(option.id)) option.votes += 1;
          poll.totalVotes += 1;
          poll.votesCount += 1;
          poll.votersCount = poll.totalVotes;
        });
        try {
          const { data } = await queryFulfilled;
          const viewerId = selectSession(getState() as never).data?.id;
          patchPollEverywhere(dispatch, getState(), pollId, (poll) => {
            applyCounts(poll, data);
            poll.hasVoted = true;
            poll.userChoice = data.userChoice;
            poll.userChoices = data.userChoices ?? [data.userChoice];
            // On a friends' circle card the viewer (unless the creator) is one of the friends who have now voted.
            const shownAsFriend = poll.friends?.find((friend) => friend.id === viewerId);
            if (poll.type === 'friends' && viewerId && viewerId !== poll.creatorId && !shownAsFriend?.hasVoted) {
              if (shownAsFriend) shownAsFriend.hasVoted = true;
              if (poll.friendsVotedCount !== undefined) poll.friendsVotedCount += 1;
            }
          });
        } catch (failure) {
          for (const patch of optimistic.reverse()) patch.undo();
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
      async onQueryStarted({ pollId, liked }, { dispatch, getState, queryFulfilled }) {
        // Optimistic: the heart answers at once, the server's count follows.
        patchPollEverywhere(dispatch, getState(), pollId, (poll) => {
          poll.isLiked = !liked;
          poll.likesCount = Math.max(0, poll.likesCount + (liked ? -1 : 1));
        });
        try {
          const { data } = await queryFulfilled;
          patchPollEverywhere(dispatch, getState(), pollId, (poll) => {
            poll.isLiked = data.liked;
            poll.likesCount = data.likesCount;
          });
        } catch {
          patchPollEverywhere(dispatch, getState(), pollId, (poll) => {
            poll.isLiked = liked;
            poll.likesCount = Math.max(0, poll.likesCount + (liked ? 1 : -1));
          });
        }
      },
    }),
  }),
});

/** A poll's comments, page by page; adding or deleting one updates the thread and the poll's count. */
const commentsApi = votesApi.injectEndpoints({
  endpoints: (build) => ({
    comments: build.infiniteQuery<CommentList, string, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: `/polls/${encodeURIComponent(queryArg)}/comments`,
        params: pageParam ? { cursor: pageParam } : {},
      }),
      providesTags: (_result, _error, pollId) => [{ type: 'Comment', id: pollId }],
    }),

    addComment: build.mutation<PollComment, { pollId: string; text: string }>({
      query: ({ pollId, text }) => ({ url: `/polls/${encodeURIComponent(pollId)}/comments`, method: 'POST', body: { text } }),
      async onQueryStarted({ pollId }, { dispatch, getState, queryFulfilled }) {
        const { data: comment } = await queryFulfilled.catch(() => ({ data: null }));
        if (!comment) return;
        dispatch(
          commentsApi.util.updateQueryData('comments', pollId, (draft) => {
            const first = draft.pages[0];
            if (first && !first.comments.some((c) => c.id === comment.id)) {
              first.comments.unshift(comment);
              first.totalCount += 1;
            }
          }),
        );
        patchPollEverywhere(dispatch, getState(), pollId, (poll) => {
          poll.commentsCount += 1;
        });
      },
    }),

    deleteComment: build.mutation<{ message: string }, { pollId: string; commentId: string }>({
      query: ({ pollId, commentId }) => ({
        url: `/polls/${encodeURIComponent(pollId)}/comments/${encodeURIComponent(commentId)}`,
        method: 'DELETE',
      }),
      async onQueryStarted({ pollId, commentId }, { dispatch, getState, queryFulfilled }) {
        const ok = await queryFulfilled.then(() => true).catch(() => false);
        if (!ok) return;
        dispatch(
          commentsApi.util.updateQueryData('comments', pollId, (draft) => {
            for (const page of draft.pages) {
              const before = page.comments.length;
              page.comments = page.comments.filter((c) => c.id !== commentId);
              if (page.comments.length < before) page.totalCount = Math.max(0, page.totalCount - 1);
            }
          }),
        );
        patchPollEverywhere(dispatch, getState(), pollId, (poll) => {
          poll.commentsCount = Math.max(0, poll.commentsCount - 1);
        });
      },
    }),
  }),
});

/** Sharing, reporting, the analysis and creating polls; `pollsApi` holds every endpoint of this file. */
export const pollsApi = commentsApi.injectEndpoints({
  endpoints: (build) => ({
    sharePoll: build.mutation<ShareState, string>({
      query: (pollId) => ({ url: `/polls/${encodeURIComponent(pollId)}/share`, method: 'POST' }),
      async onQueryStarted(pollId, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) patchPollEverywhere(dispatch, getState(), pollId, (poll) => void (poll.shareCount = data.shareCount));
      },
    }),

    reportPoll: build.mutation<ReportCreated, { pollId: string; reason: string; description: string | null }>({
      query: ({ pollId, reason, description }) => ({
        url: `/polls/${encodeURIComponent(pollId)}/report`,
        method: 'POST',
        body: { reason, description },
      }),
    }),

    /** A member reported to the moderators (POST /api/users/{id}/report, social). */
    reportUser: build.mutation<ReportCreated, { userId: string; reason: string; description: string | null }>({
      query: ({ userId, reason, description }) => ({
        url: `/users/${encodeURIComponent(userId)}/report`,
        method: 'POST',
        body: { reason, description },
      }),
    }),

    /** A comment reported to the moderators (POST /api/comments/{id}/report). */
    reportComment: build.mutation<ReportCreated, { commentId: string; reason: string; description: string | null }>({
      query: ({ commentId, reason, description }) => ({
        url: `/comments/${encodeURIComponent(commentId)}/report`,
        method: 'POST',
        body: { reason, description },
      }),
    }),

    analysis: build.query<PollAnalysis, string>({
      query: (pollId) => `/polls/${encodeURIComponent(pollId)}/analysis`,
      providesTags: (_result, _error, pollId) => [{ type: 'Poll', id: pollId }],
    }),

    /**
     * Normal polls go to POST /api/polls with the options as a JSON-encoded string (as the spec's client sends
     * them); shareable ones to POST /api/polls/shareable with an array, answered with the link.
     */
    createPoll: build.mutation<CreatedPoll, NewPollInput>({
      async queryFn(input, _api, _extra, baseQuery) {
        const common = {
          title: input.title,
          description: input.description,
          category: input.category,
          type: input.type,
          durationHours: input.durationHours,
          ...(input.resultsVisibility && input.resultsVisibility !== defaultResultsVisibility ? { resultsVisibility: input.resultsVisibility } : {}),
          ...(input.maxChoices ? { maxChoices: input.maxChoices } : {}),
          ...(input.allowVoteChange ? { allowVoteChange: true } : {}),
        };
        if (input.shareable) {
          const result = await baseQuery({
            url: '/polls/shareable',
            method: 'POST',
            body: { ...common, options: input.options, ...(input.shareVoteMode ? { shareVoteMode: input.shareVoteMode } : {}) },
          });
          if (result.error) return { error: result.error };
          const created = result.data as ShareablePollCreated;
          const poll = normalizePoll(created.poll);
          const origin = globalThis.location?.origin ?? '';
          return { data: { poll, shareUrl: created.shareUrl || `${origin}/s/${poll.shortUrl ?? ''}` } };
        }
        const result = await baseQuery({
          url: '/polls',
          method: 'POST',
          body: { ...common, options: JSON.stringify(input.options) },
        });
        if (result.error) return { error: result.error };
        return { data: { poll: normalizePoll(result.data as Poll), shareUrl: null } };
      },
      invalidatesTags: (result) => (result && !result.shareUrl ? [{ type: 'Poll', id: 'LIST' }] : []),
    }),

    /** A quick question, posted as a public genel poll lasting 24 hours (the server decides all three). */
    addQuickQuestion: build.mutation<Poll, { question: string; options: [string, string] }>({
      query: (body) => ({ url: '/polls/quick', method: 'POST', body }),
      transformResponse: normalizePoll,
      invalidatesTags: [{ type: 'Poll', id: 'LIST' }],
    }),
  }),
});

export const {
  useFeedInfiniteQuery,
  usePollQuery,
  useVoteMutation,
  useLikeMutation,
  useCommentsInfiniteQuery,
  useAddCommentMutation,
  useDeleteCommentMutation,
  useSharePollMutation,
  useReportPollMutation,
  useReportCommentMutation,
  useReportUserMutation,
  useAnalysisQuery,
  useCreatePollMutation,
  useQuickPollsQuery,
  useAddQuickQuestionMutation,
} = pollsApi;
