import type { CommentList, PollComment } from '@meydan/proto';
import { api } from '../../store/api';
import { commentsCounted } from '../../store/pollsSlice';

/** A poll's comments, page by page; adding or deleting one updates the thread and the poll's count. */
export const commentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    comments: build.infiniteQuery<CommentList, string, string>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: `/polls/${encodeURIComponent(queryArg)}/comments`,
        // The first page's address has no `?`: the one a server-rendered poll page carries its answer by.
        params: pageParam ? { cursor: pageParam } : undefined,
      }),
      providesTags: (_result, _error, pollId) => [{ type: 'Comment', id: pollId }],
    }),

    addComment: build.mutation<PollComment, { pollId: string; text: string }>({
      query: ({ pollId, text }) => ({
        url: `/polls/${encodeURIComponent(pollId)}/comments`,
        method: 'POST',
        body: { text },
      }),
      // Shown at once below; a list read before the comment (still loading, or from another replica) is read again.
      invalidatesTags: (result, _error, { pollId }) => (result ? [{ type: 'Comment', id: pollId }] : []),
      async onQueryStarted({ pollId }, { dispatch, queryFulfilled }) {
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
        dispatch(commentsCounted({ pollId, by: 1 }));
      },
    }),

    deleteComment: build.mutation<{ message: string }, { pollId: string; commentId: string }>({
      query: ({ pollId, commentId }) => ({
        url: `/polls/${encodeURIComponent(pollId)}/comments/${encodeURIComponent(commentId)}`,
        method: 'DELETE',
      }),
      // Gone at once below; a list read before the deletion (still loading, or from another replica) is read again.
      invalidatesTags: (result, _error, { pollId }) => (result ? [{ type: 'Comment', id: pollId }] : []),
      async onQueryStarted({ pollId, commentId }, { dispatch, queryFulfilled }) {
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
        dispatch(commentsCounted({ pollId, by: -1 }));
      },
    }),
  }),
});

export const { useCommentsInfiniteQuery, useAddCommentMutation, useDeleteCommentMutation } = commentsApi;
