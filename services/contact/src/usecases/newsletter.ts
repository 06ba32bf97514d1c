/**
 * The newsletter with double opt-in: subscribing answers the same whether the address is new or known (nothing to
 * enumerate) and mails a single-use confirmation link; only a confirmed address is a subscriber. Every mail carries
 * an unsubscribe link.
 */
import { sealMail, type Logger } from '@meydan/kit';
import { events } from '@meydan/proto';
import type { ContactContext } from '../context.js';
import { newsletterConfirmMail } from '../domain/mail.js';
import { firstMailInInterval } from '../store/mail-throttle.js';

type Newsletter = Pick<ContactContext, 'subscribers' | 'redis' | 'bus' | 'config'>;

/**
 * Records the wish to subscribe and mails the confirmation link, at most one mail per address per interval (the box
 * cannot be used to flood someone's inbox); nothing goes to an address already confirmed.
 */
export async function subscribeToNewsletter(
  ctx: Newsletter,
  email: string,
  asker: { requestId: string; log: Pick<Logger, 'info'> },
): Promise<void> {
  const confirmHours = ctx.config.NEWSLETTER_CONFIRM_HOURS ?? 48;
  const origin = ctx.config.PUBLIC_ORIGIN ?? 'http://localhost:8080';
  if (!(await firstMailInInterval(ctx.redis, email, ctx.config.NEWSLETTER_MAIL_INTERVAL_S ?? 600))) {
    asker.log.info('newsletter confirmation mail held back (one per interval)');
    return;
  }
  const { subscriber, confirmToken } = await ctx.subscribers.request(email, confirmHours);
  if (!confirmToken) return;
  const id = subscriber._id.toHexString();
  const mail = newsletterConfirmMail(
    `${origin}/api/newsletter/confirm/${confirmToken}`,
    `${origin}/api/newsletter/unsubscribe/${ctx.subscribers.unsubscribeToken(id)}`,
    confirmHours,
  );
  await ctx.bus.publishReliably(
    events.contact.mailRequested,
    sealMail(ctx.config.MAIL_SECRET, { to: subscriber.email, ...mail, tag: 'newsletter-confirm', userId: null }),
    { requestId: asker.requestId, msgId: `mail:newsletter-confirm:${id}:${confirmToken.slice(0, 16)}` },
  );
}

/** Confirms the address of a valid, unused, unexpired token; the confirmed subscriber's id, or null for any other token. */
export async function confirmNewsletter(
  ctx: Pick<ContactContext, 'subscribers'>,
  token: string,
): Promise<string | null> {
  const confirmed = await ctx.subscribers.confirm(token);
  return confirmed ? confirmed._id.toHexString() : null;
}

/** Ends the subscription of a correctly signed token; false for anything else. Repeating it is harmless. */
export function unsubscribeFromNewsletter(ctx: Pick<ContactContext, 'subscribers'>, token: string): Promise<boolean> {
  return ctx.subscribers.unsubscribe(token);
}
