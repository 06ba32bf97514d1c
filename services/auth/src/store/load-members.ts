import { randomBytes } from 'node:crypto';
import { LOAD_MEMBERS_DOMAIN } from '@meydan/proto';
import type { Models } from '../model/index.js';
import { SKELETON_VERSION, usernameSkeleton } from '../model/username-skeleton.js';
import { randomToken, sha256, unusableHash } from '../domain/secrets.js';

type LoadMembers = { models: Pick<Models, 'users' | 'apiTokens'> };

/** A member of a batch as made: enough for the registration event and the token. */
export interface LoadMember {
  userId: string;
  username: string;
  email: string;
  displayName: string;
  token: string;
}

/** A batch name no account holds yet: 8 hex digits. */
async function freshBatch(ctx: LoadMembers): Promise<string> {
  for (;;) {
    const batch = randomBytes(4).toString('hex');
    if (!(await ctx.models.users.exists({ loadTestBatch: batch }))) return batch;
  }
}

/**
 * Makes `count` throw-away members in one batch: `yuk_<batch>_<n>` at the reserved domain, activated, with a password
 * hash nothing matches (nobody signs in to them) and the batch marker; then one personal API token each (only its
 * hash stored, as every token). Returns the batch and the members with their tokens, in order.
 */
export async function createLoadMembers(ctx: LoadMembers, count: number): Promise<{ batch: string; members: LoadMember[] }> {
  const batch = await freshBatch(ctx);
  const docs = Array.from({ length: count }, (_, i) => {
    const username = `yuk_${batch}_${i + 1}`;
    const email = `${username}@${LOAD_MEMBERS_DOMAIN}`;
    return {
      username,
      usernameLower: username,
      usernameSkeleton: usernameSkeleton(username),
      usernameSkeletonVersion: SKELETON_VERSION,
      email,
      emailLower: email,
      displayName: `Yük testi ${i + 1}`,
      passwordHash: unusableHash(),
      role: 'member' as const,
      emailVerified: true,
      loadTestBatch: batch,
    };
  });
  const users = await ctx.models.users.insertMany(docs);
  const members = users.map((user) => ({
    userId: user._id.toString(),
    username: user.username,
    email: user.email,
    displayName: user.displayName,
    token: `mdn_${randomToken(30)}`,
  }));
  await ctx.models.apiTokens.insertMany(
    members.map((m) => ({ userId: m.userId, name: `Yük testi ${batch}`, tokenHash: sha256(m.token), prefix: m.token.slice(0, 10) })),
  );
  return { batch, members };
}

/** Schedules the removal of every member of the batch for `now` (the deletion sweep's path); how many it holds. */
export async function scheduleBatchRemoval(ctx: LoadMembers, batch: string, now: Date): Promise<number> {
  const scheduled = await ctx.models.users.updateMany({ loadTestBatch: batch }, { $set: { deletionScheduledAt: now } });
  return scheduled.matchedCount;
}
