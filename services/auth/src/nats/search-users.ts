import { subjects } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import { searchUsers } from '../usecases/search-users.js';

/** `auth.users.search`: members by username or display name (usecases/search-users.ts). */
export function bindUserSearch(ctx: AuthContext): void {
  ctx.bus.respond(subjects.auth.usersSearch, (payload) => searchUsers(ctx, payload));
}
