/**
 * A search of members (`auth.users.search`): the members a search finds by username or display name, Turkish-aware
 * ("cagri" finds "Çağrı"), active and activated only: each word of the query starts a word of either (their stored
 * search terms). Ranked in memory over a bounded set of matches: an exact username first, then names that start with
 * the query, then the rest by username.
 */
import type { UsersSearchReply, UsersSearchRequest } from '@meydan/proto';
import { foldTurkish, queryTermsOf } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { summaryOf } from '../domain/views.js';
import { accountsMatching } from '../store/member-search.js';

/** At most this many matches are ranked (a search shows the best of them, page by page). */
const MATCH_POOL = 200;

export async function searchUsers(
  ctx: Pick<AuthContext, 'models' | 'redis' | 'mongo'>,
  { q, offset, limit }: UsersSearchRequest,
): Promise<UsersSearchReply> {
  const found = await accountsMatching(ctx, queryTermsOf(q), MATCH_POOL);
  const query = foldTurkish(q.trim());
  const rank = (user: (typeof found)[number]) => {
    const username = foldTurkish(user.username);
    const name = foldTurkish(user.displayName ?? '');
    if (username === query) return 0;
    if (username.startsWith(query) || name.startsWith(query)) return 1;
    if (name.split(/\s+/).some((word) => word.startsWith(query))) return 2;
    return 3;
  };
  const ranked = found
    .map((user) => ({ user, rank: rank(user) }))
    .sort((a, b) => a.rank - b.rank || a.user.username.localeCompare(b.user.username, 'tr'));
  return { users: ranked.slice(offset, offset + limit).map(({ user }) => summaryOf(user)), totalCount: ranked.length };
}
