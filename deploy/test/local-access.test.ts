/**
 * What `npm start` opens and to whom (deploy/local/local-access.mjs): the gateway on this machine only unless HOST says
 * otherwise, and an administrator password made per machine, never a published word.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PUBLISHED_ADMIN_PASSWORDS } from '../../services/auth/src/config.js';
import { gatewayHost, localAdmin, localAllowedOrigins } from '../local/local-access.mjs';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'meydan-data-'));
  dirs.push(dir);
  return join(dir, '.data');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm start on this machine', () => {
  it('listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(gatewayHost({})).toBe('127.0.0.1');
    expect(gatewayHost({ HOST: '0.0.0.0' })).toBe('0.0.0.0');
    // start.mjs gives the gateway exactly this, and no other default address.
    const start = readFileSync(new URL('../local/start.mjs', import.meta.url), 'utf8');
    expect(start).toContain('HOST: gatewayHost(env)');
    expect(start).not.toContain("'0.0.0.0'");
  });

  it('makes the administrator a password of its own on the first start, keeps it in .data/ and says so once', () => {
    const data = dataDir();
    const first = localAdmin(data, {});
    expect(first.email).toBe('admin@meydan.local');
    expect(first.created).toBe(true);
    expect(first.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(PUBLISHED_ADMIN_PASSWORDS as readonly string[]).not.toContain(first.password);
    expect(first.file).toBe(join(data, 'admin-password'));
    expect(statSync(first.file!).mode & 0o777).toBe(0o600);
    const again = localAdmin(data, {});
    expect(again).toEqual({ ...first, created: false });
    // Another machine (another checkout's .data) gets another password.
    expect(localAdmin(dataDir(), {}).password).not.toBe(first.password);
  });

  it('takes an explicit ADMIN_PASSWORD (the browser tests pass one) and writes nothing', () => {
    const data = dataDir();
    expect(localAdmin(data, { ADMIN_EMAIL: 'yonetici@meydan.test', ADMIN_PASSWORD: 'kendi-sifrem' })).toEqual({
      email: 'yonetici@meydan.test',
      password: 'kendi-sifrem',
      created: false,
      file: null,
    });
  });

  it('takes state-changing requests from the site by its loopback addresses, never from another name', () => {
    expect(localAllowedOrigins(8080, {})).toBe('http://127.0.0.1:8080,http://[::1]:8080');
    expect(localAllowedOrigins(8080, { PUBLIC_ORIGIN: 'https://meydan.example.com' })).toBe('');
    expect(localAllowedOrigins(8080, { ALLOWED_ORIGINS: 'https://b.example' })).toBe('https://b.example');
  });
});
