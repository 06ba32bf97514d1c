import type { FastifyInstance } from 'fastify';
import { events, limits, userMessages, type ForgotPasswordBody, type ResetPasswordBody } from '@meydan/proto';
import { HttpError, ipNetwork, sealMail } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { passwordResetMail } from '../domain/mail.js';
import { accountDocById, activeAccountByEmail, saveResetPassword } from '../store/accounts.js';
import { claimPasswordReset, createPasswordReset, passwordResetByHash, usePasswordResets } from '../store/password-resets.js';
import { revokeEverything } from '../store/revocation.js';
import { hashPassword, randomToken, sha256 } from '../domain/secrets.js';
import { Counter } from '../store/throttle.js';

const RESET_HOURS = limits.auth.passwordResetHours;

/**
 * "Şifremi unuttum": a mailed single-use link (one hour) opens the SPA's /sifre-sifirla page, whose form posts
 * the new password here; that revokes every session and API token of the account.
 */
export async function passwordResetRoutes(app: FastifyInstance, { ctx }: { ctx: AuthContext }) {
  const { config, bus, redis } = ctx;
  const perAddress = new Counter(redis, 'reset-address', 3600);
  const perIp = new Counter(redis, 'reset-ip', 3600);
  const loginFailures = new Counter(redis, 'login-account', config.LOGIN_FAILURE_WINDOW_S ?? 900);

  async function mailResetLink(emailLower: string, ip: string, requestId: string) {
    const [byAddress, byIp] = await Promise.all([perAddress.hit(emailLower), perIp.hit(ipNetwork(ip))]);
    if (byAddress > (config.RESET_MAILS_PER_ADDRESS ?? 3) || byIp > (config.RESET_MAILS_PER_IP ?? 10)) {
      app.log.info({ reqId: requestId }, 'password-reset mail throttled');
      return;
    }
    // A banned account gets no link: its login is refused whatever its password.
    const user = await activeAccountByEmail(ctx, emailLower);
    if (!user) return;
    const token = randomToken();
    const userId = user._id.toString();
    await createPasswordReset(ctx, userId, sha256(token), new Date(Date.now() + RESET_HOURS * 3600_000));
    const link = `${config.PUBLIC_ORIGIN}/sifre-sifirla?token=${encodeURIComponent(token)}`;
    await bus.publish(
      events.auth.mailRequested,
      sealMail(config.MAIL_SECRET, { to: user.email, ...passwordResetMail(user.displayName, link, RESET_HOURS), tag: 'password-reset', userId }),
      { requestId, msgId: `mail:password-reset:${sha256(token)}` },
    );
  }

  app.post<{ Body: ForgotPasswordBody }>(
    '/api/auth/forgot-password',
    {
      schema: {
        summary: 'Şifre sıfırlama bağlantısı ister (yanıt her adres için aynıdır)',
        body: { $ref: 'meydan/forgot-password' },
        response: { 202: { $ref: 'meydan/message' } },
      },
    },
    async (request, reply) => {
      const emailLower = request.body.email.trim().toLowerCase();
      const ip = request.identity?.ip ?? request.ip;
      // Answered before the lookup and the mail, so neither the text nor the time tells whether the address has an account.
      mailResetLink(emailLower, ip, request.id).catch((err) => request.log.error({ err }, 'password-reset mail failed'));
      return reply.code(202).send({ message: userMessages.forgotAnswer });
    },
  );

  app.post<{ Body: ResetPasswordBody }>(
    '/api/auth/reset-password',
    {
      schema: {
        summary: 'E-postadaki bağlantıyla yeni şifreyi kaydeder',
        body: { $ref: 'meydan/reset-password' },
        response: { 200: { $ref: 'meydan/message' } },
      },
    },
    async (request) => {
      const tokenHash = sha256(request.body.token);
      const now = new Date();
      const { claimed, first } = await claimPasswordReset(ctx, tokenHash, RESET_HOURS * 3600, now);
      if (!claimed) {
        const known = await passwordResetByHash(ctx, tokenHash);
        if (known?.usedAt || (known && !first)) throw new HttpError(410, 'reset_link_used', userMessages.resetLinkUsed);
        if (known) throw new HttpError(410, 'reset_link_expired', userMessages.resetLinkExpired);
        throw new HttpError(404, 'reset_link_invalid', userMessages.resetLinkInvalid);
      }
      const user = await accountDocById(ctx, claimed.userId);
      if (!user) throw new HttpError(404, 'reset_link_invalid', userMessages.resetLinkInvalid);
      await saveResetPassword(user, await hashPassword(request.body.password));
      await usePasswordResets(ctx, claimed.userId, now);
      await revokeEverything(ctx, claimed.userId, request.id);
      await loginFailures.reset(user.emailLower);
      return { message: userMessages.resetDone };
    },
  );
}
