/**
 * Bulk e-mail: one work-queue message per recipient (message id `<jobId>:<userId>`, so a repeated enqueue is stored
 * once), taken by a throttled worker that hands the mail to the mailer and records the recipient as sent before
 * acknowledging. A worker that dies leaves its unacknowledged recipients to be handed out again; one already
 * recorded is skipped, and the mail request itself carries a message id, so the mailer gets it once.
 */
import { isObjectId, sealMail, type Logger } from '@meydan/kit';
import { events, live, work, type BulkEmailBody, type BulkEmailRecipient } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { bulkMail } from '../domain/mail.js';
import { memberEmails } from '../clients/auth.js';
import { jobMail, jobProgress, recipientDecided, recordRecipient } from '../store/bulk-email.js';
import { createBulkJob } from '../store/panel.js';
import { audit, type Staff } from './staff.js';

type Sending = Pick<AdminContext, 'models' | 'bus' | 'deployment'>;

/** Starts sending to every active, verified member; null when there is nobody to send to. */
export async function startBulkEmail(ctx: Sending, mail: BulkEmailBody, by: Staff): Promise<{ jobId: string } | null> {
  const { users } = await memberEmails(ctx, by.requestId);
  if (users.length === 0) return null;
  const jobId = await createBulkJob(ctx.models, {
    adminId: by.userId,
    subject: mail.subject,
    body: mail.body,
    total: users.length,
  });
  await audit(ctx, by, 'bulk-email.send', 'bulk-email', jobId, mail.subject);
  // The job record is written first, so the worker always finds it. Typed by hand: the bus finds the contract of
  // this deployment's subject through the wildcard filter.
  const subject = work.adminBulkEmail(ctx.deployment) as never;
  for (const r of users) {
    const recipient: BulkEmailRecipient = { jobId, userId: r.id, email: r.email, name: r.displayName || r.username };
    await ctx.bus.publishReliably(subject, recipient as never, { requestId: by.requestId, msgId: `${jobId}:${r.id}` });
  }
  return { jobId };
}

/** The job's progress as the panel shows it; null for an unknown job. */
export async function readBulkEmailJob(ctx: Sending, jobId: string) {
  const progress = isObjectId(jobId) ? await jobProgress(ctx, jobId) : null;
  if (!progress) return null;
  const { adminId: _adminId, ...job } = progress;
  return job;
}

/** A simple pacer: one slot every 1000/rate ms, shared by the worker's handlers. */
function pacer(perSecond: number) {
  const interval = 1000 / perSecond;
  let next = 0;
  return async () => {
    const now = Date.now();
    const at = Math.max(now, next);
    next = at + interval;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  };
}

/** One delivery of a recipient's work-queue message: how many times it came, and the request it carries. */
export interface Delivery {
  deliveries: number;
  requestId: string;
  log: Pick<Logger, 'error'>;
}

/**
 * The worker's courier: hands each recipient's mail to the mailer at the configured rate, records the recipient as
 * sent (or, after the last try, failed) and announces the job's progress live.
 */
export function bulkEmailCourier(ctx: Pick<AdminContext, 'models' | 'bus' | 'deployment' | 'config' | 'log'>) {
  const maxTries = ctx.config.BULK_EMAIL_MAX_TRIES ?? 5;
  const wait = pacer(ctx.config.BULK_EMAIL_RATE_PER_SEC ?? 20);
  const jobs = new Map<string, { subject: string; body: string; adminId: string }>();

  const announce = async (jobId: string, requestId: string) => {
    const progress = await jobProgress(ctx, jobId);
    if (!progress) return;
    const { id: _id, ...counts } = progress;
    // Live and best effort: a lost progress message is followed by the next one, or read with GET.
    try {
      ctx.bus.publishLive(live.adminBulkEmail, { jobId, ...counts }, { requestId });
    } catch (err) {
      ctx.log.warn({ err, reqId: requestId, jobId }, 'bulk e-mail progress not published');
    }
  };

  return async function deliverBulkEmail(r: BulkEmailRecipient, c: Delivery): Promise<void> {
    const recipientId = `${r.jobId}:${r.userId}`;
    if (await recipientDecided(ctx, recipientId)) return;
    let job = jobs.get(r.jobId);
    if (!job) {
      const stored = await jobMail(ctx, r.jobId);
      if (!stored) return;
      job = stored;
      jobs.set(r.jobId, job);
    }
    try {
      await wait();
      const mail = bulkMail(job.subject, job.body, r.name);
      await ctx.bus.publish(
        events.admin.mailRequested,
        sealMail(ctx.config.MAIL_SECRET, { to: r.email, ...mail, tag: 'bulk-email', userId: r.userId }),
        { requestId: c.requestId, msgId: `bulk-mail:${recipientId}` },
      );
    } catch (err) {
      if (c.deliveries < maxTries) throw err;
      c.log.error({ err, jobId: r.jobId, userId: r.userId }, 'bulk e-mail recipient failed for the last time');
      await recordRecipient(ctx, recipientId, r, 'failed');
      await announce(r.jobId, c.requestId);
      return;
    }
    await recordRecipient(ctx, recipientId, r, 'sent');
    await announce(r.jobId, c.requestId);
  };
}
