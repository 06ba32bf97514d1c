import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header in which the gateway forwards who the caller is. Clients never set it: the gateway strips it. */
export const IDENTITY_HEADER = 'x-meydan-identity';

export type Role = 'member' | 'admin';

/** Who is calling, as decided by the gateway: a member, or a visitor (userId null). */
export interface Identity {
  userId: string | null;
  role: Role | null;
  /** Signed visitor id (share-link voting without an account), when the visitor cookie is present. */
  visitorId?: string | null;
  /** Client IP as seen by the gateway, for per-IP limits. */
  ip?: string | null;
  /** How a member proved who they are: a session cookie or a personal API token. */
  authMethod?: 'session' | 'token' | null;
}

export const visitor: Identity = { userId: null, role: null };

const MAX_AGE_SECONDS = 300;

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** `base64url(json).hmac`: what the gateway sends in IDENTITY_HEADER. */
export function signIdentity(identity: Identity, secret: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ ...identity, iat: Math.floor(now / 1000) })).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** Returns the identity if the header is well-formed, correctly signed and fresh; otherwise null. */
export function verifyIdentity(header: string, secret: string, now = Date.now()): Identity | null {
  const [payload, signature, extra] = header.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Identity & { iat?: number };
    if (typeof data.iat !== 'number' || Math.abs(now / 1000 - data.iat) > MAX_AGE_SECONDS) return null;
    if (data.userId !== null && typeof data.userId !== 'string') return null;
    if (data.role !== null && data.role !== 'member' && data.role !== 'admin') return null;
    return {
      userId: data.userId,
      role: data.role,
      visitorId: typeof data.visitorId === 'string' ? data.visitorId : null,
      ip: typeof data.ip === 'string' ? data.ip : null,
      authMethod: data.authMethod === 'session' || data.authMethod === 'token' ? data.authMethod : null,
    };
  } catch {
    return null;
  }
}
