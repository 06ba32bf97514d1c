/**
 * What the admin asks auth over NATS: staff invitations, the bulk e-mail's recipients, load-test members, held profile
 * texts and the accounts' pages for the read model's rebuild. A 503 when auth does not answer (the bus's).
 */
import type { Bus } from '@meydan/kit';
import { subjects, type HeldDecideRequest, type LoadMembersBody, type StaffInviteBody } from '@meydan/proto';

type Asking = { bus: Bus };

/** Making or removing a thousand members takes auth a while (a registration event, or a deletion, each). */
const LOAD_MEMBERS_TIMEOUT_MS = 120_000;

/** Auth opens the staff account and mails the link that sets its password. */
export const inviteStaffAccount = (ctx: Asking, invite: StaffInviteBody & { by: string }, requestId: string) =>
  ctx.bus.request(subjects.auth.staffInvite, invite, { requestId }, 5000);

/** The active, verified members with their addresses (the bulk e-mail's recipients). */
export const memberEmails = (ctx: Asking, requestId: string) =>
  ctx.bus.request(subjects.auth.usersEmails, {}, { requestId });

export const createLoadMembers = (ctx: Asking, asked: LoadMembersBody & { by: string }, requestId: string) =>
  ctx.bus.request(subjects.auth.loadMembersCreate, asked, { requestId }, LOAD_MEMBERS_TIMEOUT_MS);

export const removeLoadMembers = (ctx: Asking, asked: { batch: string; by: string }, requestId: string) =>
  ctx.bus.request(subjects.auth.loadMembersRemove, asked, { requestId }, LOAD_MEMBERS_TIMEOUT_MS);

/** Display names and bios the word filter held. */
export const heldProfiles = (ctx: Asking, requestId: string) =>
  ctx.bus.request(subjects.auth.heldList, {}, { requestId });

export const decideHeldProfile = (ctx: Asking, asked: HeldDecideRequest, requestId: string) =>
  ctx.bus.request(subjects.auth.heldDecide, asked, { requestId });

/** One page of the accounts, from the start or after `after`. */
export const accountsPage = (ctx: Asking, after: string | null, limit: number) =>
  ctx.bus.request(subjects.auth.usersPage, { after, limit });
