/**
 * For other services' tests: members that exist in the real auth service, created straight in its
 * store (the registration flow itself is tested in this folder's own suites).
 */
import { randomBytes } from 'node:crypto';
import type { ServiceDeps } from '@meydan/kit';
import { SESSION_COOKIE } from '@meydan/proto';
import { hashPassword } from '../src/domain/secrets.js';
import { newTotpSecret, totpCode } from '../src/domain/totp.js';
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
  fields: { username?: string; email?: string; displayName?: string; role?: 'member' | 'moderator' | 'admin' } = {},
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

/** What answers a request as light-my-request does (a gateway's or auth's `inject`). */
type Inject = (options: {
  method: 'POST';
  url: string;
  payload?: Record<string, string>;
  headers?: Record<string, string>;
  remoteAddress?: string;
}) => Promise<{
  statusCode: number;
  body: string;
  cookies: { name: string; value: string }[];
}>;

/**
 * A staff member's verified session (the `sid` a staff route answers to): an authenticator given to the account straight
 * in auth's store (a fresh secret each time, so no code was used before), then the real sign-in and the real code.
 * The enrolment flow itself is tested in auth's own suite.
 */
export async function staffSession(
  authDeps: ServiceDeps,
  inject: Inject,
  user: TestUser,
  remoteAddress = '203.0.113.9',
): Promise<{ sid: string; secret: string }> {
  const secret = newTotpSecret();
  await userModel(authDeps.mongo).updateOne(
    { _id: user.id },
    { $set: { totp: { secret, pending: null, enabledAt: new Date(), lastStep: null, recoveryHashes: [] } } },
  );
  const sidIn = (res: Awaited<ReturnType<Inject>>) => {
    if (res.statusCode !== 200) throw new Error(`staff sign-in: ${res.statusCode} ${res.body}`);
    return res.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
  };
  const first = sidIn(
    await inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      payload: { email: user.email, password: user.password },
    }),
  );
  const verified = await inject({
    method: 'POST',
    url: '/api/auth/totp/verify',
    remoteAddress,
    headers: { cookie: `${SESSION_COOKIE}=${first}` },
    payload: { code: totpCode(secret) },
  });
  return { sid: sidIn(verified), secret };
}
