/** The staff's authenticators in their accounts (model/user.ts `totp`): every change one conditional update. */
import type { Types } from 'mongoose';
import type { Models } from '../model/index.js';

type Accounts = { models: Pick<Models, 'users'> };
type Id = string | Types.ObjectId;

/** Keeps a new secret as pending; false when the account already has a confirmed authenticator. */
export async function startEnrolment(ctx: Accounts, userId: Id, secret: string): Promise<boolean> {
  const done = await ctx.models.users.updateOne(
    { _id: userId, $or: [{ totp: null }, { 'totp.enabledAt': null }] },
    { $set: { totp: { secret: null, pending: secret, enabledAt: null, lastStep: null, recoveryHashes: [] } } },
  );
  return done.matchedCount === 1;
}

/** The pending secret becomes the account's, with its recovery codes and the step just used; false when already done. */
export async function confirmEnrolment(
  ctx: Accounts,
  userId: Id,
  secret: string,
  step: number,
  recoveryHashes: string[],
): Promise<boolean> {
  const done = await ctx.models.users.updateOne(
    { _id: userId, 'totp.pending': secret, 'totp.enabledAt': null },
    { $set: { totp: { secret, pending: null, enabledAt: new Date(), lastStep: step, recoveryHashes } } },
  );
  return done.modifiedCount === 1;
}

/** Takes the code's time step if no code of it or of a later step was taken yet: false for a replayed code. */
export async function takeStep(ctx: Accounts, userId: Id, step: number): Promise<boolean> {
  const done = await ctx.models.users.updateOne(
    {
      _id: userId,
      'totp.enabledAt': { $ne: null },
      $or: [{ 'totp.lastStep': null }, { 'totp.lastStep': { $lt: step } }],
    },
    { $set: { 'totp.lastStep': step } },
  );
  return done.modifiedCount === 1;
}

/** Uses up one recovery code by its digest; false when the account has no such unused code. */
export async function takeRecoveryCode(ctx: Accounts, userId: Id, hash: string): Promise<boolean> {
  const done = await ctx.models.users.updateOne(
    { _id: userId, 'totp.recoveryHashes': hash },
    { $pull: { 'totp.recoveryHashes': hash } },
  );
  return done.modifiedCount === 1;
}
