import { HttpError } from '@meydan/kit';
import { pushMessages as M, type PushSubscriptionBody } from '@meydan/proto';
import type { NotificationsContext } from '../context.js';
import { memberOfToken } from '../domain/unsubscribe-token.js';

/** The VAPID public key browsers subscribe with; 503 when Web Push is not configured. */
export function pushPublicKey(ctx: NotificationsContext): { publicKey: string } {
  const publicKey = ctx.push.publicKey;
  if (!publicKey) throw new HttpError(503, 'service_unavailable', M.unavailable);
  return { publicKey };
}

/** The browsers a member subscribed. */
export async function listPushSubscriptions(ctx: NotificationsContext, userId: string) {
  return { subscriptions: await ctx.push.list(userId) };
}

/** A browser subscribed to a member's notifications: their subscriptions after it. */
export async function subscribePush(ctx: NotificationsContext, userId: string, body: PushSubscriptionBody) {
  const { push } = ctx;
  if (!push.publicKey) throw new HttpError(503, 'service_unavailable', M.unavailable);
  if (!push.acceptsEndpoint(body.endpoint)) throw new HttpError(400, 'validation', M.endpoint);
  await push.subscribe(userId, body);
  return { subscriptions: await push.list(userId) };
}

/** A browser's subscription ended (by its endpoint). */
export async function unsubscribePush(ctx: NotificationsContext, userId: string, endpoint: string) {
  return { removed: await ctx.push.unsubscribe(userId, endpoint) };
}

/** Whether a member gets the notification mails. */
export async function mailChoice(ctx: NotificationsContext, userId: string): Promise<{ email: boolean }> {
  return { email: await ctx.mail.wants(userId) };
}

/** A member turns the notification mails on or off. */
export async function chooseMail(
  ctx: NotificationsContext,
  userId: string,
  email: boolean,
): Promise<{ email: boolean }> {
  await ctx.mail.choose(userId, email);
  return { email };
}

/** A mail's unsubscribe link followed: the member its token names, whose mails are now off; null for a bad token. */
export async function unsubscribeByToken(ctx: NotificationsContext, token: string | null): Promise<string | null> {
  const userId = token === null ? null : memberOfToken(ctx.config.MAIL_SECRET!, token);
  if (!userId) return null;
  await ctx.mail.choose(userId, false);
  return userId;
}
