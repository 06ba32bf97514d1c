/**
 * The admin service checks the role itself from the signed identity, so a gateway bug alone never opens
 * it: every /api/admin path, known or not, is refused before routing unless the identity is an admin's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_HEADER, signIdentity } from '@meydan/kit';
import { TEST_SECRET, asAdmin, asMember, asVisitor, startTestService, type TestService } from '@meydan/testing';
import { buildApp } from '../src/app.js';

describe('admin service: administrators only', () => {
  let admin: TestService;
  beforeAll(async () => {
    admin = await startTestService('admin', buildApp);
  });
  afterAll(() => admin.close());

  const paths = ['/api/admin/stats', '/api/admin/users/u1/ban', '/api/admin', '/api/admin/hic-olmayan-bir-yol'];

  it('refuses a visitor with 401 "Bu işlem için giriş yapmalısın."', async () => {
    for (const url of paths) {
      const res = await admin.app.inject({ url, headers: asVisitor() });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized', message: 'Bu işlem için giriş yapmalısın.' });
    }
  });

  it('refuses a member with 403 "Bu sayfaya erişim yetkiniz yok.", even on a path with no route and for POST', async () => {
    for (const url of paths) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = await admin.app.inject({ method, url, headers: asMember('m1') });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ error: 'forbidden', message: 'Bu sayfaya erişim yetkiniz yok.' });
      }
    }
  });

  it('refuses a member identity signed for this path as if the gateway had let it through', async () => {
    const header = signIdentity({ userId: 'm1', role: 'member' }, TEST_SECRET, {
      method: 'GET',
      path: '/api/admin/stats',
      service: 'admin',
    });
    const res = await admin.app.inject({ url: '/api/admin/stats', headers: { [IDENTITY_HEADER]: header } });
    expect(res.statusCode).toBe(403);
  });

  it('lets the administrator through to routing (an unknown admin path: 404 route_not_found), and health probes without identity', async () => {
    const res = await admin.app.inject({ url: '/api/admin/hic-olmayan-bir-yol', headers: asAdmin('a1') });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('route_not_found');
    expect((await admin.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
