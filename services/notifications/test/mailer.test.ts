import { join } from 'node:path';
import { JSONCodec } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import { deadLetterSubject, events } from '@meydan/proto';
import { sealMail } from '@meydan/kit';
import { TEST_MAIL_SECRET, freePort, infra, startTestMailDev, type TestService } from '@meydan/testing';
import { startMailDev } from '../../../deploy/local/servers.mjs';
import { startNotifications, until } from './support.js';

type Inbox = {
  subject: string;
  to: { address: string }[];
  html: string;
  text: string;
  headers: Record<string, string>;
}[];
const codec = JSONCodec();
const unique = () => `uye_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}@example.com`;
/** A mail as its sender writes it; `sealed` is what goes on the bus. */
const sealed = (mail: Parameters<typeof sealMail>[1]) => sealMail(TEST_MAIL_SECRET, mail);
const mailFor = (to: string) => ({
  to,
  subject: 'Meydan hesabını etkinleştir',
  html: '<p>Merhaba Ayşe, <a href="http://localhost:8080/api/auth/activate/abc">hesabını etkinleştir</a></p>',
  text: 'Merhaba Ayşe, hesabını etkinleştir: http://localhost:8080/api/auth/activate/abc',
  tag: 'activation',
  userId: '0123456789abcdef01234567',
});

describe('mailer: mail requests are sent over SMTP, and survive SMTP being down', () => {
  let service: TestService | undefined;

  afterAll(async () => {
    await service?.close();
  });

  it('sends a requested mail (HTML and text) to MailDev', async () => {
    const mail = await startTestMailDev();
    try {
      service = await startNotifications(mail.smtpUrl);
      const to = unique();
      await service.deps.bus.publish(events.auth.mailRequested, sealed(mailFor(to)));
      const bulk = unique();
      await service.deps.bus.publish(
        events.admin.mailRequested,
        sealed({ ...mailFor(bulk), subject: 'Meydan’da bu hafta', tag: 'bulk' }),
      );
      let inbox: Inbox = [];
      await until(
        async () => {
          inbox = (await mail.messages()) as Inbox;
          return [to, bulk].every((address) => inbox.some((m) => m.to[0]?.address === address));
        },
        15_000,
        'mail in MailDev',
      );
      const sent = inbox.filter((m) => m.to[0]?.address === to);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({ subject: 'Meydan hesabını etkinleştir' });
      expect(sent[0]!.html).toContain('hesabını etkinleştir</a>');
      expect(sent[0]!.text.trim()).toBe(mailFor(to).text);
      expect(sent[0]!.headers['x-meydan-tag']).toBe('activation');
      expect(inbox.find((m) => m.to[0]?.address === bulk)!.subject).toBe('Meydan’da bu hafta');
    } finally {
      await service?.close();
      service = undefined;
      await mail.stop();
    }
  });

  it('dead-letters a request that is not a mail at once, without sending it', async () => {
    const mail = await startTestMailDev();
    try {
      service = await startNotifications(mail.smtpUrl);
      const dead: unknown[] = [];
      const sub = service.deps.nats.subscribe(deadLetterSubject('notifications--mailer'), {
        callback: (_e, m) => dead.push(codec.decode(m.data)),
      });
      const broken = sealed({ ...mailFor('bu-bir-adres-degil'), tag: 'broken' });
      // A producer that skips the bus (the bus itself refuses to publish it).
      await expect(service.deps.bus.publish(events.auth.mailRequested, broken)).rejects.toThrow(/mail\.requested/);
      await service.deps.nats.jetstream().publish(events.auth.mailRequested, codec.encode(broken));
      await until(() => dead.length > 0, 10_000, 'dead letter');
      expect(dead).toContainEqual(broken);
      sub.unsubscribe();
      expect(((await mail.messages()) as Inbox).filter((m) => m.to[0]?.address === 'bu-bir-adres-degil')).toEqual([]);
    } finally {
      await service?.close();
      service = undefined;
      await mail.stop();
    }
  });

  it('sends only what opens with its MAIL_SECRET: a body sealed with another key, or moved to another address, is not sent', async () => {
    const mail = await startTestMailDev();
    try {
      service = await startNotifications(mail.smtpUrl);
      const forged = unique();
      await service.deps.bus.publish(
        events.auth.mailRequested,
        sealMail('another-mail-secret-0123456789abcdef012345', mailFor(forged)),
      );
      // A sealed body taken from one request and sent to another address (its recipient is bound to the body).
      const victim = unique();
      const stolen = unique();
      await service.deps.bus.publish(events.auth.mailRequested, { ...sealed(mailFor(victim)), to: stolen });
      const control = unique();
      await service.deps.bus.publish(events.auth.mailRequested, sealed(mailFor(control)));
      const jsm = await service.deps.nats.jetstreamManager();
      await until(
        async () =>
          (await jsm.consumers.info('EVENTS', service!.deps.bus.durableName('notifications--mailer')))
            .num_redelivered >= 2,
        15_000,
        'the two refused requests redelivered',
      );
      await until(
        async () => ((await mail.messages()) as Inbox).some((m) => m.to[0]?.address === control),
        15_000,
        'the control mail',
      );
      const inbox = (await mail.messages()) as Inbox;
      expect(inbox.filter((m) => [forged, stolen, victim].includes(m.to[0]?.address ?? ''))).toEqual([]);
    } finally {
      await service?.close();
      service = undefined;
      await mail.stop();
    }
  });

  it('sends a mail requested while SMTP was down once SMTP is back', async () => {
    const [smtpPort, webPort] = [await freePort(), await freePort()];
    service = await startNotifications(`smtp://127.0.0.1:${smtpPort}`); // nothing listens there yet
    const to = unique();
    await service.deps.bus.publish(events.auth.mailRequested, sealed(mailFor(to)));

    // The mailer fails and JetStream redelivers with backoff ...
    const jsm = await service.deps.nats.jetstreamManager();
    await until(
      async () =>
        (await jsm.consumers.info('EVENTS', service!.deps.bus.durableName('notifications--mailer'))).num_redelivered >
        0,
      10_000,
      'a redelivery',
    );

    // ... until SMTP is back.
    const root = new URL('../../..', import.meta.url).pathname;
    const mail = await startMailDev({ smtpPort, webPort, root, logFile: join(infra().dir, `maildev-${webPort}.log`) });
    try {
      let inbox: Inbox = [];
      await until(
        async () => {
          inbox = (await (await fetch(`${mail.webUrl}/email`)).json()) as Inbox;
          return inbox.some((m) => m.to[0]?.address === to);
        },
        20_000,
        'the mail after SMTP came back',
      );
      expect(inbox.filter((m) => m.to[0]?.address === to)).toHaveLength(1);
      expect(inbox.find((m) => m.to[0]?.address === to)!.subject).toBe('Meydan hesabını etkinleştir');
    } finally {
      await service.close();
      service = undefined;
      await mail.stop();
    }
  });
});
