/**
 * Follow requests to a member who has them on: their list (the followers tab of their own profile), accept (the
 * follow becomes an edge and is announced like any follow) and decline (the request is dropped, nobody is told).
 */
import type { RequestIdSource } from '@meydan/kit';
import { socialMessages, type FollowRequestItem } from '@meydan/proto';
import type { SocialContext } from '../context.js';
import { dropRequest, pendingRequestsPage, requestTo } from '../store/follow-requests.js';
import { createEdge } from './follows.js';

/** A page of the requests waiting for the member, newest first, with names from auth, and how many there are. */
export async function listFollowRequests(
  ctx: Pick<SocialContext, 'models' | 'users'>,
  list: { targetId: string; page: number; limit: number },
  source: RequestIdSource,
): Promise<{ rows: FollowRequestItem[]; total: number }> {
  const { pending, total } = await pendingRequestsPage(ctx, list.targetId, list.page, list.limit);
  const { known, missing } = await ctx.users.summaries(
    pending.map((p) => p.requesterId),
    source,
  );
  const rows: FollowRequestItem[] = [];
  for (const p of pending) {
    if (missing.has(p.requesterId)) continue;
    const user = known.get(p.requesterId) ?? {
      id: p.requesterId,
      username: '',
      displayName: socialMessages.unknownUser,
      avatarUrl: null,
    };
    rows.push({ id: p._id.toString(), user, createdAt: new Date(p.createdAt).toISOString() });
  }
  return { rows, total };
}

/**
 * Accepts or declines a request to the member; false when there is no such request to them (only the member asked may
 * answer, anyone else learns nothing about it).
 */
export async function answerFollowRequest(
  ctx: Pick<SocialContext, 'models' | 'bus' | 'counts'>,
  asked: { requestId: string; targetId: string; answer: 'accept' | 'decline' },
  source: RequestIdSource,
): Promise<boolean> {
  const pending = await requestTo(ctx, asked.requestId, asked.targetId);
  if (!pending) return false;
  if (asked.answer === 'accept') await createEdge(ctx, pending.requesterId, pending.targetId, source);
  await dropRequest(ctx, pending._id);
  return true;
}
