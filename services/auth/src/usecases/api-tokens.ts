/** Personal API tokens: created (shown once), listed, revoked. */
import type { ApiToken, ApiTokenCreated, ApiTokenList } from '@meydan/proto';
import { HttpError, httpError, isObjectId } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { randomToken, sha256 } from '../domain/secrets.js';
import { authTexts as T } from '../domain/texts.js';
import { activeTokenCount, activeTokens, createApiToken, revokeApiToken } from '../store/api-tokens.js';
import type { Member } from './caller.js';
import { announceSessionEnded } from './revocation.js';

const MAX_ACTIVE_TOKENS = 10;

type Tokens = Pick<AuthContext, 'models'>;

const view = (t: {
  _id: { toString(): string };
  name: string;
  prefix: string;
  tier: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}): ApiToken => ({
  id: t._id.toString(),
  name: t.name,
  prefix: t.prefix,
  tier: t.tier,
  createdAt: t.createdAt.toISOString(),
  lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
});

/** A new token, answered this once; 409 past MAX_ACTIVE_TOKENS working ones. */
export async function createToken(
  ctx: Tokens,
  { name }: { name: string },
  member: Pick<Member, 'userId'>,
): Promise<ApiTokenCreated> {
  const { userId } = member;
  if ((await activeTokenCount(ctx, userId)) >= MAX_ACTIVE_TOKENS) {
    throw new HttpError(409, 'token_limit', T.tokenLimit);
  }
  const token = `mdn_${randomToken(30)}`;
  const record = await createApiToken(ctx, {
    userId,
    name: name.trim(),
    tokenHash: sha256(token),
    prefix: token.slice(0, 10),
  });
  return { ...view(record), token };
}

export async function listTokens(ctx: Tokens, member: Pick<Member, 'userId'>): Promise<ApiTokenList> {
  const tokens = await activeTokens(ctx, member.userId);
  return { tokens: tokens.map(view) };
}

/** Revokes one of the member's tokens (404 for one they do not have). */
export async function revokeToken(
  ctx: Tokens & Pick<AuthContext, 'bus'>,
  { id }: { id: string },
  member: Member,
): Promise<void> {
  const { userId } = member;
  const revoked = isObjectId(id) ? await revokeApiToken(ctx, userId, id) : null;
  if (!revoked) throw httpError('not_found', T.tokenNotFound);
  // The gateway caches resolved tokens briefly: tell it to forget this user's (without signing out their devices).
  await announceSessionEnded(ctx, userId, member.requestId);
}
