import { subjects } from '@meydan/proto';
import type { AuthContext } from '../context.js';
import {
  activatedUsersEmails,
  resolveSession,
  resolveToken,
  userAffinities,
  userContact,
  userSettings,
  userSummaries,
  userSummary,
  usersPage,
} from '../usecases/account-lookups.js';

/** What other services ask auth over NATS (payloads checked by the bus against proto's contracts). */
export function bindAuthResponders(ctx: AuthContext): void {
  const { bus } = ctx;
  bus.respond(subjects.auth.sessionResolve, (payload) => resolveSession(ctx, payload));
  bus.respond(subjects.auth.tokenResolve, (payload) => resolveToken(ctx, payload));
  bus.respond(subjects.auth.usersGet, (payload) => userSummary(ctx, payload));
  bus.respond(subjects.auth.usersSummaries, (payload) => userSummaries(ctx, payload));
  bus.respond(subjects.auth.usersSettings, (payload) => userSettings(ctx, payload));
  bus.respond(subjects.auth.usersAffinities, (payload) => userAffinities(ctx, payload));
  bus.respond(subjects.auth.usersEmails, () => activatedUsersEmails(ctx));
  bus.respond(subjects.auth.usersContact, (payload) => userContact(ctx, payload));
  bus.respond(subjects.auth.usersPage, (payload) => usersPage(ctx, payload));
}
