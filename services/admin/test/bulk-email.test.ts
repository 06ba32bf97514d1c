/**
 * A bulk e-mail to 50 members through the gateway, with the real auth and notifications services and MailDev: the
 * sending admin instance is stopped halfway (its worker with it) and a new one on the same store finishes the job.
 * Every member gets the mail; a restart may resend only what was in flight. The progress reaches the
 * administrator's socket live.
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asAdmin, startTestMailDev, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { createUser, staffSession, type TestUser } from '../../auth/test/support.js';
import { buildApp as buildNotifications } from '../../notifications/src/app.js';
import { startTestGateway, type TestGateway } from '../../../gateway/test/support.js';
import { startAdmin, stopKeepingStore, until } from './support.js';

/** The worker's messages that may be taken but not yet acknowledged when it stops (concurrency 4, fetched ahead 8). */
const IN_FLIGHT_AT_MOST = 8;

describe('bulk e-mail through the work queue', () => {
  let maildev: Awaited<ReturnType<typeof startTestMailDev>>;
  let auth: TestService;
  let notifications: TestService;
  let firstAdmin: TestService | undefined;
  let secondAdmin: TestService | undefined;
  const gateways: TestGateway[] = [];
  let socket: Socket | undefined;
  let administrator: TestUser;
  const members: TestUser[] = [];

  const adminConfig = { BULK_EMAIL_RATE_PER_SEC: 10, BULK_EMAIL_ACK_WAIT_MS: 1000 };

  beforeAll(async () => {
    maildev = await startTestMailDev();
    auth = await startTestService('auth', buildAuth, { listen: true });
    notifications = await startTestService('notifications', buildNotifications, {
      listen: true,
      config: { SMTP_URL: maildev.smtpUrl } as never,
    });
    administrator = await createUser(auth.deps, { role: 'admin' });
    for (let i = 0; i < 50; i++)
      members.push(await createUser(auth.deps, { username: `toplu_${i}_${Date.now().toString(36)}` }));
    // No polls service here: the read model's rebuild keeps waiting for it, which the bulk e-mail does not need.
    firstAdmin = await startAdmin(adminConfig, { rebuilt: false });
    gateways.push(await startTestGateway({ auth, notifications, admin: firstAdmin }, { listen: true }));
  });

  afterAll(async () => {
    socket?.disconnect();
    for (const g of gateways) await g.close();
    await secondAdmin?.close();
    await firstAdmin?.close();
    await notifications?.close();
    await auth?.close();
    await maildev?.stop();
  });

  /** The administrator's session through this gateway, with the second factor given (staff routes need it). */
  const cookieVia = async (gateway: TestGateway) =>
    `sid=${(await staffSession(auth.deps, (o) => gateway.app.inject(o), administrator)).sid}`;

  it('reaches all 50 members when the sending worker is stopped halfway, resending at most what was in flight', async () => {
    const [gateway] = gateways as [TestGateway];
    const cookie = await cookieVia(gateway);
    socket = io(gateway.base, {
      path: '/ws',
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { cookie },
    });
    const progress: { id: string; total: number; sent: number; failed: number; state: string }[] = [];
    socket.on('bulk_email_progress', (payload: { data: (typeof progress)[number] }) => progress.push(payload.data));
    await new Promise<void>((resolve) => socket!.once('auth_success', () => resolve()));

    const start = await gateway.app.inject({
      method: 'POST',
      url: '/api/admin/bulk-email',
      headers: { cookie },
      payload: { subject: 'Meydan duyurusu', body: 'Yeni özellikler geldi!\n\nHepinize teşekkürler.' },
    });
    expect(start.statusCode, start.body).toBe(202);
    const { jobId, message } = start.json();
    expect(message).toBe('E-posta gönderiliyor...');
    const jobVia = async (g: TestGateway, c: string) =>
      (await g.app.inject({ url: `/api/admin/bulk-email/${jobId}`, headers: { cookie: c } })).json();

    await until(async () => (await jobVia(gateway, cookie)).sent >= 10, 30_000, 'first ten sent');
    const store = firstAdmin!.deps.config.MONGO_DB;
    await stopKeepingStore(firstAdmin!);
    // Its database is the second instance's now (dropped when that one closes).
    firstAdmin = undefined;
    const atStop = await maildev.messages();

    secondAdmin = await startAdmin({ ...adminConfig, MONGO_DB: store }, { rebuilt: false });
    const second = await startTestGateway({ auth, notifications, admin: secondAdmin });
    gateways.push(second);
    const secondCookie = await cookieVia(second);
    const job = await until(
      async () => {
        const j = await jobVia(second, secondCookie);
        return j.state === 'done' && j;
      },
      60_000,
      'job done',
    );
    expect(job).toEqual({ id: jobId, total: 51, sent: 51, failed: 0, state: 'done' });
    expect(atStop.filter((m) => m.subject === 'Meydan duyurusu').length).toBeLessThan(51);

    const mails = await until(
      async () => {
        const all = (await maildev.messages()).filter((m) => m.subject === 'Meydan duyurusu');
        return members.every((u) => all.some((m) => m.to.some((t) => t.address === u.email))) && all;
      },
      30_000,
      'every member mailed',
    );
    const perAddress = new Map<string, number>();
    for (const m of mails) for (const t of m.to) perAddress.set(t.address, (perAddress.get(t.address) ?? 0) + 1);
    const resent = [...perAddress.values()].reduce((sum, n) => sum + (n - 1), 0);
    expect(resent).toBeLessThanOrEqual(IN_FLIGHT_AT_MOST);
    expect(mails[0]!.text).toContain('Yeni özellikler geldi!');

    await until(() => progress.at(-1)?.state === 'done', 20_000, 'live progress done');
    expect(progress.at(-1)).toEqual({ id: jobId, total: 51, sent: 51, failed: 0, state: 'done' });
    expect(progress.some((p) => p.state === 'sending' && p.sent < 51)).toBe(true);
  });
});

describe('bulk e-mail: a recipient that keeps failing', () => {
  let auth: TestService;
  let admin: TestService;
  let administrator: TestUser;

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth);
    administrator = await createUser(auth.deps, { role: 'admin' });
    // An address the mail contract refuses: every try to hand it to the mailer fails.
    await createUser(auth.deps, { email: 'adres-degil' });
    admin = await startAdmin({ BULK_EMAIL_MAX_TRIES: 2 }, { listen: false, rebuilt: false });
  });

  afterAll(async () => {
    await admin?.close();
    await auth?.close();
  });

  it('is retried, then counted as failed, and the job still ends', async () => {
    const start = await admin.app.inject({
      method: 'POST',
      url: '/api/admin/bulk-email',
      headers: asAdmin(administrator.id),
      payload: { subject: 'Duyuru', body: 'Merhaba' },
    });
    expect(start.statusCode, start.body).toBe(202);
    const { jobId } = start.json();
    const job = await until(
      async () => {
        const j = (
          await admin.app.inject({ url: `/api/admin/bulk-email/${jobId}`, headers: asAdmin(administrator.id) })
        ).json();
        return j.state === 'done' && j;
      },
      30_000,
      'job done',
    );
    expect(job).toEqual({ id: jobId, total: 2, sent: 1, failed: 1, state: 'done' });
  });
});
