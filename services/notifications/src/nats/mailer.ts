import type { Transporter } from 'nodemailer';
import { events, mailRequestedFilter } from '@meydan/proto';
import { openMail } from '@meydan/kit';
import type { NotificationsContext } from '../context.js';

/** The mailer's consumer: `notifications--mailer`. */
const MAILER_PURPOSE = 'mailer';

/** How long a sent mail's message id is remembered (a redelivery after a send that was not acked is not sent twice). */
const SENT_SECONDS = 7 * 24 * 3600;

/**
 * The mailer: every `events.*.mail.requested` is opened with MAIL_SECRET and sent with nodemailer over SMTP_URL. When SMTP is unreachable the
 * handler throws and JetStream redelivers with backoff (up to a minute apart, 20 deliveries), so a mail requested
 * while mail is briefly down is sent once it is back; after the last delivery it is dead-lettered. A request that
 * can never be sent (not a valid mail) goes straight to the dead letters (the bus checks it against its contract).
 */
export async function bindMailer(ctx: NotificationsContext): Promise<{ close(): void }> {
  const { bus, redis, log } = ctx;
  // nodemailer is loaded with the first mail, not at start: it adds about 10 MB to an idle process.
  let transport: Promise<Transporter> | null = null;
  const mailTransport = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: ctx.config.SMTP_URL,
        connectionTimeout: 5000,
        greetingTimeout: 5000,
        socketTimeout: 20_000,
      }),
    ));

  await bus.consume({
    purpose: MAILER_PURPOSE,
    filterSubject: mailRequestedFilter,
    maxDeliver: 20,
    backoffMs: [1000, 2000, 5000, 10_000, 30_000, 60_000],
    concurrency: 4,
    ackWaitMs: 60_000,
    handler: async (request, c) => {
      // Sealed by its sender with MAIL_SECRET (the kit's mail.ts): one that does not open is retried, then dead-lettered.
      const mail = openMail(ctx.config.MAIL_SECRET, request);
      const sentKey = c.msgId ? `mail:sent:${c.msgId}` : null;
      if (sentKey && (await redis.exists(sentKey).catch(() => 0)) === 1) return; // without Redis: rather twice than never
      const info = await (await mailTransport()).sendMail({
        from: ctx.config.MAIL_FROM ?? 'Meydan <no-reply@meydan.local>',
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: {
          ...(mail.tag ? { 'X-Meydan-Tag': mail.tag } : {}),
          // The mail a member opted in to: their mail client's own "unsubscribe" turns it off in one click (RFC 8058).
          ...(c.subject === events.notifications.mailRequested && mail.userId
            ? {
                'List-Unsubscribe': `<${ctx.mail.unsubscribeUrl(mail.userId)}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              }
            : {}),
        },
      });
      if (sentKey) await redis.set(sentKey, '1', 'EX', SENT_SECONDS).catch(() => {});
      c.log.info({ tag: mail.tag, messageId: info.messageId, deliveries: c.deliveries }, 'mail sent');
    },
  });
  log.info({ durable: bus.durable(MAILER_PURPOSE) }, 'mailer consuming');
  return { close: () => void transport?.then((t) => t.close()) };
}
