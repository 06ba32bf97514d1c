/**
 * Web Push: the members' subscribed browsers, and messages sent to them with `web-push` (VAPID, aes128gcm) through
 * each browser vendor's push service. A subscription its push service answers 404 or 410 for is gone: it is removed.
 * Sending is best-effort: a push service that fails is logged, and the notification in the app stays the record.
 */
import type { Logger } from '@meydan/kit';
import { pushLimits, type PushPayload, type PushSubscriptionBody } from '@meydan/proto';
import type { Models } from '../model/index.js';
import type { NotificationsConfig } from '../config.js';

type WebPush = typeof import('web-push');

/** How long a push service keeps a message for a browser that is offline. */
const TTL_SECONDS = 24 * 3600;
const SEND_TIMEOUT_MS = 10_000;

export class PushChannel {
  // web-push is loaded with the first message, not at start (like nodemailer in the mailer).
  private webPush: Promise<WebPush> | null = null;

  constructor(
    private readonly models: Models,
    private readonly config: NotificationsConfig,
    private readonly log: Logger,
  ) {}

  /** The VAPID public key browsers subscribe with, or null when Web Push is not configured. */
  get publicKey(): string | null {
    return this.config.VAPID_PUBLIC_KEY && this.config.VAPID_PRIVATE_KEY ? this.config.VAPID_PUBLIC_KEY : null;
  }

  /** Whether an endpoint may be pushed to: https only, unless PUSH_ALLOW_HTTP_ENDPOINTS (the tests' stand-in). */
  acceptsEndpoint(endpoint: string): boolean {
    return (
      endpoint.startsWith('https://') ||
      (this.config.PUSH_ALLOW_HTTP_ENDPOINTS === '1' && endpoint.startsWith('http://'))
    );
  }

  /** Keeps a browser's subscription for the member (the same endpoint again replaces it); the oldest beyond the limit go. */
  async subscribe(userId: string, body: PushSubscriptionBody): Promise<void> {
    const { pushSubscriptions } = this.models;
    await pushSubscriptions.updateOne(
      { endpoint: body.endpoint },
      { $set: { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: new Date() } },
      { upsert: true },
    );
    const extra = await pushSubscriptions
      .find({ userId }, { _id: 1 })
      .sort({ createdAt: -1 })
      .skip(pushLimits.subscriptionsPerMember)
      .lean();
    if (extra.length > 0) await pushSubscriptions.deleteMany({ _id: { $in: extra.map((s) => s._id) } });
  }

  async unsubscribe(userId: string, endpoint: string): Promise<number> {
    return (await this.models.pushSubscriptions.deleteOne({ userId, endpoint })).deletedCount;
  }

  async list(userId: string): Promise<{ endpoint: string; createdAt: string }[]> {
    const rows = await this.models.pushSubscriptions.find({ userId }).sort({ createdAt: -1 }).lean();
    return rows.map((r) => ({ endpoint: r.endpoint, createdAt: new Date(r.createdAt).toISOString() }));
  }

  async removeMember(userId: string): Promise<void> {
    await this.models.pushSubscriptions.deleteMany({ userId });
  }

  /** Sends the message to each of the member's browsers; resolves with how many push services took it. */
  async send(userId: string, payload: PushPayload, log: Logger = this.log): Promise<number> {
    const publicKey = this.publicKey;
    if (!publicKey) return 0;
    const subscriptions = await this.models.pushSubscriptions.find({ userId }).lean();
    if (subscriptions.length === 0) return 0;
    this.webPush ??= import('web-push').then((m) => (m as unknown as { default: WebPush }).default ?? m);
    const webPush = await this.webPush;
    const options = {
      vapidDetails: {
        subject: this.config.VAPID_SUBJECT ?? 'mailto:no-reply@meydan.local',
        publicKey,
        privateKey: this.config.VAPID_PRIVATE_KEY!,
      },
      TTL: TTL_SECONDS,
    };
    const body = JSON.stringify(payload);
    const sent = await Promise.all(
      subscriptions.map(async (s) => {
        if (!this.acceptsEndpoint(s.endpoint)) return false;
        try {
          // web-push encrypts the message (aes128gcm) and signs the VAPID header; the post is ours (fetch), so an
          // http endpoint (the tests' stand-in, PUSH_ALLOW_HTTP_ENDPOINTS) is reached like an https one.
          const request = webPush.generateRequestDetails(
            { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
            body,
            options,
          );
          const res = await fetch(request.endpoint, {
            method: 'POST',
            headers: request.headers as Record<string, string>,
            body: request.body ? new Uint8Array(request.body) : null,
            redirect: 'error',
            signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
          });
          await res.body?.cancel();
          if (res.ok) return true;
          if (res.status === 404 || res.status === 410) {
            await this.models.pushSubscriptions.deleteOne({ _id: s._id });
            log.info({ status: res.status }, 'push subscription gone: removed');
          } else {
            log.warn({ status: res.status }, 'push not taken by its push service');
          }
        } catch (err) {
          log.warn({ err: (err as Error).message }, 'push not sent');
        }
        return false;
      }),
    );
    return sent.filter(Boolean).length;
  }
}
