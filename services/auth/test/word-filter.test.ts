/**
 * The administrators' word filter on what a member writes about themselves (issue 40): a display name (at
 * registration and on the profile) or a bio a refusing entry catches is refused with a Turkish message naming the
 * field, never the word, and nothing is stored; one only a holding entry catches waits for review (`pendingProfile`)
 * while the old one stays public (at registration, the username) until a moderator decides (admin's held.test.ts).
 * Real auth service; admin's `admin.word-filter` answered by a stand-in on the same NATS.
 */
import { JSONCodec, type Subscription } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subjects, wordFilterRefusal, type WordFilterReply } from '@meydan/proto';
import { asMember, asVisitor, identityHeaders, startTestService, type TestService } from '@meydan/testing';
import { buildApp } from '../src/app.js';
import { userModel } from '../src/model/user.js';
import { Types } from 'mongoose';
import { createUser, type TestUser } from './support.js';

const newId = () => new Types.ObjectId().toHexString();

describe('auth: the word filter on display names and bios', () => {
  let svc: TestService;
  let standIn: Subscription;
  let ayse: TestUser;
  const codec = JSONCodec<{ ok: true; data: WordFilterReply }>();
  const entries: WordFilterReply['entries'] = [
    { pattern: 'salak', action: 'refuse' },
    { pattern: 'aptal*', action: 'hold' },
  ];

  beforeAll(async () => {
    svc = await startTestService('auth', buildApp);
    standIn = svc.deps.nats.subscribe(subjects.admin.wordFilter, {
      callback: (_err, msg) => msg.respond(codec.encode({ ok: true, data: { entries } })),
    });
    await svc.deps.nats.flush();
    ayse = await createUser(svc.deps, { displayName: 'Ayşe' });
  });
  afterAll(async () => {
    standIn?.unsubscribe();
    await svc?.close();
  });

  const form = (fields: Record<string, string>) => {
    const boundary = 'sinir';
    const body = [
      ...Object.entries(fields).map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      ),
      `--${boundary}--\r\n`,
    ].join('');
    return svc.app.inject({
      method: 'PATCH',
      url: `/api/users/${ayse.id}/profile`,
      headers: { ...asMember(ayse.id), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(body),
    });
  };

  it('refuses a display name or bio it catches, naming the field and not the word, and stores nothing', async () => {
    for (const [fields, field] of [
      [{ displayName: 'ŞALAK Ayşe' }, 'displayName'],
      [{ bio: 'Salak değilim' }, 'bio'],
      [{ bio: 'Aptal ve salak' }, 'bio'],
    ] as const) {
      const res = await form(fields);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'validation',
        message: wordFilterRefusal(field),
        fields: [{ path: field }],
      });
      expect(res.body.toLocaleLowerCase('tr-TR')).not.toMatch(/şalak|aptal/);
    }
    const stored = await userModel(svc.deps.mongo).findById(ayse.id).lean();
    expect(stored).toMatchObject({ displayName: 'Ayşe' });
    expect(stored!.bio ?? null).toBeNull();

    const fine = await form({ displayName: 'Ayşe Salakça değil', bio: 'Anket sever.' });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json()).toMatchObject({ displayName: 'Ayşe Salakça değil', bio: 'Anket sever.' });
  });

  it('keeps a display name a holding entry catches pending, the old one public, and applies the rest of the change', async () => {
    const res = await form({ displayName: 'Aptalların kraliçesi', bio: 'Anket sever, kahve içer.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      displayName: 'Ayşe Salakça değil',
      bio: 'Anket sever, kahve içer.',
      pendingProfile: { displayName: 'Aptalların kraliçesi' },
    });
    const seen = await svc.app.inject({ url: `/api/users/${ayse.id}`, headers: asMember(newId()) });
    expect(seen.json().displayName).toBe('Ayşe Salakça değil');
    expect(seen.json().pendingProfile).toBeUndefined();
    const stored = await userModel(svc.deps.mongo).findById(ayse.id).lean();
    expect(stored).toMatchObject({
      displayName: 'Ayşe Salakça değil',
      pendingProfile: { displayName: 'Aptalların kraliçesi' },
    });
  });

  it('refuses a registration whose display name a refusing entry catches, creating no account', async () => {
    const tag = Date.now().toString(36);
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { ...asVisitor(), ...identityHeaders({ ip: '10.0.9.9' }) },
      payload: {
        username: `filtre_${tag}`,
        email: `filtre.${tag}@example.com`,
        displayName: 'Salak',
        password: 'gizli123',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'validation',
      message: wordFilterRefusal('displayName'),
      fields: [{ path: 'displayName' }],
    });
    expect(await userModel(svc.deps.mongo).countDocuments({ usernameLower: `filtre_${tag}` })).toBe(0);
  });

  it('registers an account whose display name only a holding entry catches: the name waits for review, the username shows', async () => {
    const tag = Date.now().toString(36);
    const username = `Bekleyen_${tag}`;
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { ...asVisitor(), ...identityHeaders({ ip: '10.0.9.10' }) },
      payload: { username, email: `bekleyen.${tag}@example.com`, displayName: 'Aptal Ayşe', password: 'gizli123' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const stored = await userModel(svc.deps.mongo).findOne({ usernameLower: username.toLowerCase() }).lean();
    expect(stored).toMatchObject({ displayName: username, pendingProfile: { displayName: 'Aptal Ayşe' } });
    // Others see the username; the moderators' queue has the name, and their approval makes it the public one.
    const id = stored!._id.toString();
    expect((await svc.app.inject({ url: `/api/users/${id}`, headers: asMember(newId()) })).json()).toMatchObject({
      displayName: username,
    });
    const queue = await svc.deps.bus.request(subjects.auth.heldList, {});
    expect(queue.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'profile', id, preview: expect.stringContaining('Aptal Ayşe') }),
      ]),
    );
    expect(
      await svc.deps.bus.request(subjects.auth.heldDecide, { kind: 'profile', id, decision: 'approve', by: newId() }),
    ).toEqual({ found: true });
    expect(await userModel(svc.deps.mongo).findById(id).lean()).toMatchObject({
      displayName: 'Aptal Ayşe',
      pendingProfile: null,
    });
  });
});
