/** Bulk e-mail jobs as the routes and the worker see them: their progress, and their recipients put on the work queue. */
import { work, type BulkEmailJob, type BulkEmailRecipient } from '@meydan/proto';
import type { Bus } from '@meydan/kit';
import type { Models } from '../model/index.js';

/** What a job is kept in and handed out through: its records, the bus, and this deployment's work-queue token. */
type BulkEmail = { models: Models; bus: Bus; deployment: string };

/** A job's progress, counted from its recipients' records (no counter two workers could both bump). */
export async function jobProgress(ctx: BulkEmail, jobId: string): Promise<(BulkEmailJob & { adminId: string }) | null> {
  const job = await ctx.models.BulkJob.findById(jobId).lean();
  if (!job) return null;
  const [sent, failed] = await Promise.all([
    ctx.models.BulkRecipient.countDocuments({ jobId, state: 'sent' }),
    ctx.models.BulkRecipient.countDocuments({ jobId, state: 'failed' }),
  ]);
  const state = sent + failed >= job.total ? 'done' : sent + failed > 0 ? 'sending' : 'queued';
  return { id: jobId, adminId: job.adminId, total: job.total, sent, failed, state };
}

/** Queues one message per recipient; the job record is written first, so the worker always finds it. */
export async function enqueueRecipients(
  ctx: BulkEmail,
  jobId: string,
  recipients: { id: string; email: string; username: string; displayName: string | null }[],
  requestId: string,
): Promise<void> {
  // Typed by hand: the bus finds the contract of this deployment's subject through the wildcard filter.
  const subject = work.adminBulkEmail(ctx.deployment) as never;
  for (const r of recipients) {
    const recipient: BulkEmailRecipient = { jobId, userId: r.id, email: r.email, name: r.displayName || r.username };
    await ctx.bus.publishReliably(subject, recipient as never, { requestId, msgId: `${jobId}:${r.id}` });
  }
}

/** Where the worker reads jobs and records recipients. */
type Records = { models: Pick<Models, 'BulkJob' | 'BulkRecipient'> };

/** Whether the recipient is recorded as sent or failed already (a redelivered message is then skipped). */
export async function recipientDecided(ctx: Records, recipientId: string): Promise<boolean> {
  return (await ctx.models.BulkRecipient.exists({ _id: recipientId })) !== null;
}

/** The job's mail and its administrator; null when the job is gone. */
export async function jobMail(ctx: Records, jobId: string): Promise<{ subject: string; body: string; adminId: string } | null> {
  const stored = await ctx.models.BulkJob.findById(jobId).lean();
  return stored ? { subject: stored.subject, body: stored.body, adminId: stored.adminId } : null;
}

/** Records the recipient as sent or failed; the first record stays (a second worker's changes nothing). */
export async function recordRecipient(ctx: Records, recipientId: string, recipient: { jobId: string; userId: string }, state: 'sent' | 'failed'): Promise<void> {
  await ctx.models.BulkRecipient.updateOne(
    { _id: recipientId },
    { $setOnInsert: { jobId: recipient.jobId, userId: recipient.userId, state } },
    { upsert: true },
  );
}
