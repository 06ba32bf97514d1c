import { hmacSign, hmacVerify } from './hmac.js';

/** The header in which the gateway forwards who the caller is. Clients never set it: the gateway strips it. */
export const IDENTITY_HEADER = 'x-meydan-identity';

export type Role = 'member' | 'moderator' | 'admin';
const roles: readonly unknown[] = ['member', 'moderator', 'admin'];

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
  /**
   * Staff only (moderator, admin): whether this session's second factor (TOTP) was verified; the gateway lets no staff
   * route through without it, and staff services check it again.
   */
  mfa?: boolean;
}

/**
 * The one request a signed identity is good for: a header captured on its way to one service cannot be
 * replayed with another method, on another path or at another service.
 */
export interface IdentityBinding {
  method: string;
  /** The path as forwarded, without the query string. */
  path: string;
  service: string;
}

export const visitor: Identity = { userId: null, role: null };

/** A signed identity is good for this long: enough for gateway → service, useless as a stolen credential. */
export const IDENTITY_MAX_AGE_SECONDS = 10;

/** A path compared by what it means: `%7E` and `~` are the same path; a malformed escape matches nothing. */
function comparablePath(path: string): string | null {
  const queryAt = path.indexOf('?');
  const bare = queryAt === -1 ? path : path.slice(0, queryAt);
  // Nothing escaped (the gateway forwards its normal form): the path as it is, without decoding it.
  if (!bare.includes('%')) return bare;
  try {
    return decodeURIComponent(bare);
  } catch {
    return null;
  }
}

/** Whether a request (method, path with or without query, service) is the one a binding names. */
export function bindingMatches(bound: IdentityBinding, actual: IdentityBinding): boolean {
  const boundPath = comparablePath(bound.path);
  return (
    bound.method.toUpperCase() === actual.method.toUpperCase() &&
    bound.service === actual.service &&
    boundPath !== null &&
    boundPath === comparablePath(actual.path)
  );
}

/** `base64url(json).hmac`: what the gateway sends in IDENTITY_HEADER, bound to one request when `binding` is given. */
export function signIdentity(identity: Identity, secret: string, binding?: IdentityBinding, now = Date.now()): string {
  const bound = binding
    ? { method: binding.method.toUpperCase(), path: binding.path.split('?')[0], service: binding.service }
    : {};
  const payload = Buffer.from(JSON.stringify({ ...identity, ...bound, iat: Math.floor(now / 1000) })).toString(
    'base64url',
  );
  return `${payload}.${hmacSign(secret, payload)}`;
}

export interface VerifyOptions {
  /** The request being served: the header must have been signed for exactly this one. */
  binding?: IdentityBinding;
  now?: number;
  maxAgeSeconds?: number;
}

/** The signed claims of a well-formed, correctly signed and fresh header (binding not checked), or null. */
export function readSignedIdentity(
  header: string,
  secret: string,
  now = Date.now(),
  maxAgeSeconds = IDENTITY_MAX_AGE_SECONDS,
): (Identity & { binding: IdentityBinding | null }) | null {
  const dot = header.indexOf('.');
  const payload = header.slice(0, dot);
  const signature = header.slice(dot + 1);
  if (dot <= 0 || !signature || signature.includes('.')) return null;
  if (!hmacVerify(secret, payload, signature)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Identity &
      Partial<IdentityBinding> & { iat?: number };
    if (typeof data.iat !== 'number' || Math.abs(now / 1000 - data.iat) > maxAgeSeconds) return null;
    if (data.userId !== null && typeof data.userId !== 'string') return null;
    if (data.role !== null && !roles.includes(data.role)) return null;
    const binding =
      typeof data.method === 'string' && typeof data.path === 'string' && typeof data.service === 'string'
        ? { method: data.method, path: data.path, service: data.service }
        : null;
    return {
      userId: data.userId,
      role: data.role,
      visitorId: typeof data.visitorId === 'string' ? data.visitorId : null,
      ip: typeof data.ip === 'string' ? data.ip : null,
      authMethod: data.authMethod === 'session' || data.authMethod === 'token' ? data.authMethod : null,
      mfa: data.mfa === true,
      binding,
    };
  } catch {
    return null;
  }
}

/**
 * Returns the identity if the header is well-formed, correctly signed, fresh and, when `binding` is
 * given, signed for exactly that method, path and service; otherwise null.
 */
export function verifyIdentity(header: string, secret: string, options: VerifyOptions = {}): Identity | null {
  const signed = readSignedIdentity(header, secret, options.now, options.maxAgeSeconds);
  if (!signed) return null;
  const { binding, ...identity } = signed;
  if (options.binding && (!binding || !bindingMatches(binding, options.binding))) return null;
  return identity;
}
