/** Bulk e-mail jobs as the panel and the worker see them: their progress, their mail and their recipients' records. */
import type { BulkEmailJob } from '@meydan/proto';
import type { Models } from '../model/index.js';

/** Where jobs and their recipients are recorded. */
type Records = { models: Pick<Models, 'BulkJob' | 'BulkRecipient'> };

/** A job's progress, counted from its recipients' records (no counter two workers could both bump). */
export async function jobProgress(ctx: Records, jobId: string): Promise<(BulkEmailJob & { adminId: string }) | null> {
  const job = await ctx.models.BulkJob.findById(jobId).lean();
  if (!job) return null;
  const [sent, failed] = await Promise.all([
    ctx.models.BulkRecipient.countDocuments({ jobId, state: 'sent' }),
    ctx.models.BulkRecipient.countDocuments({ jobId, state: 'failed' }),
  ]);
  const state = sent + failed >= job.total ? 'done' : sent + failed > 0 ? 'sending' : 'queued';
  return { id: jobId, adminId: job.adminId, total: job.total, sent, failed, state };
}

/** Whether the recipient is recorded as sent or failed already (a redelivered message is then skipped). */
export async function recipientDecided(ctx: Records, recipientId: string): Promise<boolean> {
  return (await ctx.models.BulkRecipient.exists({ _id: recipientId })) !== null;
}

/** The job's mail and its administrator; null when the job is gone. */
export async function jobMail(
  ctx: Records,
  jobId: string,
): Promise<{ subject: string; body: string; adminId: string } | null> {
  const stored = await ctx.models.BulkJob.findById(jobId).lean();
  return stored ? { subject: stored.subject, body: stored.body, adminId: stored.adminId } : null;
}

/** Records the recipient as sent or failed; the first record stays (a second worker's changes nothing). */
export async function recordRecipient(
  ctx: Records,
  recipientId: string,
  recipient: { jobId: string; userId: string },
  state: 'sent' | 'failed',
): Promise<void> {
  await ctx.models.BulkRecipient.updateOne(
    { _id: recipientId },
    { $setOnInsert: { jobId: recipient.jobId, userId: recipient.userId, state } },
    { upsert: true },
  );
}
