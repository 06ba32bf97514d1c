/**
 * Members for a load test through the real gateway (real auth and admin; issue 44): off unless auth runs with
 * LOAD_TEST_MEMBERS=on; on, an administrator mints a batch of throw-away members whose API tokens work, as JSON or as
 * the CSV mixed.js reads, refused to members and moderators and for bad input (nothing made), audited, and removed
 * through the account deletion path.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseConfig } from '@meydan/kit';
import { errorCatalogue, type ErrorCode } from '@meydan/proto';
import { startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { buildApp as buildPolls } from '../../polls/src/app.js';
import { userModel } from '../../auth/src/model/user.js';
import { createUser, staffSession } from '../../auth/test/support.js';
import { startTestGateway } from '../../../gateway/test/support.js';
import { startAdmin, until } from './support.js';

type Method = 'GET' | 'POST' | 'DELETE';

/** Auth (with LOAD_TEST_MEMBERS as given), admin and a gateway, an administrator's and a moderator's verified sessions. */
async function startStack(loadTestMembers: 'on' | 'off') {
  const auth = await startTestService('auth', buildAuth, {
    listen: true,
    config: { LOAD_TEST_MEMBERS: loadTestMembers } as Partial<BaseConfig>,
  });
  const boss = await createUser(auth.deps, { role: 'admin', displayName: 'Baş Yönetici' });
  const moderator = await createUser(auth.deps, { role: 'moderator' });
  const member = await createUser(auth.deps);
  // Polls too: admin's read model is rebuilt from auth and polls at start (a rebuild still under way would write back
  // the accounts it read before a removal).
  const polls = await startTestService('polls', buildPolls, { listen: true });
  const admin = await startAdmin();
  const testGateway = await startTestGateway({ auth, polls, admin }, { config: { RATE_LIMIT_SCALE: 50 } });
  const gateway = testGateway.app;
  const bossCookie = `sid=${(await staffSession(auth.deps, (o) => gateway.inject(o), boss)).sid}`;
  const modCookie = `sid=${(await staffSession(auth.deps, (o) => gateway.inject(o), moderator)).sid}`;
  const login = await gateway.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: member.email, password: member.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  const memberCookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
  return { auth, polls, admin, testGateway, gateway, boss, bossCookie, modCookie, memberCookie };
}

type Stack = Awaited<ReturnType<typeof startStack>>;

const stopStack = async (stack: Stack | undefined) => {
  await stack?.testGateway.close();
  for (const service of [stack?.admin, stack?.polls, stack?.auth]) await service?.close();
};

const call = (
  gateway: FastifyInstance,
  headers: Record<string, string>,
  method: Method,
  url: string,
  payload?: unknown,
) => gateway.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

const loadMembersIn = (auth: TestService, batch?: string) =>
  userModel(auth.deps.mongo).countDocuments(batch ? { loadTestBatch: batch } : { loadTestBatch: { $exists: true } });

describe('load-test members, off (the default)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('off');
  });
  afterAll(() => stopStack(stack));

  it('answers 404 in Turkish to an administrator, for making and removing alike, and makes nothing', async () => {
    const { gateway, bossCookie, auth } = stack;
    for (const [method, url, payload] of [
      ['POST', '/api/admin/load-members', { count: 2 }],
      ['DELETE', '/api/admin/load-members/0123abcd', undefined],
    ] as const) {
      const res = await call(gateway, { cookie: bossCookie }, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Yük testi üyeleri bu kurulumda kapalı.' });
    }
    expect(await loadMembersIn(auth)).toBe(0);
    const audit = (await call(gateway, { cookie: bossCookie }, 'GET', '/api/admin/audit')).json();
    expect(audit.totalCount).toBe(0);
  });
});

describe('load-test members, on', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('on');
  });
  afterAll(() => stopStack(stack));

  const asToken = (token: string) => ({ authorization: `Bearer ${token}` });

  it('mints a batch of activated throw-away members whose API tokens read their own profile, and audits it', async () => {
    const { gateway, bossCookie, auth, boss } = stack;
    const res = await call(gateway, { cookie: bossCookie }, 'POST', '/api/admin/load-members', { count: 3 });
    expect(res.statusCode, res.body).toBe(201);
    const { batch, tokens, message } = res.json() as { batch: string; tokens: string[]; message: string };
    expect(batch).toMatch(/^[0-9a-f]{8}$/);
    expect(tokens).toHaveLength(3);
    expect(new Set(tokens).size).toBe(3);
    expect(message).toBe('3 yük testi üyesi açıldı; anahtarlar yalnızca bu yanıtta görünür.');
    const names = [];
    for (const token of tokens) {
      const me = await call(gateway, asToken(token), 'GET', '/api/users/me');
      expect(me.statusCode, me.body).toBe(200);
      names.push(me.json().username);
    }
    expect(names.sort()).toEqual([1, 2, 3].map((n) => `yuk_${batch}_${n}`));
    const stored = await userModel(auth.deps.mongo).find({ loadTestBatch: batch }).lean();
    expect(stored.map((u) => [u.email, u.emailVerified, u.isActive, u.role]).sort()).toEqual(
      [1, 2, 3].map((n) => [`yuk_${batch}_${n}@example.invalid`, true, true, 'member']),
    );
    // No password signs in to them.
    const login = await gateway.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: `yuk_${batch}_1@example.invalid`, password: 'gizli-sifre-1' },
    });
    expect(login.statusCode).toBe(401);
    const audit = (
      await call(gateway, { cookie: bossCookie }, 'GET', '/api/admin/audit?action=load-members.create')
    ).json();
    expect(
      audit.items.map((e: { adminId: string; targetId: string; reason: string }) => [e.adminId, e.targetId, e.reason]),
    ).toEqual([[boss.id, batch, '3 üye']]);
  });

  it('answers a CSV with a token header when asked with Accept: text/csv', async () => {
    const { gateway, bossCookie } = stack;
    const res = await call(gateway, { cookie: bossCookie, accept: 'text/csv' }, 'POST', '/api/admin/load-members', {
      count: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const [header, ...rows] = res.body.trim().split('\n');
    expect(header).toBe('token');
    expect(rows).toHaveLength(2);
    const me = await call(gateway, asToken(rows[1]!), 'GET', '/api/users/me');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().username).toMatch(/^yuk_[0-9a-f]{8}_2$/);
  });

  it('refuses members, moderators and load-test tokens (403, Turkish), and makes nothing', async () => {
    const { gateway, bossCookie, modCookie, memberCookie, auth } = stack;
    const before = await loadMembersIn(auth);
    const minted = (
      await call(gateway, { cookie: bossCookie }, 'POST', '/api/admin/load-members', { count: 1 })
    ).json();
    const after = before + 1;
    const refusals: [Record<string, string>, ErrorCode][] = [
      [{ cookie: memberCookie }, 'forbidden'],
      [asToken(minted.tokens[0]), 'forbidden'],
      [{ cookie: modCookie }, 'admin_only'],
    ];
    for (const [headers, error] of refusals) {
      const made = await call(gateway, headers, 'POST', '/api/admin/load-members', { count: 5 });
      expect(made.statusCode, made.body).toBe(403);
      expect(made.json().error).toBe(error);
      expect(made.json().message).toBe(errorCatalogue[error].message);
      const removed = await call(gateway, headers, 'DELETE', `/api/admin/load-members/${minted.batch}`);
      expect(removed.statusCode, removed.body).toBe(403);
    }
    expect(await loadMembersIn(auth)).toBe(after);
  });

  it('refuses a count of 0, 1001, text or none, and a malformed batch, with 400 in Turkish, making nothing', async () => {
    const { gateway, bossCookie, auth } = stack;
    const before = await loadMembersIn(auth);
    const countInvalid = 'Üye sayısı 1 ile 1000 arasında bir tam sayı olmalı.';
    for (const [payload, message] of [
      [{ count: 0 }, countInvalid],
      [{ count: 1001 }, countInvalid],
      [{ count: 'çok' }, countInvalid],
      [{ count: 2.5 }, countInvalid],
      [{}, 'Kaç üye açılacağını yaz (count).'],
    ] as const) {
      const res = await call(gateway, { cookie: bossCookie }, 'POST', '/api/admin/load-members', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const malformed = await call(gateway, { cookie: bossCookie }, 'DELETE', '/api/admin/load-members/hepsi');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Parti adı 8 haneli bir onaltılık sayı olmalı (ör. 3fa9c2e1).');
    expect(await loadMembersIn(auth)).toBe(before);
  });

  it('removes a batch through account deletion: its tokens stop working, other batches stay; an unknown batch is 404', async () => {
    const { gateway, bossCookie, auth, boss } = stack;
    const kept = (await call(gateway, { cookie: bossCookie }, 'POST', '/api/admin/load-members', { count: 1 })).json();
    const gone = (await call(gateway, { cookie: bossCookie }, 'POST', '/api/admin/load-members', { count: 2 })).json();
    // Announced as registrations: the admin panel's member list has them.
    const listed = async () =>
      (await call(gateway, { cookie: bossCookie }, 'GET', `/api/admin/users?q=yuk_${gone.batch}`)).json().totalCount;
    await until(async () => (await listed()) === 2, 15_000, 'the batch in the admin member list');
    const res = await call(gateway, { cookie: bossCookie }, 'DELETE', `/api/admin/load-members/${gone.batch}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ batch: gone.batch, removed: 2, message: '2 yük testi üyesi silindi.' });
    expect(await loadMembersIn(auth, gone.batch)).toBe(0);
    // events.auth.user.deleted for each: the panel keeps them only under a pseudonym, as every deleted account.
    await until(async () => (await listed()) === 0, 15_000, 'the batch gone from the admin member list');
    for (const token of gone.tokens as string[]) {
      await until(
        async () => (await call(gateway, asToken(token), 'GET', '/api/users/me')).statusCode === 401,
        15_000,
        'a removed member token refused',
      );
    }
    expect((await call(gateway, asToken(kept.tokens[0]), 'GET', '/api/users/me')).statusCode).toBe(200);
    expect(await loadMembersIn(auth, kept.batch)).toBe(1);
    const again = await call(gateway, { cookie: bossCookie }, 'DELETE', `/api/admin/load-members/${gone.batch}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'not_found', message: 'Bu adla bir yük testi üye partisi yok.' });
    const audit = (
      await call(gateway, { cookie: bossCookie }, 'GET', '/api/admin/audit?action=load-members.remove')
    ).json();
    expect(
      audit.items.map((e: { adminId: string; targetId: string; reason: string }) => [e.adminId, e.targetId, e.reason]),
    ).toEqual([[boss.id, gone.batch, '2 üye']]);
  });
});
