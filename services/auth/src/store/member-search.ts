/** The accounts a member search finds, by their stored search terms (model/user.ts `searchTerms`), and their backfill. */
import { fillMissingField, termsFilter } from '@meydan/kit';
import type { Models } from '../model/index.js';
import { memberSearchTerms, type UserRecord } from '../model/user.js';
import type { LeanUser } from './accounts.js';

type MemberSearch = { models: Pick<Models, 'users'> };

/** Active, activated accounts whose search terms hold every one of `terms` (kit's queryTermsOf), at most `limit`. */
export async function accountsMatching(ctx: MemberSearch, terms: string[], limit: number): Promise<LeanUser[]> {
  return ctx.models.users
    .find({ ...termsFilter('searchTerms', terms), isActive: true, emailVerified: true })
    .limit(limit)
    .lean<LeanUser[]>();
}

/** Gives every account without search terms its terms, `batchSize` at a time (at start); how many it gave them to. */
export function backfillMemberSearchTerms(ctx: MemberSearch, batchSize?: number): Promise<number> {
  return fillMissingField(
    ctx.models.users,
    'searchTerms',
    { username: 1, displayName: 1 },
    (user) => ({ searchTerms: memberSearchTerms(user as Pick<UserRecord, 'username' | 'displayName'>) }),
    batchSize,
  );
}
