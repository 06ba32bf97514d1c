import type { PollAnalysis, ReportCreated, ShareState } from '@meydan/proto';
import { api } from '../../store/api';
import { shareCounted } from '../../store/pollsSlice';

/** The calls of a poll's dialogs (share, report, group analysis): loaded with those dialogs, not with the first page. */
export const pollDialogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sharePoll: build.mutation<ShareState, string>({
      query: (pollId) => ({ url: `/polls/${encodeURIComponent(pollId)}/share`, method: 'POST' }),
      async onQueryStarted(pollId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(shareCounted({ pollId, shareCount: data.shareCount }));
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
  }),
});

export const {
  useSharePollMutation,
  useReportPollMutation,
  useReportCommentMutation,
  useReportUserMutation,
  useAnalysisQuery,
} = pollDialogsApi;
