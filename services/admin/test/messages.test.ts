/**
 * The admin reads the contact messages through the admin service, which asks the contact service over real NATS
 * (`contact.messages.page`); the messages are sent through the contact form with solved challenges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@meydan/proto';
import { asAdmin, asMember, asVisitor, startTestService, type TestService } from '@meydan/testing';
import { payloadFor, startContact, validMessage, type ContactTestService } from '../../contact/test/support.js';
import { buildApp } from '../src/app.js';

describe('GET /api/admin/messages', () => {
  let contact: ContactTestService;
  let admin: TestService;
  const tickets: string[] = [];

  beforeAll(async () => {
    contact = await startContact();
    admin = await startTestService('admin', buildApp);
    for (const [i, subject] of (['genel', 'teknik', 'kvkk'] as const).entries()) {
      const challenge = await contact.app.inject({ url: '/api/contact/challenge', headers: asVisitor() });
      const res = await contact.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: asVisitor(),
        payload: validMessage({ name: `Gönderen ${i}`, subject, turnstileToken: await payloadFor(challenge.json()) }),
      });
      expect(res.statusCode).toBe(201);
      tickets.push(res.json().ticketNumber as string);
    }
  });
  afterAll(async () => {
    await admin?.close();
    await contact?.close();
  });

  const list = (query: string, headers = asAdmin('a1')) =>
    admin.app.inject({ url: `/api/admin/messages${query}`, headers });

  it('gives the administrator the messages page by page, newest first, with the total', async () => {
    const first = await list('?page=1&pageSize=2');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ totalCount: 3, page: 1, pageSize: 2 });
    expect(body.items.map((m: { ticketNumber: string }) => m.ticketNumber)).toEqual([tickets[2], tickets[1]]);
    expect(body.items[0]).toMatchObject({ name: 'Gönderen 2', subject: 'kvkk', status: 'yeni', userId: null });
    expect(body.items[0].message).toBe(validMessage().message);

    const second = (await list('?page=2&pageSize=2')).json();
    expect(second.items.map((m: { ticketNumber: string }) => m.ticketNumber)).toEqual([tickets[0]]);

    const defaults = (await list('')).json();
    expect(defaults).toMatchObject({ totalCount: 3, page: 1, pageSize: 20 });
    expect(defaults.items).toHaveLength(3);
  });

  it('refuses a broken page or page size with 400 and a Turkish message', async () => {
    const expected: Record<string, string> = {
      '?pageSize=1000': 'Sayfa boyutu 1 ile 100 arasında bir tam sayı olmalıdır',
      '?page=0': 'Sayfa 1 veya daha büyük bir tam sayı olmalıdır',
      '?page=iki': 'Sayfa 1 veya daha büyük bir tam sayı olmalıdır',
      '?sirala=eski': 'Bilinmeyen alan: "sirala"',
    };
    for (const [query, message] of Object.entries(expected)) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBe('validation');
      expect(res.json().message, query).toContain(message);
    }
  });

  it('is documented with its query, answer and Turkish summary (the document the gateway merges)', () => {
    const doc = admin.app.swagger() as {
      paths: Record<string, Record<string, { summary?: string; parameters?: { name: string }[] }>>;
    };
    const get = doc.paths['/api/admin/messages']?.['get'];
    expect(get?.summary).toBe('İletişim formundan gelen mesajları sayfa sayfa listeler (en yenisi önce)');
    expect(get?.parameters?.map((p) => p.name).sort()).toEqual(['page', 'pageSize']);
  });

  it('refuses a visitor (401) and a member (403)', async () => {
    const visitor = await list('', asVisitor());
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe(errorCatalogue.unauthorized.message);
    const member = await list('', asMember('m1'));
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toBe(errorCatalogue.forbidden.message);
  });

  it('answers 503 in Turkish when the contact service does not answer', async () => {
    await contact.close();
    const res = await list('');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'service_unavailable', message: errorCatalogue.service_unavailable.message });
  });
});
