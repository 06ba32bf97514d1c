/**
 * Moderators and administrators through the real gateway (real auth, polls and admin): what a moderator may do, the
 * refusals of what only an administrator may, and an audit log that names who acted, filtered, and never changed.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSONCodec } from 'nats';
import ExcelJS from 'exceljs';
import { openMail } from '@meydan/kit';
import { events, type MailRequest } from '@meydan/proto';
import { TEST_MAIL_SECRET, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, staffSession, type TestUser } from '../../auth/test/support.js';
import { buildApp as buildPolls } from '../../polls/src/app.js';
import { startTestGateway, type TestGateway } from '../../../gateway/test/support.js';
import { startAdmin, until } from './support.js';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Entry = {
  adminId: string;
  adminUsername: string | null;
  action: string;
  targetId: string;
  reason: string | null;
  at: string;
};

describe('staff roles and the audit log', () => {
  let auth: TestService;
  let polls: TestService;
  let admin: TestService;
  let testGateway: TestGateway;
  let gateway: FastifyInstance;
  let boss: TestUser;
  let moderator: TestUser;
  let irmak: TestUser;
  let ece: TestUser;
  let bossCookie: string;
  let modCookie: string;
  let reportId: string;

  const call = (cookie: string, method: Method, url: string, payload?: unknown) =>
    gateway.inject({
      method,
      url,
      headers: { cookie },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  const memberCookie = async (user: TestUser) => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
  };

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth, { listen: true });
    polls = await startTestService('polls', buildPolls, { listen: true });
    boss = await createUser(auth.deps, { role: 'admin', displayName: 'Baş Yönetici' });
    moderator = await createUser(auth.deps, { role: 'moderator', displayName: 'Moderatör Ayşe' });
    irmak = await createUser(auth.deps, { displayName: 'Irmak' });
    ece = await createUser(auth.deps, { displayName: 'Ece' });
    const reporter = await createUser(auth.deps);
    testGateway = await startTestGateway({ auth, polls }, { config: { RATE_LIMIT_SCALE: 50 } });
    gateway = testGateway.app;
    const created = await call(await memberCookie(irmak), 'POST', '/api/polls', {
      title: 'Deniz mi dağ mı?',
      description: 'Tatil',
      category: 'gunluk-hayat',
      options: ['Deniz', 'Dağ'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const reported = await call(await memberCookie(reporter), 'POST', `/api/polls/${created.json().id}/report`, {
      reason: 'spam',
      description: 'Reklam',
    });
    expect(reported.statusCode, reported.body).toBe(201);
    reportId = reported.json().reportId;
    await testGateway.close();
    // Started after the accounts and the report exist: its read model gets them from the rebuild.
    admin = await startAdmin();
    testGateway = await startTestGateway({ auth, polls, admin }, { config: { RATE_LIMIT_SCALE: 50 } });
    gateway = testGateway.app;
    bossCookie = `sid=${(await staffSession(auth.deps, (o) => gateway.inject(o), boss)).sid}`;
    modCookie = `sid=${(await staffSession(auth.deps, (o) => gateway.inject(o), moderator)).sid}`;
  });

  afterAll(async () => {
    await testGateway?.close();
    for (const service of [admin, polls, auth]) await service?.close();
  });

  it('a moderator resolves a report but gets 403 (Turkish) on what is for administrators, changing nothing', async () => {
    const resolved = await call(modCookie, 'PATCH', `/api/admin/reports/${reportId}`, { status: 'resolved' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const adminOnly: [Method, string, unknown?][] = [
      ['GET', '/api/admin/audit'],
      ['POST', '/api/admin/bulk-email', { subject: 'Duyuru', body: 'Merhaba' }],
      ['GET', '/api/admin/users.csv'],
      ['GET', '/api/admin/users.xlsx'],
      ['GET', '/api/admin/messages'],
      ['GET', '/api/admin/staff'],
    ];
    for (const [method, url, payload] of adminOnly) {
      const res = await call(modCookie, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ error: 'admin_only', message: 'Bu işlemi yalnızca yöneticiler yapabilir.' });
    }
    const audit = (await call(bossCookie, 'GET', '/api/admin/audit')).json();
    expect(audit.items.map((e: Entry) => e.action)).toEqual(['report.resolve']);
  });

  it('a moderator cannot ban staff: an administrator or another moderator (400, Turkish), and nothing is audited', async () => {
    for (const target of [boss, moderator]) {
      const res = await call(modCookie, 'POST', `/api/admin/users/${target.id}/ban`, { reason: 'Deneme' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        error: 'admin_untouchable',
        message: expect.stringMatching(/^Yönetim ekibindeki hesaplar/),
      });
    }
    const audit = (await call(bossCookie, 'GET', '/api/admin/audit?action=user.ban')).json();
    expect(audit.totalCount).toBe(0);
  });

  it('the audit names two different staff members for two actions, and filters by actor, action and time', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    const banned = await call(bossCookie, 'POST', `/api/admin/users/${irmak.id}/ban`, { reason: 'Kural ihlali' });
    expect(banned.statusCode, banned.body).toBe(200);
    const items = (await call(bossCookie, 'GET', '/api/admin/audit')).json().items as Entry[];
    expect(items.map((e) => [e.action, e.adminId, e.adminUsername, e.targetId, e.reason])).toEqual([
      ['user.ban', boss.id, boss.username, irmak.id, 'Kural ihlali'],
      ['report.resolve', moderator.id, moderator.username, reportId, null],
    ]);
    for (const entry of items) expect(Date.parse(entry.at)).toBeGreaterThan(Date.parse(before) - 120_000);

    const byModerator = (await call(bossCookie, 'GET', `/api/admin/audit?actor=${moderator.id}`)).json();
    expect(byModerator.items.map((e: Entry) => e.action)).toEqual(['report.resolve']);
    const bans = (await call(bossCookie, 'GET', '/api/admin/audit?action=user.ban')).json();
    expect(bans.items.map((e: Entry) => e.adminId)).toEqual([boss.id]);
    const future = (
      await call(
        bossCookie,
        'GET',
        `/api/admin/audit?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
      )
    ).json();
    expect(future.totalCount).toBe(0);
    const past = (
      await call(bossCookie, 'GET', `/api/admin/audit?to=${encodeURIComponent(before)}&action=user.ban`)
    ).json();
    expect(past.totalCount).toBe(0);
  });

  it('refuses bad audit filters with 400 in Turkish', async () => {
    const badActor = await call(bossCookie, 'GET', '/api/admin/audit?actor=birisi');
    expect(badActor.statusCode).toBe(400);
    expect(badActor.json().message).toBe('İşlemi yapan geçerli bir hesap kimliği olmalı.');
    const badAction = await call(bossCookie, 'GET', '/api/admin/audit?action=user.delete');
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().message).toBe('İşlem türü tanınmadı.');
    const now = new Date().toISOString();
    const backwards = await call(
      bossCookie,
      'GET',
      `/api/admin/audit?from=${encodeURIComponent(now)}&to=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('Başlangıç zamanı bitiş zamanından önce olmalı.');
  });

  it('is append-only for everyone: no route changes or deletes an entry, and the store refuses both', async () => {
    const [entry] = (await call(bossCookie, 'GET', '/api/admin/audit')).json().items as (Entry & { id: string })[];
    for (const method of ['PATCH', 'DELETE', 'PUT'] as const) {
      const res = await gateway.inject({
        method,
        url: `/api/admin/audit/${entry!.id}`,
        headers: { cookie: bossCookie },
        payload: { reason: 'x' },
      });
      expect(res.statusCode, method).toBe(404);
    }
    const { Audit } = admin.app.admin.models;
    await expect(Audit.updateOne({}, { $set: { reason: 'değişti' } })).rejects.toThrow(/append-only/);
    await expect(Audit.deleteMany({})).rejects.toThrow(/append-only/);
    await expect(Audit.findOneAndUpdate({}, { $set: { adminId: moderator.id } })).rejects.toThrow(/append-only/);
    const doc = await Audit.findOne({});
    doc!.reason = 'değişti';
    await expect(doc!.save()).rejects.toThrow(/append-only/);
    const after = (await call(bossCookie, 'GET', '/api/admin/audit')).json();
    expect(after.items[0]).toEqual(entry);
    expect(after.totalCount).toBe(2);
  });

  it('an administrator makes a member a moderator: the new role is theirs at the next sign-in, their old session ends, and the audit says so', async () => {
    const eceCookie = await memberCookie(ece);
    // Not by a moderator, not to oneself, not to a role that does not exist: nothing changes.
    const byModerator = await call(modCookie, 'PATCH', `/api/admin/users/${ece.id}/role`, { role: 'moderator' });
    expect(byModerator.statusCode).toBe(403);
    expect(byModerator.json().error).toBe('admin_only');
    const own = await call(bossCookie, 'PATCH', `/api/admin/users/${boss.id}/role`, { role: 'member' });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('Kendi rolünü değiştiremezsin; başka bir yönetici değiştirebilir.');
    const unknown = await call(bossCookie, 'PATCH', `/api/admin/users/${ece.id}/role`, { role: 'patron' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Rol üye, moderatör ya da yönetici olmalı.');
    expect((await call(bossCookie, 'GET', '/api/admin/audit?action=user.role')).json().totalCount).toBe(0);

    const changed = await call(bossCookie, 'PATCH', `/api/admin/users/${ece.id}/role`, {
      role: 'moderator',
      reason: 'Gece vardiyası',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await until(
      async () => (await call(eceCookie, 'GET', '/api/auth/session')).statusCode === 401,
      10_000,
      'old session ended',
    );
    const signedIn = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: ece.email, password: ece.password },
    });
    expect(signedIn.json()).toMatchObject({ role: 'moderator', mfa: 'enrol' });
    const [entry] = (await call(bossCookie, 'GET', '/api/admin/audit?action=user.role')).json().items as Entry[];
    expect(entry).toMatchObject({ adminId: boss.id, targetId: ece.id, reason: 'member → moderator: Gece vardiyası' });
  });

  it('an administrator invites a moderator by e-mail: the link sets their password, they sign in as a moderator to enrol; audited', async () => {
    const mails: { to: string; text: string; tag: string }[] = [];
    const codec = JSONCodec();
    const sub = auth.deps.nats.subscribe(events.auth.mailRequested, {
      callback: (_e, m) => mails.push(openMail(TEST_MAIL_SECRET, codec.decode(m.data) as MailRequest) as never),
    });
    try {
      const byModerator = await call(modCookie, 'POST', '/api/admin/staff/invitations', {
        email: 'yeni.mod@example.com',
        displayName: 'Yeni Moderatör',
        role: 'moderator',
      });
      expect(byModerator.statusCode).toBe(403);
      expect(byModerator.json().error).toBe('admin_only');
      const bad = await call(bossCookie, 'POST', '/api/admin/staff/invitations', {
        email: 'yeni.mod@example.com',
        displayName: 'Yeni',
        role: 'member',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Davet edilen moderatör ya da yönetici olmalı.');
      const taken = await call(bossCookie, 'POST', '/api/admin/staff/invitations', {
        email: irmak.email,
        displayName: 'Irmak',
        role: 'moderator',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(
        'Bu adresin zaten bir hesabı var; rolünü Kullanıcılar sekmesinden değiştirebilirsin.',
      );
      expect((await call(bossCookie, 'GET', '/api/admin/audit?action=staff.invite')).json().totalCount).toBe(0);

      const invited = await call(bossCookie, 'POST', '/api/admin/staff/invitations', {
        email: 'yeni.mod@example.com',
        displayName: 'Yeni Moderatör',
        role: 'moderator',
      });
      expect(invited.statusCode, invited.body).toBe(201);
      const { userId } = invited.json();
      await until(async () => mails.some((m) => m.tag === 'staff-invite'), 10_000, 'invitation mailed');
      const mail = mails.find((m) => m.tag === 'staff-invite')!;
      expect(mail.to).toBe('yeni.mod@example.com');
      const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail.text)![1]!);
      // Before the link is used, no password opens the account.
      const early = await gateway.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'yeni.mod@example.com', password: 'gizli-sifre-1' },
      });
      expect(early.statusCode).toBe(401);
      const set = await gateway.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, password: 'yepyeni-sifre-42' },
      });
      expect(set.statusCode, set.body).toBe(200);
      const signedIn = await gateway.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'yeni.mod@example.com', password: 'yepyeni-sifre-42' },
      });
      expect(signedIn.json()).toMatchObject({ id: userId, role: 'moderator', mfa: 'enrol' });
      const [entry] = (await call(bossCookie, 'GET', '/api/admin/audit?action=staff.invite')).json().items as Entry[];
      expect(entry).toMatchObject({ adminId: boss.id, targetId: userId, reason: 'moderator' });
    } finally {
      sub.unsubscribe();
    }
  });

  it('an export is audited with who made it, the .xlsx as the CSV, both whole through the gateway', async () => {
    const csv = await call(bossCookie, 'GET', '/api/admin/polls.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain(';');
    const xlsx = await call(bossCookie, 'GET', '/api/admin/reports.xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toMatch(
      /^attachment; filename="meydan-raporlar-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Raporlar')!.getRow(1).getCell(1).value).toBe('id');
    await until(
      async () => (await call(bossCookie, 'GET', '/api/admin/audit?action=export')).json().totalCount === 2,
      5000,
      'exports audited',
    );
    const entries = (await call(bossCookie, 'GET', '/api/admin/audit?action=export')).json().items as Entry[];
    expect(entries.map((e) => [e.adminId, e.targetId]).sort()).toEqual([
      [boss.id, 'polls'],
      [boss.id, 'reports'],
    ]);
  });
});
