import { HttpError, type ServiceApp } from '@meydan/kit';
import { apiPaths, contactMessages, type ContactReceipt } from '@meydan/proto';
import type { ContactContext } from '../context.js';
import { texts as T } from '../domain/texts.js';
import { issueContactChallenge, sendContactMessage } from '../usecases/contact-messages.js';

/**
 * The contact form: `GET /api/contact/challenge` hands out the bot challenge, `POST /api/contact` sends a message
 * (usecases/contact-messages.ts) and answers the challenge's refusal with its status. The gateway limits posts per IP.
 */
export async function contactRoutes(app: ServiceApp, { ctx }: { ctx: ContactContext }): Promise<void> {
  app.get(
    '/api/contact/challenge',
    {
      schema: {
        summary: 'İletişim formu için güvenlik doğrulaması (ALTCHA) üretir',
        response: { 200: { $ref: 'meydan/bot-challenge#' } },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return issueContactChallenge(ctx);
    },
  );

  app.post(
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
      const sent = await sendContactMessage(ctx, request.body, {
        userId: request.identity?.userId ?? null,
        ip,
        requestId: request.id,
        log: request.log,
      });
      if ('refused' in sent) {
        request.log.info({ reason: sent.refused }, 'contact challenge refused');
        if (sent.refused === 'unavailable') throw new HttpError(503, 'service_unavailable', T.challengeUnavailable);
        if (sent.refused === 'malformed') throw new HttpError(400, 'challenge_required', contactMessages.challenge);
        throw new HttpError(403, 'challenge_invalid', T.challengeInvalid);
      }
      reply.code(201);
      return sent.receipt;
    },
  );
}
