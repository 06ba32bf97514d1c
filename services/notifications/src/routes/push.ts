import type { FastifyReply, FastifyRequest } from 'fastify';
import { pushMessages as M } from '@meydan/proto';
import { escapeHtml, htmlPage, htmlPageResponse, mailedTokenParams, requireMember, type ServiceApp } from '@meydan/kit';
import type { NotificationsContext } from '../context.js';
import {
  chooseMail,
  listPushSubscriptions,
  mailChoice,
  pushPublicKey,
  subscribePush,
  unsubscribeByToken,
  unsubscribePush,
} from '../usecases/push.js';

const memberId = (request: FastifyRequest) => requireMember(request, M.loginRequired);

export const unsubscribeTexts = {
  doneTitle: 'E-posta bildirimleri kapatıldı',
  doneBody:
    'Artık oy verdiğin anketler sonuçlandığında ya da biri seni takip ettiğinde e-posta almayacaksın. İstediğinde Ayarlar’dan yeniden açabilirsin.',
  invalidTitle: 'Bağlantı geçersiz',
  invalidBody: 'Bu abonelikten çıkma bağlantısı geçersiz. E-posta bildirimlerini Ayarlar’dan kapatabilirsin.',
  backHome: 'Ana sayfaya dön',
} as const;
const T = unsubscribeTexts;

/**
 * Web Push subscriptions (`/api/push`), the member's mail switch (`/api/notifications/email`) and the mails'
 * one-click unsubscribe (`/api/notifications/email/unsubscribe/{token}`, no session: the signed token says whose).
 */
export async function pushRoutes(app: ServiceApp, { ctx }: { ctx: NotificationsContext }) {
  subscriptionRoutes(app, ctx);
  mailChoiceRoutes(app, ctx);
  unsubscribeLinkRoutes(app, ctx);
}

/** The browsers a member subscribed to Web Push. */
function subscriptionRoutes(app: ServiceApp, ctx: NotificationsContext) {
  app.get(
    '/api/push/public-key',
    {
      schema: {
        summary: 'Tarayıcı bildirimlerinin VAPID açık anahtarı',
        response: { 200: { $ref: 'meydan/push-public-key#' } },
      },
    },
    async () => pushPublicKey(ctx),
  );

  app.get(
    '/api/push/subscriptions',
    {
      schema: {
        summary: 'Bildirim almaya abone olan tarayıcıların',
        response: { 200: { $ref: 'meydan/push-subscription-list#' } },
      },
    },
    async (request) => listPushSubscriptions(ctx, memberId(request)),
  );

  app.post(
    '/api/push/subscriptions',
    {
      schema: {
        summary: 'Bu tarayıcıyı bildirimlere abone eder (PushSubscription)',
        body: { $ref: 'meydan/push-subscription-body#' },
        response: { 201: { $ref: 'meydan/push-subscription-list#' } },
      },
    },
    async (request, reply) => {
      const subscriptions = await subscribePush(ctx, memberId(request), request.body);
      reply.code(201);
      return subscriptions;
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      schema: {
        summary: 'Bu tarayıcının bildirim aboneliğini bitirir (endpoint ile)',
        body: { $ref: 'meydan/push-endpoint-body#' },
        response: { 200: { $ref: 'meydan/push-removed#' } },
      },
    },
    async (request) => unsubscribePush(ctx, memberId(request), request.body.endpoint),
  );
}

/** The member's mail switch. */
function mailChoiceRoutes(app: ServiceApp, ctx: NotificationsContext) {
  app.get(
    '/api/notifications/email',
    { schema: { summary: 'E-posta bildirimleri açık mı', response: { 200: { $ref: 'meydan/email-notifications#' } } } },
    async (request) => mailChoice(ctx, memberId(request)),
  );

  app.put(
    '/api/notifications/email',
    {
      schema: {
        summary: 'E-posta bildirimlerini açar ya da kapatır (sonuçlanan anketler, yeni takipçiler)',
        body: { $ref: 'meydan/email-notifications#' },
        response: { 200: { $ref: 'meydan/email-notifications#' } },
      },
    },
    async (request) => chooseMail(ctx, memberId(request), request.body.email),
  );
}

/** The mails' unsubscribe link, with no session: its signed token says whose. */
function unsubscribeLinkRoutes(app: ServiceApp, ctx: NotificationsContext) {
  const page = (reply: FastifyReply, status: number, title: string, body: string, kind: 'ok' | 'error') =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        htmlPage(title, `<p>${escapeHtml(body)}</p><a class="button" href="/">${escapeHtml(T.backHome)}</a>`, kind),
      );
  // A link from a mail: a malformed token gets the same page as a forged one, not the API's JSON validation error.
  const linkRoute = (summary: string, body?: { $ref: string }) => ({
    schema: {
      summary,
      params: mailedTokenParams,
      ...(body ? { body } : {}),
      response: { 200: htmlPageResponse, 400: htmlPageResponse },
    },
    attachValidation: true,
  });
  /** The link's token, or null when it is malformed (the route's params failed their schema). */
  const unsubscribe = async (request: FastifyRequest, token: string | null, reply: FastifyReply) => {
    const userId = await unsubscribeByToken(ctx, token);
    if (!userId) return page(reply, 400, T.invalidTitle, T.invalidBody, 'error');
    request.log.info({ userId }, 'notification mail turned off by its unsubscribe link');
    return page(reply, 200, T.doneTitle, T.doneBody, 'ok');
  };

  // RFC 8058: the mail client posts `List-Unsubscribe=One-Click` as a form; its body says nothing more.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.get(
    '/api/notifications/email/unsubscribe/:token',
    linkRoute('E-posta bildirimlerini kapatır (e-postadaki bağlantı)'),
    (request, reply) => unsubscribe(request, request.validationError ? null : request.params.token, reply),
  );
  app.post(
    '/api/notifications/email/unsubscribe/:token',
    linkRoute('E-posta bildirimlerini tek tıkla kapatır (RFC 8058, List-Unsubscribe-Post)', {
      $ref: 'meydan/one-click-unsubscribe-body#',
    }),
    (request, reply) => unsubscribe(request, request.validationError ? null : request.params.token, reply),
  );
}
