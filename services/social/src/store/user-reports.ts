import type { Models } from '../model/index.js';

/** Stores a member's report on another member; a second one by the same reporter throws the duplicate-key error. */
export async function createUserReport(
  ctx: { models: Pick<Models, 'userReports'> },
  report: { userId: string; reporterId: string; reason: string; description: string | null },
) {
  return ctx.models.userReports.create({ ...report, createdAt: new Date() });
}
