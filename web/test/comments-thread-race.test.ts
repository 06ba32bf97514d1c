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

/**
 * The thread's reads as they arrive from two replicas: the first, read before the change was stored, is held back
 * until `release()` and answers `before`; every later read answers `after`. `reads()` counts them.
 */
function threadReadAroundAChange(before: CommentList, after: CommentList, change: Record<string, unknown>) {
  let release!: () => void;
  const firstRead = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reads = 0;
  fakeApi({
    'GET /api/polls/p1/comments': async (): Promise<CommentList> => {
      reads += 1;
      if (reads > 1) return after;
      await firstRead;
      return before;
    },
    ...change,
  });
  return { release, reads: () => reads };
}

/** The ids of the comments the thread of p1 shows. */
const shown = (store: ReturnType<typeof testStore>) =>
  commentsApi.endpoints.comments
    .select('p1')(store.getState())
    .data?.pages.flatMap((page) => page.comments.map((c) => c.id));

const none: CommentList = { comments: [], totalCount: 0, nextCursor: null };
const one: CommentList = { comments: [comment], totalCount: 1, nextCursor: null };

describe("a poll's comments (features/polls/commentsApi)", () => {
  it('show a comment posted while the thread was loading, when the list read before it arrives after it', async () => {
    // Read before the comment was stored (another replica, a slow answer): it has none.
    const reads = threadReadAroundAChange(none, one, { 'POST /api/polls/p1/comments': comment });
    const store = testStore({ user: member });
    const thread = store.dispatch(commentsApi.endpoints.comments.initiate('p1'));
    await store.dispatch(commentsApi.endpoints.addComment.initiate({ pollId: 'p1', text: comment.text })).unwrap();
    reads.release();
    await vi.waitFor(() => expect(shown(store)).toEqual(['c1']));
    thread.unsubscribe();
  });

  it('leave a deleted comment out, when a list read before the deletion arrives after it', async () => {
    // Read before the comment was deleted (another replica, a slow answer): it is still there.
    const reads = threadReadAroundAChange(one, none, {
      'DELETE /api/polls/p1/comments/c1': { message: 'Yorum silindi' },
    });
    const store = testStore({ user: member });
    const thread = store.dispatch(commentsApi.endpoints.comments.initiate('p1'));
    await store.dispatch(commentsApi.endpoints.deleteComment.initiate({ pollId: 'p1', commentId: 'c1' })).unwrap();
    reads.release();
    await vi.waitFor(() => expect(shown(store)).toEqual([]));
    expect(reads.reads()).toBe(2);
    thread.unsubscribe();
  });
});
