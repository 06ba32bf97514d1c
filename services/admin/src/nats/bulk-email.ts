/**
 * Bulk e-mail: one work-queue message per recipient (message id `<jobId>:<userId>`, so a repeated enqueue is stored
 * once), taken by a throttled worker that hands the mail to the mailer and records the recipient as sent before
 * acknowledging. A worker that dies leaves its unacknowledged recipients to be handed out again; one already
 * recorded is skipped, and the mail request itself carries a message id, so the mailer gets it once.
 */
import { live, events, streams, work } from '@meydan/proto';
import { adminBulkEmailStream, type ConsumerHandle, sealMail } from '@meydan/kit';
import type { AdminContext } from '../context.js';
import { bulkMail } from '../domain/mail.js';
import { jobMail, jobProgress, recipientDecided, recordRecipient } from '../store/bulk-email.js';

/**
 * Makes sure of the work-queue stream at NATS_STREAM_REPLICAS (several instances may try at once): created when
 * missing where the NATS user may (tests, a server without users); under its own user, admin only looks it up and
 * the operator sets it up.
 */
export async function ensureBulkEmailStream(ctx: AdminContext): Promise<void> {
  await ctx.bus.ensureStream(adminBulkEmailStream);
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

export async function startBulkEmailWorker(ctx: AdminContext): Promise<ConsumerHandle> {
  const { bus, config } = ctx;
  const maxTries = config.BULK_EMAIL_MAX_TRIES ?? 5;
  const wait = pacer(config.BULK_EMAIL_RATE_PER_SEC ?? 20);
  const jobs = new Map<string, { subject: string; body: string; adminId: string }>();
  const subject = work.adminBulkEmail(ctx.deployment) as typeof work.adminBulkEmailFilter;

  const announce = async (jobId: string, requestId: string) => {
    const progress = await jobProgress(ctx, jobId);
    if (!progress) return;
    const { id: _id, ...counts } = progress;
    // Live and best effort: a lost progress message is followed by the next one, or read with GET.
    try {
      bus.publishLive(live.adminBulkEmail, { jobId, ...counts }, { requestId });
    } catch (err) {
      ctx.log.warn({ err, reqId: requestId, jobId }, 'bulk e-mail progress not published');
    }
  };

  return bus.consume({
    stream: streams.adminBulkEmail.name,
    purpose: 'bulk-email',
    filterSubject: subject,
    deliverAll: true,
    // The last try is decided by the handler (recorded as failed), so nothing reaches the dead-letter subject.
    maxDeliver: maxTries + 1,
    ackWaitMs: config.BULK_EMAIL_ACK_WAIT_MS ?? 30_000,
    backoffMs: [1000, 5000, 15_000, 60_000],
    concurrency: 4,
    handler: async (r, c) => {
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
        await bus.publish(
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
    },
  });
}
