/**
 * For other services' tests: members that exist in the real auth service, created straight in its
 * store (the registration flow itself is tested in this folder's own suites).
 */
import { randomBytes } from 'node:crypto';
import type { ServiceDeps } from '@meydan/kit';
import { hashPassword } from '../src/domain/secrets.js';
import { summaryOf } from '../src/domain/views.js';
import { userModel } from '../src/model/user.js';

export interface TestUser {
  id: string;
  username: string;
  email: string;
  displayName: string;
  avatarUrl: string | null;
  password: string;
}

let cachedHash: Promise<string> | undefined;

/** An activated, active member (or admin). Pass the auth TestService's `deps`. */
export async function createUser(
  authDeps: ServiceDeps,
  fields: { username?: string; email?: string; displayName?: string; role?: 'member' | 'admin' } = {},
): Promise<TestUser> {
  const username = fields.username ?? `uye_${randomBytes(4).toString('hex')}`;
  const email = fields.email ?? `${username}@example.com`;
  const displayName = fields.displayName ?? username;
  const password = 'gizli-sifre-1';
  cachedHash ??= hashPassword(password);
  const user = await userModel(authDeps.mongo).create({
    username,
    usernameLower: username.toLowerCase(),
    email,
    emailLower: email.toLowerCase(),
    displayName,
    passwordHash: await cachedHash,
    role: fields.role ?? 'member',
    emailVerified: true,
  });
  return { ...summaryOf(user.toObject()), email, displayName, password };
}
