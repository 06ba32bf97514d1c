import type { Types } from 'mongoose';
import type { Models } from '../model/index.js';

type Requests = { models: Pick<Models, 'followRequests'> };

/** A page of the requests waiting for the member, newest first, and how many there are. */
export async function pendingRequestsPage(ctx: Requests, targetId: string, page: number, limit: number) {
  const [pending, total] = await Promise.all([
    ctx.models.followRequests
      .find({ targetId })
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean(),
    ctx.models.followRequests.countDocuments({ targetId }),
  ]);
  return { pending, total };
}

/** The request, when it is to this member. */
export async function requestTo(ctx: Requests, requestId: string, targetId: string) {
  return ctx.models.followRequests.findOne({ _id: requestId, targetId }).lean();
}

/** Drops an answered request. */
export async function dropRequest(ctx: Requests, requestId: Types.ObjectId): Promise<void> {
  await ctx.models.followRequests.deleteOne({ _id: requestId });
}
