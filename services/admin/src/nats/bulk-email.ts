/**
 * The bulk e-mail worker: a throttled consumer of this deployment's work queue, one message per recipient, each handed
 * to the courier (usecases/bulk-email.ts), which records the recipient before the message is acknowledged.
 */
import { streams, work } from '@meydan/proto';
import { adminBulkEmailStream, type ConsumerHandle } from '@meydan/kit';
import type { AdminContext } from '../context.js';
import { bulkEmailCourier } from '../usecases/bulk-email.js';

/**
 * Makes sure of the work-queue stream at NATS_STREAM_REPLICAS (several instances may try at once): created when
 * missing where the NATS user may (tests, a server without users); under its own user, admin only looks it up and
 * the operator sets it up.
 */
export async function ensureBulkEmailStream(ctx: AdminContext): Promise<void> {
  await ctx.bus.ensureStream(adminBulkEmailStream);
}

export async function startBulkEmailWorker(ctx: AdminContext): Promise<ConsumerHandle> {
  const { config } = ctx;
  const deliver = bulkEmailCourier(ctx);
  const subject = work.adminBulkEmail(ctx.deployment) as typeof work.adminBulkEmailFilter;
  return ctx.bus.consume({
    stream: streams.adminBulkEmail.name,
    purpose: 'bulk-email',
    filterSubject: subject,
    deliverAll: true,
    // The last try is decided by the courier (recorded as failed), so nothing reaches the dead-letter subject.
    maxDeliver: (config.BULK_EMAIL_MAX_TRIES ?? 5) + 1,
    ackWaitMs: config.BULK_EMAIL_ACK_WAIT_MS ?? 30_000,
    backoffMs: [1000, 5000, 15_000, 60_000],
    concurrency: 4,
    handler: (r, c) => deliver(r, c),
  });
}
