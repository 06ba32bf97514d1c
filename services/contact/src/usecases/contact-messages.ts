/** The contact form's actions: its bot challenge, a message sent through it, and the admin's pages of the messages. */
import { sealMail, type BotChallenge, type Logger } from '@meydan/kit';
import {
  events,
  limits,
  type ContactMessageBody,
  type ContactMessagesPageReply,
  type ContactMessagesPageRequest,
  type ContactReceipt,
} from '@meydan/proto';
import type { ContactContext } from '../context.js';
import { receiptMail, supportMail } from '../domain/mail.js';
import { texts as T } from '../domain/texts.js';
import type { BotCheckVerdict } from '../store/bot-check.js';
import { messagesPage, storeTicket } from '../store/messages.js';

/** Who sends the form: the member when signed in, the address it came from, and the request it came with. */
export interface Sender {
  userId: string | null;
  ip: string | null;
  requestId: string;
  log: Pick<Logger, 'info'>;
}

/** A message stored and mailed (its receipt), or the bot check's refusal, which the route answers with its status. */
export type ContactOutcome =
  | { receipt: ContactReceipt }
  | { refused: Extract<BotCheckVerdict, { ok: false }>['reason'] };

/** A fresh ALTCHA challenge for the form. */
export function issueContactChallenge(
  ctx: Pick<ContactContext, 'challenge'>,
): ReturnType<BotChallenge['createChallenge']> {
  return ctx.challenge.createChallenge();
}

/**
 * Checks the bot challenge, stores the message as a ticket, then asks for the support inbox's mail and the sender's
 * receipt.
 */
export async function sendContactMessage(
  ctx: Pick<ContactContext, 'botCheck' | 'models' | 'redis' | 'bus' | 'config'>,
  body: ContactMessageBody,
  sender: Sender,
): Promise<ContactOutcome> {
  const verdict = await ctx.botCheck.verify(body.turnstileToken, sender.ip);
  if (!verdict.ok) return { refused: verdict.reason };
  const facts = {
    name: body.name.trim(),
    email: body.email.trim(),
    subject: body.subject,
    message: body.message.trim(),
    userId: sender.userId,
  };
  const { _id: ticketId, ticketNumber } = await storeTicket(ctx.models, ctx.redis, {
    ...facts,
    status: 'yeni',
    ip: sender.ip,
  });
  sender.log.info({ ticketNumber, subject: facts.subject }, 'contact message stored');

  const ticket = { ...facts, ticketNumber };
  const replyHours = limits.support.averageReplyHours;
  // The mails are deduplicated by message id (JetStream and the mailer): the stored id is unique everywhere,
  // where a ticket number is unique only within one deployment.
  await ctx.bus.publishReliably(
    events.contact.mailRequested,
    sealMail(ctx.config.MAIL_SECRET, {
      to: ctx.config.SUPPORT_EMAIL ?? 'destek@meydan.local',
      ...supportMail(ticket),
      tag: 'contact-support',
      userId: facts.userId,
    }),
    { requestId: sender.requestId, msgId: `mail:contact-support:${ticketId.toHexString()}` },
  );
  await ctx.bus.publishReliably(
    events.contact.mailRequested,
    sealMail(ctx.config.MAIL_SECRET, {
      to: facts.email,
      ...receiptMail(ticket, replyHours),
      tag: 'contact-receipt',
      userId: facts.userId,
    }),
    { requestId: sender.requestId, msgId: `mail:contact-receipt:${ticketId.toHexString()}` },
  );
  return { receipt: { message: T.received(ticketNumber, replyHours), ticketNumber, status: 'yeni' } };
}

/** One page of the messages, newest first, as the admin reads them over `contact.messages.page`. */
export function readContactMessages(
  ctx: Pick<ContactContext, 'models'>,
  asked: ContactMessagesPageRequest,
): Promise<ContactMessagesPageReply> {
  return messagesPage(ctx.models, asked);
}
