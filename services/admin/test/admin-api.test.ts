/**
 * The admin API through the real gateway, with the real auth, polls and notifications services on the test NATS,
 * Redis and MongoDB-wire servers and MailDev: the read model rebuilt at start and kept by events, every call, the
 * refusals, a ban's effects end to end and activation undoing them.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '@meydan/proto';
import { asMember, startTestMailDev, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, staffSession, type TestUser } from '../../auth/test/support.js';
import { buildApp as buildNotifications } from '../../notifications/src/app.js';
import { connectSocket, connected, portOf } from '../../notifications/test/support.js';
import { buildApp as buildPolls } from '../../polls/src/app.js';
import { startTestGateway, type TestGateway } from '../../../gateway/test/support.js';
import { startAdmin, until } from './support.js';

describe('admin API through the gateway', () => {
  let maildev: Awaited<ReturnType<typeof startTestMailDev>>;
  let auth: TestService;
  let polls: TestService;
  let notifications: TestService;
  let admin: TestService;
  let testGateway: TestGateway;
  let gateway: FastifyInstance;
  let administrator: TestUser;
  let irmak: TestUser;
  let reporter: TestUser;
  let adminCookie: string;
  let pollId: string;
  let reportId: string;

  const login = async (user: TestUser) => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    return res;
  };
  const cookieOf = async (user: TestUser) => {
    const res = await login(user);
    expect(res.statusCode, res.body).toBe(200);
    return `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
  };
  const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    gateway.inject({
      method,
      url,
      headers: { cookie: adminCookie },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  beforeAll(async () => {
    maildev = await startTestMailDev();
    auth = await startTestService('auth', buildAuth, { listen: true });
    polls = await startTestService('polls', buildPolls, { listen: true });
    notifications = await startTestService('notifications', buildNotifications, {
      listen: true,
      config: { SMTP_URL: maildev.smtpUrl } as never,
    });
    administrator = await createUser(auth.deps, { role: 'admin', displayName: 'Yönetici' });
    irmak = await createUser(auth.deps, { displayName: 'Irmak Işık' });
    reporter = await createUser(auth.deps, { displayName: 'Şikayetçi Üye' });
    // Rate limits are not under test here (they have their own suite): scaled up so the many logins pass.
    testGateway = await startTestGateway({ auth, polls, notifications }, { config: { RATE_LIMIT_SCALE: 50 } });
    gateway = testGateway.app;
    // A poll and a report that exist before the admin service does: they reach it through the rebuild.
    const irmakCookie = await cookieOf(irmak);
    const created = await gateway.inject({
      method: 'POST',
      url: '/api/polls',
      headers: { cookie: irmakCookie },
      payload: {
        title: 'Çay mı kahve mi?',
        description: 'Sabah içeceği',
        category: 'gunluk-hayat',
        options: ['Çay', 'Kahve'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    pollId = created.json().id;
    const reported = await gateway.inject({
      method: 'POST',
      url: `/api/polls/${pollId}/report`,
      headers: { cookie: await cookieOf(reporter) },
      payload: { reason: 'spam', description: 'Reklam' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    reportId = reported.json().reportId;
    await testGateway.close();

    admin = await startAdmin();
    testGateway = await startTestGateway({ auth, polls, notifications, admin }, { config: { RATE_LIMIT_SCALE: 50 } });
    gateway = testGateway.app;
    adminCookie = `sid=${(await staffSession(auth.deps, (o) => gateway.inject(o), administrator)).sid}`;
  });

  afterAll(async () => {
    await testGateway?.close();
    for (const service of [admin, notifications, polls, auth]) await service?.close();
    await maildev?.stop();
  });

  it('refuses a visitor with 401 and a member with 403, in Turkish', async () => {
    const visitor = await gateway.inject({ url: '/api/admin/stats' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe('Bu işlem için giriş yapmalısın.');
    const member = await gateway.inject({ url: '/api/admin/users', headers: { cookie: await cookieOf(reporter) } });
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toBe('Bu sayfaya erişim yetkiniz yok.');
  });

  it('refuses every admin call to a visitor (401) and to a member (403), in Turkish, and changes nothing', async () => {
    const id = '0123456789abcdef01234567';
    const calls: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object][] = [
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/users?q=irmak'],
      ['POST', `/api/admin/users/${irmak.id}/ban`, { reason: 'Deneme' }],
      ['POST', `/api/admin/users/${irmak.id}/activate`],
      ['GET', '/api/admin/polls'],
      ['DELETE', `/api/admin/polls/${pollId}`],
      ['GET', '/api/admin/reports?status=pending'],
      ['PATCH', `/api/admin/reports/${reportId}`, { status: 'dismissed' }],
      ['POST', '/api/admin/bulk-email', { subject: 'Duyuru', body: 'Merhaba' }],
      ['GET', `/api/admin/bulk-email/${id}`],
      ['GET', '/api/admin/audit'],
    ];
    const memberCookie = await cookieOf(reporter);
    for (const [method, url, payload] of calls) {
      const visitor = await gateway.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      expect(visitor.json().message).toBe('Bu işlem için giriş yapmalısın.');
      const member = await gateway.inject({
        method,
        url,
        headers: { cookie: memberCookie },
        ...(payload ? { payload } : {}),
      });
      expect(member.statusCode, `${method} ${url}`).toBe(403);
      expect(member.json().message).toBe('Bu sayfaya erişim yetkiniz yok.');
    }
    expect((await login(irmak)).statusCode).toBe(200);
    expect((await gateway.inject({ url: `/api/polls/${pollId}` })).statusCode).toBe(200);
    expect(
      (await asAdmin('GET', '/api/admin/reports?status=pending')).json().items.map((r: { id: string }) => r.id),
    ).toEqual([reportId]);
    expect((await asAdmin('GET', '/api/admin/audit')).json().totalCount).toBe(0);
  });

  it('rebuilt its read model from auth and polls at start: the stats count what existed before it', async () => {
    const res = await asAdmin('GET', '/api/admin/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalUsers: 3,
      newUsersThisMonth: 3,
      totalPolls: 1,
      newPollsThisMonth: 1,
      totalVotes: 0,
      newVotesThisMonth: 0,
      pendingReports: 1,
    });
  });

  it('counts a vote cast now through the vote event', async () => {
    const vote = await gateway.inject({
      method: 'POST',
      url: `/api/polls/${pollId}/vote`,
      headers: { cookie: await cookieOf(reporter) },
      payload: { optionIndex: 1 },
    });
    expect(vote.statusCode, vote.body).toBe(200);
    await until(async () => (await asAdmin('GET', '/api/admin/stats')).json().totalVotes === 1, 20_000, 'vote counted');
    expect((await asAdmin('GET', '/api/admin/stats')).json()).toMatchObject({ totalVotes: 1, newVotesThisMonth: 1 });
  });

  it('lists users paginated and finds them Turkish-aware by name, username or e-mail', async () => {
    const all = await asAdmin('GET', '/api/admin/users');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ totalCount: 3, page: 1, pageSize: 20 });
    const entry = all.json().items.find((u: { id: string }) => u.id === administrator.id);
    expect(entry).toMatchObject({
      username: administrator.username,
      email: administrator.email,
      role: 'admin',
      isActive: true,
      emailVerified: true,
    });
    for (const q of ['IRMAK', 'ışık', 'irmak işik', 'İrmak']) {
      const found = await asAdmin('GET', `/api/admin/users?q=${encodeURIComponent(q)}`);
      expect(
        found.json().items.map((u: { id: string }) => u.id),
        q,
      ).toEqual([irmak.id]);
    }
    const byEmail = await asAdmin('GET', `/api/admin/users?q=${encodeURIComponent(reporter.email.toUpperCase())}`);
    expect(byEmail.json().items.map((u: { id: string }) => u.id)).toEqual([reporter.id]);
    expect((await asAdmin('GET', '/api/admin/users?q=.*')).json().totalCount).toBe(0);
    expect((await asAdmin('GET', '/api/admin/users?page=2')).json()).toMatchObject({
      items: [],
      totalCount: 3,
      page: 2,
    });
    const badPage = await asAdmin('GET', '/api/admin/users?page=0');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toBe('Sayfa 1 veya daha büyük bir tam sayı olmalıdır');
  });

  it('never bans an administrator, themself included (400 in Turkish), nor an unknown account (404), and changes nothing', async () => {
    const self = await asAdmin('POST', `/api/admin/users/${administrator.id}/ban`, {});
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({
      error: 'admin_untouchable',
      message: 'Yönetim ekibindeki hesaplar (moderatör, yönetici) engellenemez',
    });
    const unknown = await asAdmin('POST', '/api/admin/users/000000000000000000000000/ban', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Kullanıcı bulunamadı');
    const activateAdmin = await asAdmin('POST', `/api/admin/users/${administrator.id}/activate`);
    expect(activateAdmin.statusCode).toBe(400);
    expect(activateAdmin.json().message).toBe('Yönetim ekibindeki hesapların durumu buradan değiştirilemez');
    const noJob = await asAdmin('GET', '/api/admin/bulk-email/0123456789abcdef01234567');
    expect(noJob.statusCode).toBe(404);
    expect(noJob.json().message).toBe('Toplu e-posta işi bulunamadı');
    expect((await login(administrator)).statusCode).toBe(200);
    const audit = await asAdmin('GET', '/api/admin/audit');
    expect(audit.json().items).toEqual([]);
  });

  it('bans a member: login refused, session and API token dead, told by e-mail, audited; activation undoes it', async () => {
    const sessionCookie = await cookieOf(irmak);
    const tokenRes = await gateway.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie: sessionCookie },
      payload: { name: 'betik' },
    });
    expect(tokenRes.statusCode, tokenRes.body).toBe(201);
    const bearer = { authorization: `Bearer ${tokenRes.json().token}` };
    expect((await gateway.inject({ url: '/api/auth/session', headers: bearer })).statusCode).toBe(200);

    const tooLong = await asAdmin('POST', `/api/admin/users/${irmak.id}/ban`, { reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Gerekçe en fazla 500 karakter olabilir');

    const socket = connectSocket(portOf(notifications.app), asMember(irmak.id));
    await connected(socket);
    let disconnectReason: string | undefined;
    socket.on('disconnect', (reason) => (disconnectReason = reason));

    const ban = await asAdmin('POST', `/api/admin/users/${irmak.id}/ban`, { reason: 'Spam paylaşımlar' });
    expect(ban.statusCode, ban.body).toBe(200);
    expect(ban.json()).toEqual({ message: 'Kullanıcı engellendi' });

    await until(async () => (await login(irmak)).statusCode === 403, 20_000, 'login refused');
    await until(() => disconnectReason === 'io server disconnect', 20_000, 'socket closed by the server');
    socket.close();
    expect((await login(irmak)).json().message).toBe(
      'Hesabın askıya alındı. Bir yanlışlık olduğunu düşünüyorsan bize ulaş.',
    );
    await until(
      async () =>
        (await gateway.inject({ url: '/api/auth/session', headers: { cookie: sessionCookie } })).statusCode === 401,
      20_000,
      'session dead',
    );
    await until(
      async () => (await gateway.inject({ url: '/api/auth/session', headers: bearer })).statusCode === 401,
      20_000,
      'token dead',
    );
    const notice = await until(
      async () =>
        (await maildev.messages()).find(
          (m) => m.to.some((t) => t.address === irmak.email) && m.subject === 'Meydan hesabın askıya alındı',
        ),
      20_000,
      'ban notice mail',
    );
    expect(notice.text).toContain('Gerekçe: Spam paylaşımlar');
    const listed = (await asAdmin('GET', `/api/admin/users?q=${irmak.username}`)).json().items[0];
    expect(listed.isActive).toBe(false);
    const twice = await asAdmin('POST', `/api/admin/users/${irmak.id}/ban`, { reason: 'İkinci tık' });
    expect(twice.json()).toEqual({ message: 'Kullanıcı engellendi' });
    // Their polls are gone from every feed and from the direct view, for visitors and members alike (what visitors read
    // the gateway may share for a second, hence the waits).
    const feedIds = async (headers: Record<string, string> = {}) =>
      (await gateway.inject({ url: '/api/polls?feed=new', headers }))
        .json()
        .polls.map((p: { id: string }) => p.id) as string[];
    const reporterCookie = await cookieOf(reporter);
    await until(async () => !(await feedIds()).includes(pollId), 20_000, 'poll hidden from the feed');
    expect(await feedIds({ cookie: reporterCookie })).not.toContain(pollId);
    await until(
      async () =>
        !(await gateway.inject({ url: '/api/polls?feed=trending' }))
          .json()
          .polls.map((p: { id: string }) => p.id)
          .includes(pollId),
      20_000,
      'poll hidden from trending',
    );
    expect(
      (await gateway.inject({ url: `/api/polls/${pollId}`, headers: { cookie: reporterCookie } })).statusCode,
    ).toBe(404);
    await until(
      async () => (await gateway.inject({ url: `/api/users/${irmak.id}/polls` })).json().length === 0,
      20_000,
      'poll hidden from the list',
    );

    const activate = await asAdmin('POST', `/api/admin/users/${irmak.id}/activate`);
    expect((await asAdmin('POST', `/api/admin/users/${irmak.id}/activate`)).statusCode).toBe(200);
    expect(activate.statusCode).toBe(200);
    expect(activate.json()).toEqual({ message: 'Kullanıcı etkinleştirildi' });
    await until(async () => (await login(irmak)).statusCode === 200, 20_000, 'login allowed again');
    await until(
      async () => (await gateway.inject({ url: `/api/polls/${pollId}` })).statusCode === 200,
      20_000,
      'poll visible again',
    );
    await until(async () => (await feedIds()).includes(pollId), 20_000, 'poll back in the feed');
    expect((await asAdmin('GET', `/api/admin/users?q=${irmak.username}`)).json().items[0].isActive).toBe(true);

    const audit = (await asAdmin('GET', '/api/admin/audit')).json();
    expect(
      audit.items.map((e: { action: string; targetId: string; reason: string | null; adminId: string }) => [
        e.action,
        e.targetId,
        e.reason,
        e.adminId,
      ]),
    ).toEqual([
      ['user.activate', irmak.id, null, administrator.id],
      ['user.ban', irmak.id, 'Spam paylaşımlar', administrator.id],
    ]);
    // Who did it, by name: the panel shows the administrator's username.
    expect(audit.items.map((e: { adminUsername: string | null }) => e.adminUsername)).toEqual([
      administrator.username,
      administrator.username,
    ]);
    const notices = (await maildev.messages()).filter(
      (m) => m.to.some((t) => t.address === irmak.email) && m.subject === 'Meydan hesabın askıya alındı',
    );
    expect(notices).toHaveLength(1);
  });

  it('lists polls with their creator and reports with their poll and reporter; updates a report status', async () => {
    const pollsPage = (await asAdmin('GET', '/api/admin/polls?q=KAHVE')).json();
    expect(pollsPage).toMatchObject({ totalCount: 1, page: 1, pageSize: 20 });
    expect(pollsPage.items[0]).toMatchObject({
      id: pollId,
      title: 'Çay mı kahve mi?',
      description: 'Sabah içeceği',
      category: 'gunluk-hayat',
      votesCount: 1,
      isShareable: false,
      creator: { id: irmak.id, username: irmak.username, displayName: 'Irmak Işık' },
    });
    const pending = (await asAdmin('GET', '/api/admin/reports?status=pending')).json();
    expect(pending.items).toEqual([
      {
        id: reportId,
        status: 'pending',
        reason: 'spam',
        description: 'Reklam',
        createdAt: expect.any(String),
        poll: { id: pollId, title: 'Çay mı kahve mi?', editedAt: null },
        reporter: { id: reporter.id, username: reporter.username },
      },
    ]);
    const wrong = await asAdmin('PATCH', `/api/admin/reports/${reportId}`, { status: 'pending' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("Durum 'resolved' ya da 'dismissed' olmalıdır");
    const badFilter = await asAdmin('GET', '/api/admin/reports?status=weird');
    expect(badFilter.statusCode).toBe(400);
    const dismissed = await asAdmin('PATCH', `/api/admin/reports/${reportId}`, { status: 'dismissed' });
    expect(dismissed.json()).toEqual({ message: 'Rapor güncellendi' });
    expect(
      (await asAdmin('GET', '/api/admin/reports?status=dismissed')).json().items.map((r: { id: string }) => r.id),
    ).toEqual([reportId]);
    expect((await asAdmin('GET', '/api/admin/stats')).json().pendingReports).toBe(0);
    expect((await asAdmin('PATCH', '/api/admin/reports/yok', { status: 'resolved' })).statusCode).toBe(404);
  });

  it('deletes a poll everywhere through the removal event, and its pending reports become resolved', async () => {
    await asAdmin('PATCH', `/api/admin/reports/${reportId}`, { status: 'resolved' });
    const second = await gateway.inject({
      method: 'POST',
      url: '/api/polls',
      headers: { cookie: await cookieOf(reporter) },
      payload: { title: 'Silinecek anket', category: 'serbest-kursu', options: ['Evet', 'Hayır'] },
    });
    const doomedId = second.json().id as string;
    const doomedReport = await gateway.inject({
      method: 'POST',
      url: `/api/polls/${doomedId}/report`,
      headers: { cookie: await cookieOf(irmak) },
      payload: { reason: 'uygunsuz' },
    });
    expect(doomedReport.statusCode).toBe(201);
    await until(
      async () => (await asAdmin('GET', '/api/admin/reports?status=pending')).json().totalCount === 1,
      20_000,
      'report event',
    );

    const removed = await asAdmin('DELETE', `/api/admin/polls/${doomedId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Anket silindi' });
    await until(
      async () => (await gateway.inject({ url: `/api/polls/${doomedId}` })).statusCode === 404,
      20_000,
      'poll gone from polls',
    );
    expect((await asAdmin('GET', '/api/admin/reports?status=pending')).json().totalCount).toBe(0);
    expect((await asAdmin('GET', '/api/admin/polls')).json().items.map((p: { id: string }) => p.id)).toEqual([pollId]);
    const again = await asAdmin('DELETE', `/api/admin/polls/${doomedId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Anket bulunamadı');
    const audit = (await asAdmin('GET', '/api/admin/audit')).json();
    expect(audit.items[0]).toMatchObject({ action: 'poll.delete', targetType: 'poll', targetId: doomedId });
  });

  it('keeps the read model by events: a registration, its activation, a profile update', async () => {
    const userId = '0123456789abcdef01234567';
    const at = new Date().toISOString();
    const bus = admin.deps.bus;
    await bus.publish(events.auth.userRegistered, {
      userId,
      username: 'yeni_uye',
      email: 'yeni@example.com',
      displayName: 'Yeni Üye',
      role: 'member',
      isActive: true,
      emailVerified: false,
      at,
    });
    const find = async (q: string) =>
      (await asAdmin('GET', `/api/admin/users?q=${encodeURIComponent(q)}`)).json().items as {
        id: string;
        emailVerified: boolean;
        displayName: string;
      }[];
    await until(async () => (await find('yeni_uye')).length === 1, 20_000, 'registered');
    expect((await find('YENİ ÜYE'))[0]).toMatchObject({ id: userId, emailVerified: false });
    await bus.publish(events.auth.userActivated, { userId, at });
    await until(async () => (await find('yeni_uye'))[0]?.emailVerified === true, 20_000, 'activated');
    await bus.publish(events.auth.userUpdated, {
      userId,
      username: 'yeni_uye',
      displayName: 'Işıl Çiçek',
      avatarUrl: null,
      at,
    });
    await until(async () => (await find('IŞIL'))[0]?.id === userId, 20_000, 'updated and searchable by the new name');
    expect((await asAdmin('GET', '/api/admin/stats')).json().totalUsers).toBe(4);
  });

  it('refuses a bulk e-mail with an empty subject or body (400, nothing queued)', async () => {
    const noSubject = await asAdmin('POST', '/api/admin/bulk-email', { subject: '  ', body: 'Merhaba' });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().message).toBe('Konu boş olamaz');
    const noBody = await asAdmin('POST', '/api/admin/bulk-email', { subject: 'Duyuru', body: '' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toBe('Mesaj boş olamaz');
    const audit = (await asAdmin('GET', '/api/admin/audit')).json();
    expect(audit.items.some((e: { action: string }) => e.action === 'bulk-email.send')).toBe(false);
  });
});
