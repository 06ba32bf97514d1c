import { randomBytes } from 'node:crypto';
import { LOAD_MEMBERS_DOMAIN } from '@meydan/proto';
import type { Models } from '../model/index.js';
import { memberSearchTerms } from '../model/user.js';
import { SKELETON_VERSION, usernameSkeleton } from '../model/username-skeleton.js';
import { randomToken, sha256, unusableHash } from '../domain/secrets.js';
import type { LeanUser } from './accounts.js';
import { deleteAvatar } from './avatars.js';

type LoadMembers = { models: Pick<Models, 'users' | 'apiTokens' | 'activations' | 'passwordResets'> };
type Avatars = Parameters<typeof deleteAvatar>[0];

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
export async function createLoadMembers(
  ctx: LoadMembers,
  count: number,
): Promise<{ batch: string; members: LoadMember[] }> {
  const batch = await freshBatch(ctx);
  const docs = Array.from({ length: count }, (_, i) => {
    const username = `yuk_${batch}_${i + 1}`;
    const email = `${username}@${LOAD_MEMBERS_DOMAIN}`;
    const displayName = `Yük testi ${i + 1}`;
    return {
      username,
      usernameLower: username,
      usernameSkeleton: usernameSkeleton(username),
      usernameSkeletonVersion: SKELETON_VERSION,
      email,
      emailLower: email,
      displayName,
      searchTerms: memberSearchTerms({ username, displayName }),
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
    members.map((m) => ({
      userId: m.userId,
      name: `Yük testi ${batch}`,
      tokenHash: sha256(m.token),
      prefix: m.token.slice(0, 10),
    })),
  );
  return { batch, members };
}

/**
 * Marks every member of the batch as being removed (as the sweep claims a due account: signing in no longer cancels)
 * and returns them; none when the batch is unknown.
 */
export async function claimBatchRemoval(ctx: LoadMembers, batch: string, now: Date): Promise<LeanUser[]> {
  await ctx.models.users.updateMany(
    { loadTestBatch: batch },
    { $set: { deletionScheduledAt: now, deletionStartedAt: now } },
  );
  return ctx.models.users.find({ loadTestBatch: batch }).lean<LeanUser[]>();
}

/** Removes what auth holds of the batch's members (removeAccountRecords, in bulk): tokens, links, avatars, accounts. */
export async function removeBatchRecords(ctx: LoadMembers & Avatars, batch: string, users: LeanUser[]): Promise<void> {
  const userIds = users.map((u) => u._id.toString());
  await Promise.all([
    ctx.models.apiTokens.deleteMany({ userId: { $in: userIds } }),
    ctx.models.activations.deleteMany({ userId: { $in: userIds } }),
    ctx.models.passwordResets.deleteMany({ userId: { $in: userIds } }),
  ]);
  for (const user of users) if (user.avatarFileId) await deleteAvatar(ctx, user.avatarFileId);
  await ctx.models.users.deleteMany({ loadTestBatch: batch });
}
