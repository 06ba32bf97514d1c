import type { FastifyReply } from 'fastify';
import { escapeHtml, htmlPage, htmlPageResponse, mailedTokenParams as tokenParams, type ServiceApp } from '@meydan/kit';
import { apiPaths, newsletterMessages } from '@meydan/proto';
import type { ContactContext } from '../context.js';
import { texts as T } from '../domain/texts.js';
import { confirmNewsletter, subscribeToNewsletter, unsubscribeFromNewsletter } from '../usecases/newsletter.js';

/**
 * The newsletter's routes (double opt-in, see usecases/newsletter.ts): subscribing answers the same whether the
 * address is new or known; the links from its mails answer with an HTML page.
 */
export async function newsletterRoutes(app: ServiceApp, { ctx }: { ctx: ContactContext }): Promise<void> {
  app.post(
    apiPaths.newsletterSubscribe,
    {
      schema: {
        summary: 'Bültene abone olur; onay bağlantısı e-postayla gönderilir',
        body: { $ref: 'meydan/newsletter-subscribe#' },
        response: { 202: { $ref: 'meydan/message#' } },
      },
    },
    async (request, reply) => {
      await subscribeToNewsletter(ctx, request.body.email.trim(), { requestId: request.id, log: request.log });
      reply.code(202);
      return { message: newsletterMessages.subscribed };
    },
  );

  const page = (reply: FastifyReply, status: number, title: string, body: string, kind: 'ok' | 'error') =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        htmlPage(title, `<p>${escapeHtml(body)}</p><a class="button" href="/">${escapeHtml(T.backHome)}</a>`, kind),
      );

  const linkSchema = (summary: string) => ({
    summary,
    params: tokenParams,
    response: { 200: htmlPageResponse, 400: htmlPageResponse },
  });
  // A link from an e-mail is opened in a browser: a malformed token (too long, say) gets the same page as an unknown one,
  // not the API's JSON validation error.
  const linkRoute = (summary: string) => ({ schema: linkSchema(summary), attachValidation: true });
  const invalidLink = (reply: FastifyReply) => page(reply, 400, T.invalidLinkTitle, T.invalidLinkBody, 'error');

  app.get(
    '/api/newsletter/confirm/:token',
    linkRoute('Bülten aboneliğini onaylar (e-postadaki bağlantı)'),
    async (request, reply) => {
      if (request.validationError) return invalidLink(reply);
      const subscriberId = await confirmNewsletter(ctx, request.params.token);
      if (!subscriberId) return invalidLink(reply);
      request.log.info({ subscriberId }, 'newsletter subscription confirmed');
      return page(reply, 200, T.confirmedTitle, T.confirmedBody, 'ok');
    },
  );

  app.get(
    '/api/newsletter/unsubscribe/:token',
    linkRoute('Bülten aboneliğinden çıkar (e-postadaki bağlantı)'),
    async (request, reply) => {
      if (request.validationError || !(await unsubscribeFromNewsletter(ctx, request.params.token)))
        return invalidLink(reply);
      return page(reply, 200, T.unsubscribedTitle, T.unsubscribedBody, 'ok');
    },
  );
}
