import type { Types } from 'mongoose';
import type { SocialModels } from '../model/social-models.js';

type Requests = Pick<SocialModels, 'followRequests'>;

/** A page of the requests waiting for the member, newest first, and how many there are. */
export async function pendingRequestsPage(ctx: Requests, targetId: string, page: number, limit: number) {
  const [pending, total] = await Promise.all([
    ctx.followRequests
      .find({ targetId })
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * limit)
      .limit(limit)
      .lean(),
    ctx.followRequests.countDocuments({ targetId }),
  ]);
  return { pending, total };
}

/** The request, when it is to this member. */
export async function requestTo(ctx: Requests, requestId: string, targetId: string) {
  return ctx.followRequests.findOne({ _id: requestId, targetId }).lean();
}

/** Drops an answered request. */
export async function dropRequest(ctx: Requests, requestId: Types.ObjectId): Promise<void> {
  await ctx.followRequests.deleteOne({ _id: requestId });
}
