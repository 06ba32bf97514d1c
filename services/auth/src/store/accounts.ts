import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { Types, type Connection } from 'mongoose';
import type { PersonalityAnalysis, StaffRole, UserRole, UserSettingsPatchBody } from '@meydan/proto';
import { isObjectId, type Logger } from '@meydan/kit';
import type { Models } from '../model/index.js';
import { memberSearchTerms, type UserDoc, type UserRecord } from '../model/user.js';
import { unusableHash } from '../domain/secrets.js';
import { deleteAvatar } from './avatars.js';

/** What the account records need: the collections, Redis (activation claims) and GridFS (a removed account's avatar). */
type Accounts = { models: Models; redis: Redis; mongo: Connection };

/** An account as read (lean), with its id. */
export type LeanUser = UserRecord & { _id: Types.ObjectId };

/** What a registration stores. */
export type NewAccount = Pick<
  UserRecord,
  'username' | 'usernameLower' | 'email' | 'emailLower' | 'displayName' | 'passwordHash' | 'pendingProfile'
>;

/** The account, read only. */
export async function accountById(ctx: Accounts, userId: string): Promise<LeanUser | null> {
  return ctx.models.users.findById(userId).lean<LeanUser>();
}

/** The account as a document, for a password check or a change saved back. */
export async function accountDocById(ctx: Accounts, userId: string): Promise<UserDoc | null> {
  return ctx.models.users.findById(userId);
}

/** The account holding the address (already lower-cased), as a document. */
export async function accountDocByEmail(ctx: Accounts, emailLower: string): Promise<UserDoc | null> {
  return ctx.models.users.findOne({ emailLower });
}

/** `/api/users/{idOrUsername}`: by id when the key is one, else by username in any case. */
export async function accountByIdOrUsername(ctx: Accounts, key: string): Promise<LeanUser | null> {
  return (
    (isObjectId(key) ? await ctx.models.users.findById(key).lean<LeanUser>() : null) ??
    (await ctx.models.users.findOne({ usernameLower: key.toLowerCase() }).lean<LeanUser>())
  );
}

/** What a new session is checked against: whether the account is still active and still has this password. */
export async function sessionStateOf(
  ctx: Accounts,
  userId: string,
): Promise<{ isActive: boolean; passwordHash: string } | null> {
  return ctx.models.users.findById(userId, { isActive: 1, passwordHash: 1 }).lean();
}

/** Whether an account other than `except` holds the username (lower-cased). */
export async function usernameTaken(ctx: Accounts, usernameLower: string, except: Types.ObjectId[]): Promise<boolean> {
  return (await ctx.models.users.exists({ _id: { $nin: except }, usernameLower })) !== null;
}

/** Whether an account other than `except` holds the address (lower-cased). */
export async function emailTaken(ctx: Accounts, emailLower: string, except: Types.ObjectId[]): Promise<boolean> {
  return (await ctx.models.users.exists({ _id: { $nin: except }, emailLower })) !== null;
}

/** Stores a new account; a duplicate username or address throws the database's duplicate-key error. */
export async function createAccount(ctx: Accounts, account: NewAccount): Promise<UserDoc> {
  return ctx.models.users.create(account);
}

/**
 * Nobody can squat an address or a name with an account they never activate. A never-activated account
 * is replaced (with its links) when the new registration uses its e-mail: whoever registers again with
 * that address gets the only link that now works, and only the mailbox owner can follow it. Its username
 * is given up to another e-mail only once none of its links can still be used, so a pending registration
 * cannot be taken over by someone else while its owner still has time to activate it.
 */
export async function releasableAccounts(
  ctx: Accounts,
  emailLower: string,
  usernameLower: string,
): Promise<Types.ObjectId[]> {
  const now = new Date();
  const pending = await ctx.models.users
    .find({ emailVerified: false, $or: [{ emailLower }, { usernameLower }] })
    .lean();
  const releasable: Types.ObjectId[] = [];
  for (const user of pending) {
    const sameAddress = user.emailLower === emailLower;
    if (
      !sameAddress &&
      (await ctx.models.activations.exists({ userId: user._id.toString(), usedAt: null, expiresAt: { $gt: now } }))
    )
      continue;
    releasable.push(user._id);
  }
  return releasable;
}

/** Removes never-activated accounts (and their links) that a new registration replaces. */
export async function releaseAccounts(
  ctx: Accounts,
  accounts: Types.ObjectId[],
  log: Pick<Logger, 'info'>,
): Promise<void> {
  for (const id of accounts) {
    await ctx.models.activations.deleteMany({ userId: id.toString() });
    await ctx.models.users.deleteOne({ _id: id, emailVerified: false });
    log.info({ userId: id.toString() }, 'never-activated account replaced by a new registration');
  }
}

/** Stores a single-use activation link (only its hash). */
export async function createActivation(
  ctx: Accounts,
  userId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await ctx.models.activations.create({ tokenHash, userId, expiresAt });
}

/**
 * Claims the link and activates its account; returns the account's id, or null when the link is unknown, used or
 * expired. Redis decides which of two simultaneous clicks claims the link: not every MongoDB-wire server applies
 * concurrent conditional updates atomically (FerretDB v1 does not).
 */
export async function activateByLink(
  ctx: Accounts,
  tokenHash: string,
  claimTtlSeconds: number,
  now: Date,
): Promise<string | null> {
  const first = await ctx.redis.set(`activation-claim:${tokenHash}`, '1', 'EX', claimTtlSeconds, 'NX');
  const claimed = first
    ? await ctx.models.activations.findOneAndUpdate(
        { tokenHash, usedAt: null, expiresAt: { $gt: now } },
        { $set: { usedAt: now } },
        { returnDocument: 'after' },
      )
    : null;
  if (first && !claimed) await ctx.redis.del(`activation-claim:${tokenHash}`);
  if (!claimed) return null;
  await ctx.models.users.updateOne({ _id: claimed.userId }, { $set: { emailVerified: true } });
  return claimed.userId;
}

/** The activation link by its hash, used or not. */
export async function activationByHash(ctx: Accounts, tokenHash: string) {
  return ctx.models.activations.findOne({ tokenHash }).lean();
}

/** Cancels a requested deletion; false when the sweep has already begun removing the account. */
export async function cancelDeletion(ctx: Accounts, userId: Types.ObjectId): Promise<boolean> {
  const cancelled = await ctx.models.users.updateOne(
    { _id: userId, deletionStartedAt: null },
    { $set: { deletionScheduledAt: null } },
  );
  return cancelled.matchedCount > 0;
}

/** Plans the account's deletion for `deleteAt`. */
export async function scheduleDeletion(ctx: Accounts, userId: string, deleteAt: Date): Promise<void> {
  await ctx.models.users.updateOne({ _id: userId }, { $set: { deletionScheduledAt: deleteAt } });
}

/** Saves a new password hash on the account document. */
export async function savePasswordHash(user: UserDoc, passwordHash: string): Promise<void> {
  user.passwordHash = passwordHash;
  await user.save();
}

/**
 * Applies a profile edit (and counts a new avatar's version); returns the account as it now is. A new display name
 * comes with the account's search terms made anew (from its username, which never changes).
 */
export async function updateProfile(
  ctx: Accounts,
  userId: string,
  update: Partial<UserRecord>,
  newAvatar: boolean,
): Promise<LeanUser | null> {
  const set = { ...update };
  if (update.displayName !== undefined) {
    const account = await ctx.models.users.findById(userId, { username: 1 }).lean<Pick<UserRecord, 'username'>>();
    if (!account) return null;
    set.searchTerms = memberSearchTerms({ username: account.username, displayName: update.displayName });
  }
  return ctx.models.users
    .findByIdAndUpdate(
      userId,
      { $set: set, ...(newAvatar ? { $inc: { avatarVersion: 1 } } : {}) },
      { returnDocument: 'after' },
    )
    .lean<LeanUser>();
}

/** Applies a settings change; returns the account as it now is. */
export async function updateSettings(
  ctx: Accounts,
  userId: string,
  settings: UserSettingsPatchBody,
): Promise<LeanUser | null> {
  return ctx.models.users.findByIdAndUpdate(userId, { $set: settings }, { returnDocument: 'after' }).lean<LeanUser>();
}

/** Stores the questionnaire's answers. */
export async function saveProfileAnswers(ctx: Accounts, userId: string, answers: UserRecord['answers']): Promise<void> {
  await ctx.models.users.updateOne({ _id: userId }, { $set: { answers, profileQuestionsCompleted: true } });
}

/** Stores the personality analysis. */
export async function saveAnalysis(ctx: Accounts, userId: string, analysis: PersonalityAnalysis): Promise<void> {
  await ctx.models.users.updateOne({ _id: userId }, { $set: { analysis, aiAnalysisCompleted: true } });
}

/** Accounts whose requested deletion is due at `now`. */
export async function accountsDueForDeletion(ctx: Accounts, now: Date): Promise<LeanUser[]> {
  return ctx.models.users.find({ deletionScheduledAt: { $ne: null, $lte: now } }).lean<LeanUser[]>();
}

/** Marks the deletion as begun (a sign-in can no longer cancel it); false when it was cancelled meanwhile. */
export async function claimDueDeletion(ctx: Accounts, user: LeanUser, now: Date): Promise<boolean> {
  const claimed = await ctx.models.users.updateOne(
    { _id: user._id, deletionScheduledAt: { $ne: null, $lte: now } },
    { $set: { deletionStartedAt: user.deletionStartedAt ?? now } },
  );
  return claimed.matchedCount > 0;
}

/** Removes what auth holds of the account: its tokens and links, its avatar, then the account itself. */
export async function removeAccountRecords(ctx: Accounts, user: LeanUser): Promise<void> {
  const userId = user._id.toString();
  await Promise.all([
    ctx.models.apiTokens.deleteMany({ userId }),
    ctx.models.activations.deleteMany({ userId }),
    ctx.models.passwordResets.deleteMany({ userId }),
  ]);
  if (user.avatarFileId) await deleteAvatar(ctx, user.avatarFileId);
  await ctx.models.users.deleteOne({ _id: user._id });
}

/** Bans (false) or reactivates (true) the account, as the admin service decided. */
export async function setAccountActive(ctx: Accounts, userId: string, isActive: boolean): Promise<void> {
  await ctx.models.users.updateOne({ _id: userId }, { $set: { isActive } });
}

/**
 * A staff account an administrator invited: no usable password (the mailed link sets one), the address taken as
 * proven (the link goes to it), a username from the address made unique. Null when the address has an account.
 */
export async function createStaffAccount(
  ctx: Accounts,
  invite: { email: string; displayName?: string | null; role: StaffRole },
) {
  const emailLower = invite.email.trim().toLowerCase();
  if (await ctx.models.users.exists({ emailLower })) return null;
  const base = (emailLower.split('@')[0] ?? '').replace(/[^a-z0-9_]/g, '').slice(0, 14) || 'ekip';
  let username = `${base}_${randomBytes(2).toString('hex')}`;
  while (await ctx.models.users.exists({ usernameLower: username }))
    username = `${base}_${randomBytes(3).toString('hex')}`;
  const name = invite.displayName?.trim() || username;
  const user = await ctx.models.users.create({
    username,
    usernameLower: username,
    email: invite.email.trim(),
    emailLower,
    displayName: name,
    passwordHash: unusableHash(),
    role: invite.role,
    emailVerified: true,
  });
  return { user, username, name };
}

/** Gives the account the role an administrator chose (its sessions are ended by the caller). */
export async function setAccountRole(ctx: Accounts, userId: string, role: UserRole): Promise<void> {
  await ctx.models.users.updateOne({ _id: userId }, { $set: { role } });
}

/** Every active, activated account (the bulk e-mail's recipients). */
export async function activatedAccounts(ctx: Accounts): Promise<LeanUser[]> {
  return ctx.models.users.find({ isActive: true, emailVerified: true }).lean<LeanUser[]>();
}

/** Up to `limit` accounts in id order, after the account `after` (an account id) or from the first. */
export async function accountsAfter(ctx: Accounts, after: string | null, limit: number): Promise<LeanUser[]> {
  const filter = after ? { _id: { $gt: new Types.ObjectId(after) } } : {};
  return ctx.models.users.find(filter).sort({ _id: 1 }).limit(limit).lean<LeanUser[]>();
}

/** The active account holding the address (lower-cased): a banned one gets no reset link. */
export async function activeAccountByEmail(ctx: Accounts, emailLower: string): Promise<LeanUser | null> {
  return ctx.models.users.findOne({ emailLower, isActive: true }).lean<LeanUser>();
}

/** Saves the password a reset link set; following a link sent to the address proves the mailbox, as the activation link would. */
export async function saveResetPassword(user: UserDoc, passwordHash: string): Promise<void> {
  user.passwordHash = passwordHash;
  user.emailVerified = true;
  await user.save();
}
