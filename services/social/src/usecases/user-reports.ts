/** Reports on members ('Şikayet Et' on a profile), as polls are reported: one per reporter and member, never oneself. */
import { isDuplicateKey, type RequestIdSource } from '@meydan/kit';
import { events, type ReportCreateBody } from '@meydan/proto';
import type { SocialContext } from '../context.js';
import { createUserReport } from '../store/user-reports.js';

/** Stores the report and announces it to the moderators; 'own' for oneself, 'again' for a second one by the same reporter. */
export async function reportUser(
  ctx: Pick<SocialContext, 'models' | 'bus' | 'users'>,
  userId: string,
  body: ReportCreateBody,
  reporterId: string,
  source: RequestIdSource,
): Promise<{ reportId: string } | 'own' | 'again'> {
  if (userId === reporterId) return 'own';
  await ctx.users.get(userId, source);
  const description = body.description?.trim() ? body.description.trim() : null;
  let report: Awaited<ReturnType<typeof createUserReport>>;
  try {
    report = await createUserReport(ctx, { userId, reporterId, reason: body.reason.trim(), description });
  } catch (err) {
    if (isDuplicateKey(err)) return 'again';
    throw err;
  }
  const reportId = String(report._id);
  await ctx.bus.publishReliably(
    events.social.userReported,
    { reportId, userId, reporterId, reason: report.reason, description, at: report.createdAt.toISOString() },
    { requestId: source, msgId: `user-report:${reportId}` },
  );
  return { reportId };
}
