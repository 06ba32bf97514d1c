import type { FastifyInstance } from 'fastify';
import { HttpError, sealMail } from '@meydan/kit';
import { apiPaths, contactMessages, events, limits, type ContactMessageBody, type ContactReceipt } from '@meydan/proto';
import type { ContactContext } from '../context.js';
import { receiptMail, supportMail } from '../domain/mail.js';
import { texts as T } from '../domain/texts.js';
import { storeTicket } from '../store/messages.js';

/**
 * The contact form: `GET /api/contact/challenge` hands out the bot challenge, `POST /api/contact` checks it, stores
 * the message as a ticket, mails the support inbox and the sender's receipt. The gateway limits posts per IP.
 */
export async function contactRoutes(app: FastifyInstance, { ctx }: { ctx: ContactContext }): Promise<void> {
  app.get(
    '/api/contact/challenge',
    { schema: { summary: 'İletişim formu için güvenlik doğrulaması (ALTCHA) üretir', response: { 200: { $ref: 'meydan/bot-challenge#' } } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ctx.challenge.createChallenge();
    },
  );

  app.post<{ Body: ContactMessageBody }>(
    apiPaths.contact,
    {
      schema: {
        summary: 'İletişim formundan mesaj gönderir; destek talebi numarası döner',
        body: { $ref: 'meydan/contact-message#' },
        response: { 201: { $ref: 'meydan/contact-receipt#' } },
      },
    },
    async (request, reply): Promise<ContactReceipt> => {
      const ip = request.identity?.ip ?? null;
      const verdict = await ctx.botCheck.verify(request.body.turnstileToken, ip);
      if (!verdict.ok) {
        request.log.info({ reason: verdict.reason }, 'contact challenge refused');
        if (verdict.reason === 'unavailable') throw new HttpError(503, 'service_unavailable', T.challengeUnavailable);
        if (verdict.reason === 'malformed') throw new HttpError(400, 'challenge_required', contactMessages.challenge);
        throw new HttpError(403, 'challenge_invalid', T.challengeInvalid);
      }
      const facts = {
        name: request.body.name.trim(),
        email: request.body.email.trim(),
        subject: request.body.subject,
        message: request.body.message.trim(),
        userId: request.identity?.userId ?? null,
      };
      const { _id: ticketId, ticketNumber } = await storeTicket(ctx.models, ctx.redis, { ...facts, status: 'yeni', ip });
      request.log.info({ ticketNumber, subject: facts.subject }, 'contact message stored');

      const ticket = { ...facts, ticketNumber };
      const replyHours = limits.support.averageReplyHours;
      // The mails are deduplicated by message id (JetStream and the mailer): the stored id is unique everywhere,
      // where a ticket number is unique only within one deployment.
      await ctx.bus.publishReliably(
        events.contact.mailRequested,
        sealMail(ctx.config.MAIL_SECRET, { to: ctx.config.SUPPORT_EMAIL ?? 'destek@meydan.local', ...supportMail(ticket), tag: 'contact-support', userId: facts.userId }),
        { requestId: request.id, msgId: `mail:contact-support:${ticketId.toHexString()}` },
      );
      await ctx.bus.publishReliably(
        events.contact.mailRequested,
        sealMail(ctx.config.MAIL_SECRET, { to: facts.email, ...receiptMail(ticket, replyHours), tag: 'contact-receipt', userId: facts.userId }),
        { requestId: request.id, msgId: `mail:contact-receipt:${ticketId.toHexString()}` },
      );
      reply.code(201);
      return { message: T.received(ticketNumber, replyHours), ticketNumber, status: 'yeni' };
    },
  );
}
