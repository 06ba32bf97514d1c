/** What the contact suites share: the service, the mailer and a gateway in front, solved challenges, MailDev lookups. */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { vi } from 'vitest';
import { startTestMailDev, startTestService, type TestService } from '@meydan/testing';
import { startTestGateway, type TestGateway } from '../../../gateway/test/support.js';
import { buildApp as buildNotifications } from '../../notifications/src/app.js';
import { buildApp } from '../src/app.js';
import type { ContactConfig } from '../src/config.js';

export type ContactTestService = TestService & { app: FastifyInstance };
export type MailDev = Awaited<ReturnType<typeof startTestMailDev>>;
export type Mail = Awaited<ReturnType<MailDev['messages']>>[number];

export const ORIGIN = 'http://meydan.test';

export function startContact(config: Partial<ContactConfig> = {}): Promise<ContactTestService> {
  return startTestService('contact', buildApp, {
    listen: true,
    // A cheap proof of work keeps the suites fast; the browser test solves the real one.
    config: { PUBLIC_ORIGIN: ORIGIN, CHALLENGE_COST: 1, ...config } as never,
  }) as Promise<ContactTestService>;
}

/** The contact service, the notifications mailer on a private MailDev, and a real gateway in front of both. */
export async function startContactStack(config: Partial<ContactConfig> = {}) {
  const maildev = await startTestMailDev();
  const contact = await startContact(config);
  const notifications = await startTestService('notifications', buildNotifications, {
    listen: true,
    config: { SMTP_URL: maildev.smtpUrl } as never,
  });
  const gateway: TestGateway = await startTestGateway({ contact, notifications });
  return {
    maildev,
    contact,
    notifications,
    gateway,
    /** A request through the gateway from the given client IP (each test its own, so the per-IP limits stay apart). */
    call(method: InjectOptions['method'], url: string, ip: string, payload?: object) {
      return gateway.app.inject({
        method,
        url,
        remoteAddress: ip,
        headers: { origin: ORIGIN },
        ...(payload ? { payload } : {}),
      });
    },
    async close() {
      await gateway.close();
      await notifications.close();
      await contact.close();
      await maildev.stop();
    },
  };
}

/** The widget's payload for a challenge: base64 JSON {challenge, solution}. */
export async function payloadFor(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Waits for the mail to `to` whose subject matches. */
export function mailTo(maildev: MailDev, to: string, subject: RegExp | string): Promise<Mail> {
  return vi.waitFor(
    async () => {
      const mail = (await maildev.messages()).find(
        (m) =>
          m.to.some((t) => t.address.toLowerCase() === to.toLowerCase()) &&
          (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)),
      );
      if (!mail) throw new Error(`no mail to ${to} matching ${String(subject)}`);
      return mail;
    },
    { timeout: 15_000, interval: 100 },
  );
}

export const validMessage = (over: Record<string, unknown> = {}) => ({
  name: 'Ayşe Yılmaz',
  email: `ayse.${Date.now()}@example.com`,
  subject: 'teknik',
  message: 'Anket oluştururken seçenek eklenmiyor, yardım eder misiniz?',
  ...over,
});
