/**
 * The contact form against real NATS, Redis, the MongoDB-wire server and MailDev, through the real gateway: the §5
 * texts, the bot challenge (accepted once, refused on replay, expired, forged or for another purpose), the stored
 * ticket, the support mail and the sender's receipt, the admin's page of messages and the per-IP limit.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Challenge } from 'altcha-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BotChallenge } from '@meydan/kit';
import { contactMessages as M, limits, subjects } from '@meydan/proto';
import { TEST_SECRET, asMember, asVisitor } from '@meydan/testing';
import {
  mailTo,
  payloadFor,
  startContact,
  startContactStack,
  validMessage,
  type ContactTestService,
} from './support.js';

const INVALID = 'Güvenlik doğrulaması geçersiz ya da süresi dolmuş. Lütfen yeniden doğrula.';

describe('contact form', () => {
  let stack: Awaited<ReturnType<typeof startContactStack>>;
  let ipSeq = 0;
  let ip: string;

  beforeAll(async () => {
    stack = await startContactStack();
  });
  afterAll(async () => {
    await stack?.close();
  });
  beforeEach(async () => {
    ip = `198.51.100.${++ipSeq}`;
    await stack.contact.app.contact.models.ContactMessage.deleteMany({});
  });

  const challenge = async (): Promise<Challenge> => {
    const res = await stack.call('GET', '/api/contact/challenge', ip);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json();
  };
  const solved = async () => payloadFor(await challenge());
  const send = (body: object) => stack.call('POST', '/api/contact', ip, body);
  const stored = () => stack.contact.app.contact.models.ContactMessage.countDocuments({});

  it('names every broken field with its §5 text, with 400, and stores nothing', async () => {
    const res = await send({
      name: ' A ',
      email: 'bu-bir-adres-degil',
      subject: 'baska',
      message: 'kısa     ',
      turnstileToken: '',
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(
      (res.json().fields as { path: string; message: string }[]).map((f) => [f.path.replace(/^\//, ''), f.message]),
    );
    expect(fields).toEqual({
      name: 'İsim en az 2 karakter olmalıdır',
      email: 'Geçerli bir e-posta adresi giriniz',
      subject: 'Konu seçiniz',
      message: 'Mesaj en az 10 karakter olmalıdır',
      turnstileToken: 'Lütfen güvenlik doğrulamasını tamamlayın',
    });
    expect(res.json().error).toBe('validation');

    const empty = await send({});
    expect(empty.statusCode).toBe(400);
    const messages = (empty.json().fields as { message: string }[]).map((f) => f.message).sort();
    expect(messages).toEqual([M.challenge, M.email, M.messageMin, M.nameMin, M.subject].sort());

    const tooLong = await send(
      validMessage({
        name: 'x'.repeat(limits.contact.nameMax + 1),
        message: 'y'.repeat(limits.contact.messageMax + 1),
        turnstileToken: await solved(),
      }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect((tooLong.json().fields as { message: string }[]).map((f) => f.message).sort()).toEqual(
      [M.messageMax, M.nameMax].sort(),
    );
    expect(await stored()).toBe(0);
  });

  it('takes a solved challenge once: a ticket is stored, mailed to support and acknowledged to the sender', async () => {
    const body = validMessage({ turnstileToken: await solved() });
    const res = await send(body);
    expect(res.statusCode).toBe(201);
    const receipt = res.json();
    expect(receipt.ticketNumber).toMatch(new RegExp(`^MYD-${new Date().getUTCFullYear()}-\\d{6}$`));
    expect(receipt).toEqual({
      ticketNumber: receipt.ticketNumber,
      status: 'yeni',
      message: `Mesajınız alındı. Talep numaranız: ${receipt.ticketNumber}. Ortalama 2 saat içinde size dönüş yapıyoruz.`,
    });
    const doc = await stack.contact.app.contact.models.ContactMessage.findOne({
      ticketNumber: receipt.ticketNumber,
    }).lean();
    expect(doc).toMatchObject({
      name: body.name,
      email: body.email,
      subject: 'teknik',
      message: body.message,
      status: 'yeni',
      userId: null,
      ip,
    });

    const replay = await send({ ...body, message: 'Aynı çözümle ikinci bir mesaj gönderiyorum.' });
    expect(replay.statusCode).toBe(403);
    expect(replay.json()).toEqual({ error: 'challenge_invalid', message: INVALID });
    expect(await stored()).toBe(1);

    const support = await mailTo(
      stack.maildev,
      'destek@meydan.local',
      `[${receipt.ticketNumber}] Teknik Destek: Ayşe Yılmaz`,
    );
    expect(support.text).toContain(body.message);
    expect(support.text).toContain(body.email);
    const ack = await mailTo(stack.maildev, body.email, `Mesajınızı aldık (${receipt.ticketNumber})`);
    expect(ack.text).toContain('Yeni → İnceleniyor → Çözüm Aşamasında → Çözüldü');
    expect(ack.text).toContain(`Talep numaranız: ${receipt.ticketNumber}`);
    expect(ack.text, 'the receipt never repeats the message').not.toContain(body.message);
  });

  it('numbers tickets one after another', async () => {
    const first = (await send(validMessage({ turnstileToken: await solved() }))).json().ticketNumber as string;
    const second = (await send(validMessage({ turnstileToken: await solved() }))).json().ticketNumber as string;
    expect(Number(second.split('-')[2])).toBe(Number(first.split('-')[2]) + 1);
  });

  it('refuses an expired, forged, malformed or login challenge and stores nothing', async () => {
    const redis = stack.contact.deps.redis;
    const expired = await new BotChallenge({
      secret: TEST_SECRET,
      redis,
      purpose: 'contact',
      cost: 1,
      ttlSeconds: -5,
    }).createChallenge();
    const r1 = await send(validMessage({ turnstileToken: await payloadFor(expired) }));
    expect(r1.statusCode).toBe(403);
    expect(r1.json().message).toBe(INVALID);

    const real = await challenge();
    const forged = { ...real, parameters: { ...real.parameters, expiresAt: real.parameters.expiresAt! + 86_400 } };
    const solution = JSON.parse(Buffer.from(await payloadFor(real), 'base64').toString()).solution;
    const r2 = await send(
      validMessage({ turnstileToken: Buffer.from(JSON.stringify({ challenge: forged, solution })).toString('base64') }),
    );
    expect(r2.statusCode).toBe(403);

    const login = await new BotChallenge({ secret: TEST_SECRET, redis, purpose: 'login', cost: 1 }).createChallenge();
    expect((await send(validMessage({ turnstileToken: await payloadFor(login) }))).statusCode).toBe(403);

    const malformed = await send(validMessage({ turnstileToken: 'çözülmedi' }));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Lütfen güvenlik doğrulamasını tamamlayın');
    expect(await stored()).toBe(0);
  });

  it('remembers the member who wrote, and the admin reads the messages page by page, newest first', async () => {
    const memberId = '65a1b2c3d4e5f60718293a4b';
    const direct = await stack.contact.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: asMember(memberId),
      payload: validMessage({ subject: 'kvkk', turnstileToken: await solved() }),
    });
    expect(direct.statusCode).toBe(201);
    const visitor = await stack.contact.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: asVisitor(),
      payload: validMessage({ turnstileToken: await solved() }),
    });
    expect(visitor.statusCode).toBe(201);

    const page1 = await stack.gateway.bus.request(subjects.contact.messagesPage, { page: 1, pageSize: 1 });
    expect(page1.totalCount).toBe(2);
    expect(page1.items).toHaveLength(1);
    expect(page1.items[0]).toMatchObject({ ticketNumber: visitor.json().ticketNumber, userId: null, status: 'yeni' });
    const page2 = await stack.gateway.bus.request(subjects.contact.messagesPage, { page: 2, pageSize: 1 });
    expect(page2.items[0]).toMatchObject({
      ticketNumber: direct.json().ticketNumber,
      userId: memberId,
      subject: 'kvkk',
    });
    await expect(
      stack.gateway.bus.request(subjects.contact.messagesPage, { page: 0, pageSize: 1000 } as never),
    ).rejects.toThrow();
  });

  it('takes five messages per IP in ten minutes through the gateway, then 429', async () => {
    for (let i = 0; i < 5; i++) expect((await send({})).statusCode).toBe(400);
    const sixth = await send(validMessage({ turnstileToken: await solved() }));
    expect(sixth.statusCode).toBe(429);
    expect(await stored()).toBe(0);
  });
});

describe('contact form with Cloudflare Turnstile', () => {
  // Only Cloudflare's siteverify is faked (it cannot be reached from here): a local server answers as it would.
  let siteverify: Server;
  const seen: URLSearchParams[] = [];
  const used = new Set<string>();
  let contact: ContactTestService;

  beforeAll(async () => {
    siteverify = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        seen.push(form);
        const token = form.get('response') ?? '';
        const ok = form.get('secret') === 'turnstile-test-secret' && token.startsWith('gecerli-') && !used.has(token);
        const codes = used.has(token) ? ['timeout-or-duplicate'] : ok ? [] : ['invalid-input-response'];
        if (ok) used.add(token);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: ok, 'error-codes': codes }));
      });
    });
    await new Promise<void>((r) => siteverify.listen(0, '127.0.0.1', r));
    const port = (siteverify.address() as AddressInfo).port;
    contact = await startContact({
      TURNSTILE_SECRET: 'turnstile-test-secret',
      TURNSTILE_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    });
  });
  afterAll(async () => {
    await contact?.close();
    await new Promise((r) => siteverify?.close(r));
  });

  const send = (turnstileToken: string) =>
    contact.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: asVisitor(),
      payload: validMessage({ turnstileToken }),
    });

  it('asks siteverify with the secret and takes a token Turnstile accepts, once', async () => {
    const ok = await send('gecerli-token-1');
    expect(ok.statusCode).toBe(201);
    expect(seen.at(-1)?.get('secret')).toBe('turnstile-test-secret');
    expect(seen.at(-1)?.get('response')).toBe('gecerli-token-1');
    expect((await send('gecerli-token-1')).statusCode).toBe(403);
    const refused = await send('sahte-token');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(INVALID);
    expect(await contact.app.contact.models.ContactMessage.countDocuments({})).toBe(1);
  });
});

describe('ticket numbers', () => {
  let contact: ContactTestService;
  beforeAll(async () => {
    contact = await startContact();
  });
  afterAll(async () => {
    await contact?.close();
  });

  it('are unique and consecutive when many are taken at once, and go on after Redis lost its counter', async () => {
    const { storeTicket } = await import('../src/store/messages.js');
    const { models } = contact.app.contact;
    const redis = contact.deps.redis;
    const year = new Date('2031-03-01T10:00:00Z');
    await redis.del('contact:ticket-seq:2031');
    const fields = {
      name: 'Ali',
      email: 'ali@example.com',
      subject: 'genel' as const,
      message: 'Eşzamanlı bir mesaj.',
      status: 'yeni' as const,
      userId: null,
      ip: null,
    };
    const take = () => storeTicket(models, redis, fields, year).then((t) => t.ticketNumber);
    const numbers = await Promise.all(Array.from({ length: 12 }, take));
    expect([...numbers].sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `MYD-2031-${String(i + 1).padStart(6, '0')}`),
    );

    await redis.del('contact:ticket-seq:2031');
    expect(await take()).toBe('MYD-2031-000013');
    await redis.set('contact:ticket-seq:2031', '3');
    expect(await take(), 'a counter behind the stored numbers catches up').toBe('MYD-2031-000014');
  });
});
