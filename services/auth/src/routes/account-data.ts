import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE, altchaPayloadField, events, limits, subjects } from '@meydan/proto';
import { HttpError, httpError, requireMember } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { accountById, accountDocById, scheduleDeletion } from '../store/accounts.js';
import { PasswordChecks } from '../store/password-checks.js';
import { revokeEverything } from '../store/revocation.js';
import { authTexts as T } from '../domain/texts.js';
import { avatarUrlOf } from '../domain/views.js';

const GATHER_TIMEOUT_MS = 3000;
const DAY_MS = 24 * 3600_000;

/**
 * The member's data-protection rights: a copy of everything Meydan holds of them (profile here; polls, votes,
 * follows and notifications asked from their services over NATS), and deleting the account — scheduled for 30
 * days, cancelled by signing in before then (see login), then removed everywhere through `events.auth.user.deleted`.
 */
export async function accountDataRoutes(app: FastifyInstance, { ctx }: { ctx: AuthContext }) {
  const { bus, config } = ctx;
  const passwordChecks = new PasswordChecks(ctx);
  const secure = config.PUBLIC_ORIGIN.startsWith('https://');

  app.get(
    '/api/account/export',
    { schema: { summary: 'Hesabındaki tüm verilerin JSON kopyası', response: { 200: { $ref: 'meydan/account-export' } } } },
    async (request, reply) => {
      const userId = requireMember(request, T.loginRequired);
      const user = await accountById(ctx, userId);
      if (!user) throw httpError('not_found', T.userNotFound);
      const meta = { requestId: request.id };
      let gathered;
      try {
        gathered = await Promise.all([
          bus.request(subjects.polls.userExport, { userId }, meta, GATHER_TIMEOUT_MS),
          bus.request(subjects.social.userExport, { userId }, meta, GATHER_TIMEOUT_MS),
          bus.request(subjects.notifications.userExport, { userId }, meta, GATHER_TIMEOUT_MS),
        ]);
      } catch (err) {
        // An export missing a part would claim to be everything: none rather than an incomplete one.
        request.log.warn({ err }, 'data export could not gather every service');
        throw new HttpError(503, 'service_unavailable', T.exportUnavailable, { 'retry-after': '5' });
      }
      const [polls, social, notifications] = gathered;
      reply
        .header('content-disposition', `attachment; filename="meydan-verilerim-${user.username}.json"`)
        .header('cache-control', 'no-store');
      return {
        exportedAt: new Date().toISOString(),
        profile: {
          id: userId,
          username: user.username,
          email: user.email,
          displayName: user.displayName,
          bio: user.bio,
          avatarUrl: avatarUrlOf(user),
          isProfilePublic: user.isProfilePublic,
          role: user.role,
          createdAt: new Date(user.createdAt).toISOString(),
          birthDate: user.birthDate,
          birthTime: user.birthTime,
          birthPlace: user.birthPlace,
          gender: user.gender,
          zodiacSign: user.zodiacSign,
          answers: user.answers,
          analysis: user.analysis,
          deletionScheduledAt: user.deletionScheduledAt ? new Date(user.deletionScheduledAt).toISOString() : null,
        },
        polls: polls.polls,
        votes: polls.votes,
        follows: social,
        notifications: notifications.notifications,
      };
    },
  );

  app.post<{ Body: { password: string; altcha?: string } }>(
    '/api/account/deletion',
    {
      schema: {
        summary: 'Hesabın 30 gün sonra silinmesini planlar (bu sürede giriş yapmak iptal eder)',
        response: { 200: { $ref: 'meydan/account-deletion-scheduled' } },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['password'],
          properties: {
            password: { type: 'string', minLength: 1, maxLength: limits.user.passwordMax },
            /** The solved bot challenge, needed once the password was typed wrong repeatedly. */
            altcha: altchaPayloadField,
          },
          errorMessage: { required: { password: T.deletionPasswordRequired }, properties: { password: T.deletionPasswordRequired } },
        },
      },
    },
    async (request, reply) => {
      const userId = requireMember(request, T.loginRequired);
      const user = await accountDocById(ctx, userId);
      if (!user) throw httpError('not_found', T.userNotFound);
      await passwordChecks.verify(user, request.body.password, { ip: request.identity?.ip ?? request.ip, altcha: request.body.altcha, log: request.log });
      const now = new Date();
      const deleteAt = new Date(now.getTime() + limits.legal.accountDeletionDays * DAY_MS);
      await scheduleDeletion(ctx, userId, deleteAt);
      await revokeEverything(ctx, userId, request.id);
      await bus.publish(
        events.auth.userDeletionScheduled,
        { userId, deleteAt: deleteAt.toISOString(), at: now.toISOString() },
        { requestId: request.id },
      );
      reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
      const date = deleteAt.toLocaleDateString('tr-TR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Istanbul' });
      return { message: T.deletionScheduled(date), deleteAt: deleteAt.toISOString() };
    },
  );
}
