// @vitest-environment jsdom
import type { CommentList, PollComment } from '@meydan/proto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commentsApi } from '../src/features/polls/commentsApi';
import { fakeApi, member, testStore } from './helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

const comment: PollComment = {
  id: 'c1',
  pollId: 'p1',
  text: 'Bence konser, kesinlikle!',
  createdAt: '2026-11-29T11:00:00.000Z',
  author: { id: member.id, username: member.username, displayName: member.displayName, avatarUrl: null },
};

describe("a poll's comments (features/polls/commentsApi)", () => {
  it('show a comment posted while the thread was loading, when the list read before it arrives after it', async () => {
    let releaseFirstRead!: () => void;
    const firstRead = new Promise<void>((resolve) => {
      releaseFirstRead = resolve;
    });
    let reads = 0;
    fakeApi({
      'GET /api/polls/p1/comments': async (): Promise<CommentList> => {
        reads += 1;
        if (reads === 1) {
          // Read before the comment was stored (another replica, a slow answer): it has none.
          await firstRead;
          return { comments: [], totalCount: 0, nextCursor: null };
        }
        return { comments: [comment], totalCount: 1, nextCursor: null };
      },
      'POST /api/polls/p1/comments': comment,
    });
    const store = testStore({ user: member });
    const thread = store.dispatch(commentsApi.endpoints.comments.initiate('p1'));
    await store.dispatch(commentsApi.endpoints.addComment.initiate({ pollId: 'p1', text: comment.text })).unwrap();
    releaseFirstRead();
    const shown = () =>
      commentsApi.endpoints.comments
        .select('p1')(store.getState())
        .data?.pages.flatMap((page) => page.comments.map((c) => c.id));
    await vi.waitFor(() => expect(shown()).toEqual(['c1']));
    thread.unsubscribe();
  });

  it('leave a deleted comment out, when a list read before the deletion arrives after it', async () => {
    let releaseFirstRead!: () => void;
    const firstRead = new Promise<void>((resolve) => {
      releaseFirstRead = resolve;
    });
    let reads = 0;
    fakeApi({
      'GET /api/polls/p1/comments': async (): Promise<CommentList> => {
        reads += 1;
        if (reads === 1) {
          // Read before the comment was deleted (another replica, a slow answer): it is still there.
          await firstRead;
          return { comments: [comment], totalCount: 1, nextCursor: null };
        }
        return { comments: [], totalCount: 0, nextCursor: null };
      },
      'DELETE /api/polls/p1/comments/c1': { message: 'Yorum silindi' },
    });
    const store = testStore({ user: member });
    const thread = store.dispatch(commentsApi.endpoints.comments.initiate('p1'));
    await store.dispatch(commentsApi.endpoints.deleteComment.initiate({ pollId: 'p1', commentId: 'c1' })).unwrap();
    releaseFirstRead();
    const shown = () =>
      commentsApi.endpoints.comments
        .select('p1')(store.getState())
        .data?.pages.flatMap((page) => page.comments.map((c) => c.id));
    await vi.waitFor(() => expect(shown()).toEqual([]));
    expect(reads).toBe(2);
    thread.unsubscribe();
  });
});
