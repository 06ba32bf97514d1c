/**
 * The whole way a new member comes in, through the real gateway: register → the activation mail
 * arrives in MailDev (sent by the notifications service's mailer) → activate → login → session → logout.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '@meydan/proto';
import { startTestMailDev, startTestService, until, type TestService } from '@meydan/testing';
import { startTestGateway, type TestGateway } from '../../../gateway/test/support.js';
import { buildApp as buildNotifications } from '../../notifications/src/app.js';
import { buildApp } from '../src/app.js';

describe('registration flow through the gateway, with mail', () => {
  let auth: TestService;
  let notifications: TestService;
  let maildev: Awaited<ReturnType<typeof startTestMailDev>>;
  let testGateway: TestGateway;
  let gateway: FastifyInstance;

  beforeAll(async () => {
    maildev = await startTestMailDev();
    auth = await startTestService('auth', buildApp, {
      listen: true,
      config: { PUBLIC_ORIGIN: 'http://meydan.test' } as never,
    });
    notifications = await startTestService('notifications', buildNotifications, {
      listen: true,
      config: { SMTP_URL: maildev.smtpUrl } as never,
    });
    testGateway = await startTestGateway({ auth, notifications });
    gateway = testGateway.app;
  });

  afterAll(async () => {
    await testGateway?.close();
    await notifications?.close();
    await auth?.close();
    await maildev?.stop();
  });

  it('register → mail in MailDev → activate → login → session → logout', async () => {
    const email = `zeynep.${Date.now()}@example.com`;
    const registered = await gateway.inject({
      method: 'POST',
      url: '/api/register',
      headers: { origin: 'http://meydan.test' },
      payload: {
        username: `zeynep_${Date.now().toString(36)}`,
        email,
        displayName: 'Zeynep Kaya',
        password: 'gizli123',
      },
    });
    expect(registered.statusCode).toBe(201);

    const mail = await until(
      async () => (await maildev.messages()).find((m) => m.to.some((t) => t.address === email)),
      10_000,
      'the activation mail in MailDev',
    );
    expect(mail.subject).toBe('Meydan hesabını etkinleştir');
    expect(mail.text).toContain('Merhaba Zeynep Kaya');
    expect(mail.html).toContain('Hesabımı etkinleştir');
    const link = new URL(mail!.text.match(/http:\/\/meydan\.test\/api\/auth\/activate\/\S+/)![0]);

    const before = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'gizli123' },
    });
    expect(before.statusCode).toBe(403);

    const activated = await gateway.inject({ url: link.pathname });
    expect(activated.statusCode).toBe(200);
    expect(activated.body).toContain('Hesabın etkinleştirildi!');

    const login = await gateway.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'gizli123' } });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ email, displayName: 'Zeynep Kaya', role: 'member' });
    const sid = login.cookies.find((c) => c.name === SESSION_COOKIE)!.value;

    const session = await gateway.inject({ url: '/api/auth/session', headers: { cookie: `${SESSION_COOKIE}=${sid}` } });
    expect(session.statusCode).toBe(200);
    expect(session.json().email).toBe(email);

    const logout = await gateway.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `${SESSION_COOKIE}=${sid}` },
    });
    expect(logout.statusCode).toBe(200);
    await vi.waitFor(
      async () =>
        expect(
          (await gateway.inject({ url: '/api/auth/session', headers: { cookie: `${SESSION_COOKIE}=${sid}` } }))
            .statusCode,
        ).toBe(401),
      { timeout: 1000, interval: 25 },
    );
  });
});
