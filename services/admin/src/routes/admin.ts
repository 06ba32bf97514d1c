/**
 * The administrator's HTTP API (the app's onRequest hook has already refused everyone else). Every action is
 * written to the audit log; effects on other services travel as events.
 */
import type { FastifyInstance } from 'fastify';
import { HttpError, httpError, isObjectId, sealMail } from '@meydan/kit';
import {
  adminPageSize,
  isStaffRole,
  adminTexts as T,
  events,
  subjects,
  type AdminIdParams,
  type AdminListQuery,
  type AuditQuery,
  type AuditAction,
  type AuditTargetType,
  type AdminReportQuery,
  type BanBody,
  type RoleChangeBody,
  type StaffInviteBody,
  type BulkEmailBody,
  type ReportStatusUpdate,
} from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { istanbulMonthStart } from '../domain/month.js';
import { banNoticeMail } from '../domain/mail.js';
import type { AdminUserDoc } from '../model/index.js';
import { enqueueRecipients, jobProgress } from '../store/bulk-email.js';
import { forgetPoll } from '../store/read-model.js';
import { editsOf } from '../store/poll-edits.js';
import {
  auditPage,
  createBulkJob,
  findPoll,
  findUser,
  panelStats,
  pollPage,
  recordAudit,
  reportPage,
  setReportStatus,
  setUserActive,
  setUserRole,
  userPage,
} from '../store/panel.js';

const idParams = { $ref: 'meydan/admin-id-params' } as const;
const noBody = { $ref: 'meydan/no-body' } as const;
const message = { 200: { $ref: 'meydan/message' } } as const;

const iso = (d: Date | string) => new Date(d).toISOString();
const pageOf = (page: number | undefined) => page ?? 1;

function userView(u: AdminUserDoc & { _id: string }) {
  return {
    id: u._id,
    username: u.username,
    displayName: u.displayName ?? null,
    email: u.email,
    role: u.role ?? 'member',
    isActive: u.isActive ?? true,
    emailVerified: u.emailVerified ?? false,
    createdAt: iso(u.createdAt),
  };
}

export async function adminRoutes(app: FastifyInstance, { ctx }: { ctx: AdminContext }): Promise<void> {
  memberRoutes(app, ctx);
  banRoutes(app, ctx);
  roleRoute(app, ctx);
  staffInviteRoute(app, ctx);
  pollModerationRoutes(app, ctx);
  reportRoutes(app, ctx);
  bulkEmailRoutes(app, ctx);
  auditLogRoute(app, ctx);
}

const audit = (ctx: AdminContext, adminId: string, action: AuditAction, targetType: AuditTargetType, targetId: string, reason: string | null = null) =>
  recordAudit(ctx.models, { adminId, action, targetType, targetId, reason });

/** The member a staff member bans or reactivates: never a staff account (moderator, admin), and never oneself by a ban. */
async function targetUser(ctx: AdminContext, id: string, adminId: string, banning: boolean) {
  const user = await findUser(ctx.models, id);
  if (!user) throw httpError('not_found', T.userNotFound);
  if (isStaffRole(user.role)) throw new HttpError(400, 'admin_untouchable', banning ? T.cannotBanAdmin : T.cannotActivateAdmin);
  if (banning && id === adminId) throw new HttpError(400, 'admin_untouchable', T.cannotBanSelf);
  return user;
}

/** The panel's figures and its member list. */
function memberRoutes(app: FastifyInstance, ctx: AdminContext) {
  const { models } = ctx;
  app.get(
    '/api/admin/stats',
    { schema: { summary: 'Yönetim paneli istatistikleri (bu ay: Europe/Istanbul takvim ayı)', response: { 200: { $ref: 'meydan/admin-stats' } } } },
    async () => {
    return panelStats(models, istanbulMonthStart(new Date()));
    },
  );

  app.get<{ Querystring: AdminListQuery }>(
    '/api/admin/users',
    {
      schema: {
        summary: 'Kullanıcıları arar (kullanıcı adı, e-posta ya da görünen ad; Türkçe harf duyarlı), sayfalı',
        querystring: { $ref: 'meydan/admin-list-query' }, response: { 200: { $ref: 'meydan/admin-user-page' } },
      },
    },
    async (request) => {
      const page = pageOf(request.query.page);
      const { items, totalCount } = await userPage(models, request.query.q?.trim(), page);
      return { items: items.map((u) => userView(u as never)), totalCount, page, pageSize: adminPageSize };
    },
  );
}

/** An administrator gives an account another role (member, moderator, admin); never their own. */
function roleRoute(app: FastifyInstance, ctx: AdminContext) {
  app.patch<{ Params: AdminIdParams; Body: RoleChangeBody }>(
    '/api/admin/users/:id/role',
    {
      schema: {
        summary: 'Hesabın rolünü değiştirir (üye, moderatör, yönetici): oturumları kapanır, işlem kaydına yazılır. Yalnızca yönetici; kendi rolü değiştirilemez',
        params: idParams,
        body: { $ref: 'meydan/admin-role-change' },
        response: message,
      },
    },
    async (request) => {
      const adminId = request.identity!.userId!;
      const user = await findUser(ctx.models, request.params.id);
      if (!user) throw httpError('not_found', T.userNotFound);
      if (user._id === adminId) throw new HttpError(400, 'own_role', T.cannotChangeOwnRole);
      const previous = (user.role ?? 'member') as RoleChangeBody['role'];
      const { role } = request.body;
      if (previous === role) return { message: T.roleUnchanged };
      const at = new Date().toISOString();
      await ctx.bus.publishReliably(events.admin.roleChanged, { userId: user._id, role, previous, by: adminId, at }, { requestId: request.id });
      await setUserRole(ctx.models, user._id, role);
      const why = request.body.reason?.trim();
      await audit(ctx, adminId, 'user.role', 'user', user._id, `${previous} → ${role}${why ? `: ${why}` : ''}`);
      return { message: T.roleChanged };
    },
  );
}

/** An administrator invites a staff member by e-mail: auth makes the account and mails the link that sets its password. */
function staffInviteRoute(app: FastifyInstance, ctx: AdminContext) {
  app.post<{ Body: StaffInviteBody }>(
    '/api/admin/staff/invitations',
    {
      schema: {
        summary: 'Yönetim ekibine davet (moderatör ya da yönetici): hesap açılır, şifre belirleme bağlantısı e-postayla gider (72 saat, tek kullanımlık); işlem kaydına yazılır. Yalnızca yönetici; hesabı olan adres 409',
        body: { $ref: 'meydan/admin-staff-invite' },
        response: { 201: { type: 'object', required: ['userId', 'message'], properties: { userId: { type: 'string' }, message: { type: 'string' } } } },
      },
    },
    async (request, reply) => {
      const adminId = request.identity!.userId!;
      const { email, displayName, role } = request.body;
      const { userId } = await ctx.bus.request(subjects.auth.staffInvite, { email, displayName, role, by: adminId }, { requestId: request.id }, 5000);
      await audit(ctx, adminId, 'staff.invite', 'user', userId, role);
      return reply.code(201).send({ userId, message: T.staffInvited });
    },
  );
}

/** Banning a member and lifting the ban. */
function banRoutes(app: FastifyInstance, ctx: AdminContext) {
  const { models, bus } = ctx;
  app.post<{ Params: AdminIdParams; Body: BanBody }>(
    '/api/admin/users/:id/ban',
    {
      schema: {
        summary: 'Üyeyi engeller: oturumları, API anahtarları ve bağlantıları kapanır, anketleri gizlenir (yöneticiler engellenemez)',
        params: idParams,
        body: { $ref: 'meydan/admin-ban' },
        response: message,
      },
    },
    async (request) => {
      const adminId = request.identity!.userId!;
      const user = await targetUser(ctx, request.params.id, adminId, true);
      // A repeated click (or two admins at once) bans once: no second event, mail or audit entry.
      if (user.isActive === false) return { message: T.userBanned };
      const reason = request.body?.reason?.trim() || null;
      const at = new Date().toISOString();
      await bus.publishReliably(
        events.admin.userBanned,
        { userId: user._id, by: adminId, ...(reason ? { reason } : {}), at },
        { requestId: request.id },
      );
      await setUserActive(models, user._id, false);
      await audit(ctx, adminId, 'user.ban', 'user', user._id, reason);
      await bus.publishReliably(
        events.admin.mailRequested,
        sealMail(ctx.config.MAIL_SECRET, { to: user.email, ...banNoticeMail(user.displayName || user.username, reason), tag: 'ban-notice', userId: user._id }),
        { requestId: request.id, msgId: `ban-notice:${user._id}:${at}` },
      );
      return { message: T.userBanned };
    },
  );

  app.post<{ Params: AdminIdParams }>(
    '/api/admin/users/:id/activate',
    { schema: { summary: 'Engellenmiş üyeyi yeniden etkinleştirir', params: idParams, body: noBody, response: message } },
    async (request) => {
      const adminId = request.identity!.userId!;
      const user = await targetUser(ctx, request.params.id, adminId, false);
      if (user.isActive !== false) return { message: T.userActivated };
      await bus.publishReliably(events.admin.userReactivated, { userId: user._id, by: adminId, at: new Date().toISOString() }, { requestId: request.id });
      await setUserActive(models, user._id, true);
      await audit(ctx, adminId, 'user.activate', 'user', user._id);
      return { message: T.userActivated };
    },
  );
}

/** Polls: list, edit history and remove. */
function pollModerationRoutes(app: FastifyInstance, ctx: AdminContext) {
  const { models, bus } = ctx;
  app.get<{ Querystring: AdminListQuery }>(
    '/api/admin/polls',
    {
      schema: {
        summary: 'Anketleri arar (başlık, açıklama), sayfalı',
        querystring: { $ref: 'meydan/admin-list-query' },
        response: { 200: { $ref: 'meydan/admin-poll-page' } },
      },
    },
    async (request) => {
      const page = pageOf(request.query.page);
      const { polls, creators, totalCount } = await pollPage(models, request.query.q?.trim(), page);
      const byId = new Map(creators.map((u) => [u._id, u]));
      const items = polls.map((p) => {
        const creator = byId.get(p.creatorId);
        return {
          id: p._id,
          title: p.title,
          description: p.description ?? null,
          category: p.category,
          votesCount: p.votesCount ?? 0,
          createdAt: iso(p.createdAt),
          isShareable: p.isShareable ?? false,
          type: p.type,
          creator: creator ? { id: creator._id, username: creator.username, displayName: creator.displayName ?? null } : null,
        };
      });
      return { items, totalCount, page, pageSize: adminPageSize };
    },
  );

  app.get<{ Params: AdminIdParams }>(
    '/api/admin/polls/:id/edits',
    {
      schema: {
        summary: 'Anketin düzenleme geçmişi: bugünkü metni ve her düzenlemede eski ve yeni başlık ile açıklama (eskiden yeniye)',
        params: idParams,
        response: { 200: { $ref: 'meydan/admin-poll-edits' } },
      },
    },
    async (request) => {
      const pollId = request.params.id;
      const [poll, edits] = await Promise.all([findPoll(models, pollId), editsOf(models, pollId)]);
      if (!poll && edits.length === 0) throw httpError('not_found', T.pollNotFound);
      return { pollId, title: poll?.title ?? null, description: poll?.description ?? null, edits };
    },
  );

  app.delete<{ Params: AdminIdParams }>(
    '/api/admin/polls/:id',
    { schema: { summary: 'Anketi her yerden siler (oylar, beğeniler, yorumlar; şikâyetleri çözülür)', params: idParams, response: message } },
    async (request) => {
      const adminId = request.identity!.userId!;
      const poll = await findPoll(models, request.params.id);
      if (!poll) throw httpError('not_found', T.pollNotFound);
      await bus.publishReliably(
        events.admin.pollRemoved,
        { pollId: poll._id, by: adminId, at: new Date().toISOString() },
        { requestId: request.id, msgId: `poll-removed:${poll._id}` },
      );
      await forgetPoll(ctx.models, poll._id);
      await audit(ctx, adminId, 'poll.delete', 'poll', poll._id);
      return { message: T.pollDeleted };
    },
  );
}

/** Reports: list and settle. */
function reportRoutes(app: FastifyInstance, ctx: AdminContext) {
  const { models } = ctx;
  app.get<{ Querystring: AdminReportQuery }>(
    '/api/admin/reports',
    {
      schema: {
        summary: 'Şikâyetler (duruma göre süzülebilir), sayfalı',
        querystring: { $ref: 'meydan/admin-report-query' },
        response: { 200: { $ref: 'meydan/admin-report-page' } },
      },
    },
    async (request) => {
      const page = pageOf(request.query.page);
      const { reports, polls, reporters, totalCount } = await reportPage(models, request.query.status, page);
      const byPoll = new Map(polls.map((p) => [p._id, p]));
      const usernames = new Map(reporters.map((u) => [u._id, u.username]));
      const items = reports.map((r) => {
        const poll = byPoll.get(r.pollId!);
        return {
          id: r._id,
          status: r.status ?? 'pending',
          reason: r.reason,
          description: r.description ?? null,
          createdAt: iso(r.createdAt),
          poll: { id: r.pollId!, title: poll?.title ?? null, editedAt: poll?.editedAt ? iso(poll.editedAt) : null },
          reporter: { id: r.reporterId, username: usernames.get(r.reporterId) ?? null },
        };
      });
      return { items, totalCount, page, pageSize: adminPageSize };
    },
  );

  app.patch<{ Params: AdminIdParams; Body: ReportStatusUpdate }>(
    '/api/admin/reports/:id',
    {
      schema: {
        summary: 'Şikâyeti çözüldü ya da reddedildi olarak işaretler',
        params: idParams,
        body: { $ref: 'meydan/admin-report-update' },
        response: message,
      },
    },
    async (request) => {
      const adminId = request.identity!.userId!;
      const { status } = request.body;
      if (!(await setReportStatus(models, request.params.id, status))) throw httpError('not_found', T.reportNotFound);
      await audit(ctx, adminId, status === 'resolved' ? 'report.resolve' : 'report.dismiss', 'report', request.params.id);
      return { message: T.reportUpdated };
    },
  );
}

/** Bulk e-mail: send to every member, follow its progress. */
function bulkEmailRoutes(app: FastifyInstance, ctx: AdminContext) {
  const { models, bus } = ctx;
  app.post<{ Body: BulkEmailBody }>(
    '/api/admin/bulk-email',
    {
      schema: {
        summary: 'Etkin ve doğrulanmış tüm üyelere toplu e-posta gönderimini başlatır (iş kuyruğu)',
        body: { $ref: 'meydan/bulk-email' },
        response: { 202: { $ref: 'meydan/admin-bulk-email-accepted' } },
      },
    },
    async (request, reply) => {
      const adminId = request.identity!.userId!;
      const { users } = await bus.request(subjects.auth.usersEmails, {}, request);
      if (users.length === 0) throw new HttpError(400, 'no_recipients', T.noRecipients);
      const jobId = await createBulkJob(models, { adminId, subject: request.body.subject, body: request.body.body, total: users.length });
      await audit(ctx, adminId, 'bulk-email.send', 'bulk-email', jobId, request.body.subject);
      await enqueueRecipients(ctx, jobId, users, request.id);
      return reply.code(202).send({ jobId, message: T.bulkEmailQueued });
    },
  );

  app.get<{ Params: AdminIdParams }>(
    '/api/admin/bulk-email/:id',
    { schema: { summary: 'Toplu e-posta işinin durumu', params: idParams, response: { 200: { $ref: 'meydan/admin-bulk-email-job' } } } },
    async (request) => {
      const progress = isObjectId(request.params.id) ? await jobProgress(ctx, request.params.id) : null;
      if (!progress) throw httpError('not_found', T.bulkEmailNotFound);
      const { adminId: _adminId, ...job } = progress;
      return job;
    },
  );
}

function auditLogRoute(app: FastifyInstance, ctx: AdminContext) {
  const { models } = ctx;
  // Read only: the log has no route that changes or deletes an entry, and its store refuses both.
  app.get<{ Querystring: AuditQuery }>(
    '/api/admin/audit',
    {
      schema: {
        summary: 'Yönetim ekibinin işlem kaydı (kim, ne, hangi hedef, ne zaman, gerekçe): işlemi yapana, işleme ve zamana göre süzülür, sayfalı; yalnızca eklenir (yönetici dahil kimse değiştiremez, silemez). Yalnızca yönetici',
        querystring: { $ref: 'meydan/admin-audit-query' },
        response: { 200: { $ref: 'meydan/admin-audit-page' } },
      },
    },
    async (request) => {
      const page = pageOf(request.query.page);
      const { actor, action, from, to } = request.query;
      if (from && to && Date.parse(from) >= Date.parse(to)) throw new HttpError(400, 'validation', T.auditRangeInvalid);
      const { entries, admins, totalCount } = await auditPage(models, page, { actor, action, from, to });
      const usernames = new Map(admins.map((u) => [u._id, u.username]));
      const items = entries.map((e) => ({
        id: String(e._id),
        adminId: e.adminId,
        adminUsername: usernames.get(e.adminId) ?? null,
        action: e.action,
        targetType: e.targetType,
        targetId: e.targetId,
        reason: e.reason ?? null,
        at: iso(e.at),
      }));
      return { items, totalCount, page, pageSize: adminPageSize };
    },
  );
}
