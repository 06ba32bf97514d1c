import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml, htmlPage, htmlPageResponse, mailedTokenParams as tokenParams, sealMail } from '@meydan/kit';
import { apiPaths, events, newsletterMessages, type NewsletterSubscribeBody } from '@meydan/proto';
import type { ContactContext } from '../context.js';
import { firstMailInInterval } from '../store/mail-throttle.js';
import { newsletterConfirmMail } from '../domain/mail.js';
import { texts as T } from '../domain/texts.js';
import { Subscribers } from '../store/subscribers.js';

/**
 * The newsletter with double opt-in: subscribing answers the same whether the address is new or known (nothing
 * to enumerate) and mails a single-use confirmation link; only a confirmed address is a subscriber. Every mail
 * carries an unsubscribe link.
 */
export async function newsletterRoutes(app: FastifyInstance, { ctx }: { ctx: ContactContext }): Promise<void> {
  const subscribers = new Subscribers(ctx.models, ctx.config.INTERNAL_SECRET);
  const confirmHours = ctx.config.NEWSLETTER_CONFIRM_HOURS ?? 48;
  const mailIntervalS = ctx.config.NEWSLETTER_MAIL_INTERVAL_S ?? 600;
  const origin = ctx.config.PUBLIC_ORIGIN ?? 'http://localhost:8080';

  app.post<{ Body: NewsletterSubscribeBody }>(
    apiPaths.newsletterSubscribe,
    {
      schema: {
        summary: 'Bültene abone olur; onay bağlantısı e-postayla gönderilir',
        body: { $ref: 'meydan/newsletter-subscribe#' },
        response: { 202: { $ref: 'meydan/message#' } },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim();
      // One confirmation mail per address per interval: the box cannot be used to flood someone's inbox.
      if (await firstMailInInterval(ctx.redis, email, mailIntervalS)) {
        const { subscriber, confirmToken } = await subscribers.request(email, confirmHours);
        if (confirmToken) {
          const id = subscriber._id.toHexString();
          const mail = newsletterConfirmMail(
            `${origin}/api/newsletter/confirm/${confirmToken}`,
            `${origin}/api/newsletter/unsubscribe/${subscribers.unsubscribeToken(id)}`,
            confirmHours,
          );
          await ctx.bus.publishReliably(
            events.contact.mailRequested,
            sealMail(ctx.config.MAIL_SECRET, { to: subscriber.email, ...mail, tag: 'newsletter-confirm', userId: null }),
            { requestId: request.id, msgId: `mail:newsletter-confirm:${id}:${confirmToken.slice(0, 16)}` },
          );
        }
      } else {
        request.log.info('newsletter confirmation mail held back (one per interval)');
      }
      reply.code(202);
      return { message: newsletterMessages.subscribed };
    },
  );

  const page = (reply: FastifyReply, status: number, title: string, body: string, kind: 'ok' | 'error') =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(htmlPage(title, `<p>${escapeHtml(body)}</p><a class="button" href="/">${escapeHtml(T.backHome)}</a>`, kind));

  const linkSchema = (summary: string) => ({ summary, params: tokenParams, response: { 200: htmlPageResponse, 400: htmlPageResponse } });
  // A link from an e-mail is opened in a browser: a malformed token (too long, say) gets the same page as an unknown one,
  // not the API's JSON validation error.
  const linkRoute = (summary: string) => ({ schema: linkSchema(summary), attachValidation: true });
  const invalidLink = (reply: FastifyReply) => page(reply, 400, T.invalidLinkTitle, T.invalidLinkBody, 'error');

  app.get<{ Params: { token: string } }>(
    '/api/newsletter/confirm/:token',
    linkRoute('Bülten aboneliğini onaylar (e-postadaki bağlantı)'),
    async (request, reply) => {
      if (request.validationError) return invalidLink(reply);
      const confirmed = await subscribers.confirm(request.params.token);
      if (!confirmed) return invalidLink(reply);
      request.log.info({ subscriberId: confirmed._id.toHexString() }, 'newsletter subscription confirmed');
      return page(reply, 200, T.confirmedTitle, T.confirmedBody, 'ok');
    },
  );

  app.get<{ Params: { token: string } }>(
    '/api/newsletter/unsubscribe/:token',
    linkRoute('Bülten aboneliğinden çıkar (e-postadaki bağlantı)'),
    async (request, reply) => {
      if (request.validationError || !(await subscribers.unsubscribe(request.params.token))) return invalidLink(reply);
      return page(reply, 200, T.unsubscribedTitle, T.unsubscribedBody, 'ok');
    },
  );
}
