/**
 * The newsletter's double opt-in through the real gateway, with the mail in MailDev: the same answer for a new and
 * a known address, a single-use confirmation link, an unsubscribe link in the mail, bad input refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo, ORIGIN, startContactStack } from './support.js';

const SUBSCRIBED = 'Teşekkürler! Aboneliğini onaylaman için e-posta adresine bir bağlantı gönderdik.';

describe('newsletter', () => {
  let stack: Awaited<ReturnType<typeof startContactStack>>;
  let ipSeq = 0;
  const nextIp = () => `192.0.2.${++ipSeq}`;
  const subscribe = (email: unknown, ip = nextIp()) => stack.call('POST', '/api/newsletter/subscribe', ip, { email });
  const subscriber = (email: string) =>
    stack.contact.app.contact.models.Subscriber.findOne({ emailLower: email.toLowerCase() }).lean();
  const linkIn = (text: string, kind: 'confirm' | 'unsubscribe') =>
    new URL(text.match(new RegExp(`${ORIGIN}/api/newsletter/${kind}/\\S+`))![0]).pathname;

  beforeAll(async () => {
    stack = await startContactStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('subscribes with double opt-in: 202, a mail, a single-use confirmation, then unsubscribe', async () => {
    const email = `Okur.${Date.now()}@example.com`;
    const res = await subscribe(email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: SUBSCRIBED });
    const pending = await subscriber(email);
    expect(pending).not.toBeNull();
    expect(pending?.confirmedAt ?? null, 'not a subscriber before confirming').toBeNull();

    const mail = await mailTo(stack.maildev, email, 'Meydan bülten aboneliğini onayla');
    const confirm = linkIn(mail.text, 'confirm');
    const unsubscribe = linkIn(mail.text, 'unsubscribe');
    expect(mail.html).toContain('Abonelikten çık');

    const confirmed = await stack.call('GET', confirm, nextIp());
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers['content-type']).toContain('text/html');
    expect(confirmed.body).toContain('Aboneliğin onaylandı');
    expect((await subscriber(email))?.confirmedAt).toBeInstanceOf(Date);

    const again = await stack.call('GET', confirm, nextIp());
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('Bu bağlantı geçersiz');

    const known = await subscribe(email.toLowerCase());
    expect(known.statusCode).toBe(202);
    expect(known.json(), 'a known address gets the very same answer').toEqual(res.json());

    const left = await stack.call('GET', unsubscribe, nextIp());
    expect(left.statusCode).toBe(200);
    expect(left.body).toContain('Abonelikten çıktın');
    expect((await subscriber(email))?.unsubscribedAt).toBeInstanceOf(Date);

    const forged = await stack.call('GET', `${unsubscribe.slice(0, -3)}abc`, nextIp());
    expect(forged.statusCode).toBe(400);
    expect(
      await stack.call('GET', '/api/newsletter/confirm/uydurma-bir-token', nextIp()).then((r) => r.statusCode),
    ).toBe(400);
    // A malformed token (over 200 characters) gets the same page, not the API's JSON validation error.
    for (const kind of ['confirm', 'unsubscribe']) {
      const malformed = await stack.call('GET', `/api/newsletter/${kind}/${'0'.repeat(201)}`, nextIp());
      expect(malformed.statusCode, kind).toBe(400);
      expect(malformed.headers['content-type'], kind).toMatch(/^text\/html/);
      expect(malformed.body, kind).toBe(forged.body);
    }
  });

  it('sends one confirmation mail per address per interval, whatever is asked', async () => {
    const email = `tekrar.${Date.now()}@example.com`;
    expect((await subscribe(email)).statusCode).toBe(202);
    expect((await subscribe(email)).statusCode).toBe(202);
    await mailTo(stack.maildev, email, 'Meydan bülten aboneliğini onayla');
    const mails = (await stack.maildev.messages()).filter((m) => m.to.some((t) => t.address === email));
    expect(mails).toHaveLength(1);
  });

  it('refuses a bad address with 400 and the Turkish text, and stores nothing', async () => {
    const before = await stack.contact.app.contact.models.Subscriber.countDocuments({});
    for (const email of ['adres-degil', '', 42]) {
      const res = await subscribe(email);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Geçerli bir e-posta adresi giriniz');
    }
    expect(await stack.contact.app.contact.models.Subscriber.countDocuments({})).toBe(before);
  });

  it('limits subscriptions per IP through the gateway', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await subscribe('gecersiz', ip)).statusCode).toBe(400);
    expect((await subscribe(`limit.${Date.now()}@example.com`, ip)).statusCode).toBe(429);
  });
});
