/**
 * The contract of every message between the parts of Meydan: which JSON Schema each NATS subject and each realtime
 * socket event carries. The kit's bus validates against these at both ends (publish and consume, request and
 * reply, live publish and subscribe) and derives the TypeScript types of payloads from them; the web app compiles
 * the socket events' schemas into its realtime hub. A subject missing here cannot be used through the bus.
 */
import type { SchemaId, SchemaTypes } from './schemas/index.js';
import {
  allSchemas,
  bulkEmailRecipientSchema,
  canViewReplySchema,
  pollPreviewReplySchema,
  pollPreviewRequestSchema,
  usersSearchReplySchema,
  usersSearchRequestSchema,
  canViewRequestSchema,
  liveBulkEmailProgressSchema,
  pageRequestSchema,
  pollVotersReplySchema,
  pollVotersRequestSchema,
  pollsPageReplySchema,
  reportsPageReplySchema,
  usersPageReplySchema,
  staffInviteRequestSchema,
  staffInviteReplySchema,
  loadMembersCreateRequestSchema,
  loadMembersCreateReplySchema,
  loadMembersRemoveRequestSchema,
  loadMembersRemoveReplySchema,
  commentCreatedEventSchema,
  contactMessagesPageReplySchema,
  contactMessagesPageRequestSchema,
  creatorSummarySchema,
  countsReplySchema,
  countsRequestSchema,
  emptyRequestSchema,
  followRequestedEventSchema,
  healthSchema,
  openApiDocumentSchema,
  liveCountsSchema,
  liveVotedSchema,
  mailRequestSchema,
  mutualsReplySchema,
  mutualsRequestSchema,
  pollCreatedEventSchema,
  pollDeletedEventSchema,
  pollEditedEventSchema,
  pollEndedEventSchema,
  pollOpenedEventSchema,
  pollLikedEventSchema,
  pollRemovedEventSchema,
  pollReportedEventSchema,
  commentReportedEventSchema,
  userReportedEventSchema,
  commentRemovedEventSchema,
  wordFilterReplySchema,
  heldListReplySchema,
  heldDecideRequestSchema,
  heldDecideReplySchema,
  sessionResolveReplySchema,
  sessionResolveRequestSchema,
  tokenResolveReplySchema,
  tokenResolveRequestSchema,
  userAtEventSchema,
  userEmailsReplySchema,
  userContactReplySchema,
  userFollowedEventSchema,
  userGetRequestSchema,
  userIdRequestSchema,
  userModeratedEventSchema,
  roleChangedEventSchema,
  userPollCountsReplySchema,
  userTopicVotesReplySchema,
  topicAffinitiesReplySchema,
  userDeletionScheduledEventSchema,
  pollsUserExportReplySchema,
  socialUserExportReplySchema,
  hiddenReplySchema,
  userHiddenEventSchema,
  notificationsUserExportReplySchema,
  userRegisteredEventSchema,
  userSummariesReplySchema,
  userSummariesRequestSchema,
  userUnfollowedEventSchema,
  userSettingsSchema,
  userUpdatedEventSchema,
  voteCastEventSchema,
  voteChangedEventSchema,
} from './schemas/index.js';
import { clientSocketSchemaIds, serverSocketSchemaIds, type ServerSocketEvent } from './socket-events.js';
import { events, live, mailRequestedFilter, subjects, work } from './subjects.js';

/** A JSON Schema (registered by its `$id`) and, for the compiler only, the type of the data it describes. */
export interface Contract<T = unknown> {
  readonly schema: { readonly $id: string };
  /** Never set: carries the payload type. */
  readonly payloadType?: T;
}

/** A request/reply subject: what the request carries and what the reply carries. */
export interface RequestContract<Q = unknown, R = unknown> {
  readonly request: Contract<Q>;
  readonly reply: Contract<R>;
}

/** A registry the bus works with: proto's `natsContracts`, or a test's own. */
export interface BusContracts {
  /** JetStream events by subject. */
  readonly events: { readonly [subject: string]: Contract };
  /** Wildcard filters a consumer may use, with the payload every subject they match carries. */
  readonly filters: { readonly [filter: string]: Contract };
  /** Request/reply subjects. */
  readonly requests: { readonly [subject: string]: RequestContract };
  /** Live core-NATS subjects (no JetStream). */
  readonly live: { readonly [subject: string]: Contract };
}

/** The contract of a proto schema, typed from its `$id`. */
export function contractOf<S extends { readonly $id: SchemaId }>(schema: S): Contract<SchemaTypes[S['$id']]> {
  return { schema };
}

/** The contract of any schema with an `$id`, with the type given by hand (tests' own subjects). */
export function defineContract<T>(schema: { readonly $id: string }): Contract<T> {
  return { schema };
}

export type PayloadOf<C> = C extends Contract<infer T> ? T : never;

const request = <Q extends { readonly $id: SchemaId }, R extends { readonly $id: SchemaId }>(q: Q, r: R) => ({
  request: contractOf(q),
  reply: contractOf(r),
});
const health = request(emptyRequestSchema, healthSchema);
const openapi = request(emptyRequestSchema, openApiDocumentSchema);

/** Every NATS subject of Meydan and its schema. */
export const natsContracts = {
  events: {
    [events.auth.userRegistered]: contractOf(userRegisteredEventSchema),
    [events.auth.userActivated]: contractOf(userAtEventSchema),
    [events.auth.userUpdated]: contractOf(userUpdatedEventSchema),
    [events.auth.sessionsRevoked]: contractOf(userAtEventSchema),
    [events.auth.sessionEnded]: contractOf(userAtEventSchema),
    [events.auth.mailRequested]: contractOf(mailRequestSchema),
    [events.auth.userDeletionScheduled]: contractOf(userDeletionScheduledEventSchema),
    [events.auth.userDeleted]: contractOf(userAtEventSchema),
    [events.polls.pollCreated]: contractOf(pollCreatedEventSchema),
    [events.polls.pollDeleted]: contractOf(pollDeletedEventSchema),
    [events.polls.pollEnded]: contractOf(pollEndedEventSchema),
    [events.polls.pollOpened]: contractOf(pollOpenedEventSchema),
    [events.polls.pollEdited]: contractOf(pollEditedEventSchema),
    [events.polls.voteCast]: contractOf(voteCastEventSchema),
    [events.polls.voteChanged]: contractOf(voteChangedEventSchema),
    [events.polls.pollLiked]: contractOf(pollLikedEventSchema),
    [events.polls.commentCreated]: contractOf(commentCreatedEventSchema),
    [events.polls.pollReported]: contractOf(pollReportedEventSchema),
    [events.polls.commentReported]: contractOf(commentReportedEventSchema),
    [events.social.userReported]: contractOf(userReportedEventSchema),
    [events.admin.commentRemoved]: contractOf(commentRemovedEventSchema),
    [events.social.userFollowed]: contractOf(userFollowedEventSchema),
    [events.social.userUnfollowed]: contractOf(userUnfollowedEventSchema),
    [events.contact.mailRequested]: contractOf(mailRequestSchema),
    [events.notifications.mailRequested]: contractOf(mailRequestSchema),
    [events.social.followRequested]: contractOf(followRequestedEventSchema),
    [events.social.userBlocked]: contractOf(userHiddenEventSchema),
    [events.social.userUnblocked]: contractOf(userHiddenEventSchema),
    [events.social.userMuted]: contractOf(userHiddenEventSchema),
    [events.social.userUnmuted]: contractOf(userHiddenEventSchema),
    [events.admin.userBanned]: contractOf(userModeratedEventSchema),
    [events.admin.userReactivated]: contractOf(userModeratedEventSchema),
    [events.admin.roleChanged]: contractOf(roleChangedEventSchema),
    [events.admin.pollRemoved]: contractOf(pollRemovedEventSchema),
    [events.admin.mailRequested]: contractOf(mailRequestSchema),
  },
  filters: {
    [mailRequestedFilter]: contractOf(mailRequestSchema),
    [work.adminBulkEmailFilter]: contractOf(bulkEmailRecipientSchema),
  },
  requests: {
    [subjects.auth.health]: health,
    [subjects.auth.openapi]: openapi,
    [subjects.auth.sessionResolve]: request(sessionResolveRequestSchema, sessionResolveReplySchema),
    [subjects.auth.tokenResolve]: request(tokenResolveRequestSchema, tokenResolveReplySchema),
    [subjects.auth.usersGet]: request(userGetRequestSchema, creatorSummarySchema),
    [subjects.auth.usersSummaries]: request(userSummariesRequestSchema, userSummariesReplySchema),
    [subjects.auth.usersEmails]: request(emptyRequestSchema, userEmailsReplySchema),
    [subjects.auth.usersContact]: request(userIdRequestSchema, userContactReplySchema),
    [subjects.auth.usersPage]: request(pageRequestSchema, usersPageReplySchema),
    [subjects.auth.usersSettings]: request(userIdRequestSchema, userSettingsSchema),
    [subjects.auth.usersAffinities]: request(userIdRequestSchema, topicAffinitiesReplySchema),
    [subjects.polls.health]: health,
    [subjects.polls.openapi]: openapi,
    [subjects.polls.userCounts]: request(userIdRequestSchema, userPollCountsReplySchema),
    [subjects.polls.userTopics]: request(userIdRequestSchema, userTopicVotesReplySchema),
    [subjects.polls.userExport]: request(userIdRequestSchema, pollsUserExportReplySchema),
    [subjects.polls.canView]: request(canViewRequestSchema, canViewReplySchema),
    [subjects.polls.pollsPage]: request(pageRequestSchema, pollsPageReplySchema),
    [subjects.polls.reportsPage]: request(pageRequestSchema, reportsPageReplySchema),
    [subjects.polls.pollVoters]: request(pollVotersRequestSchema, pollVotersReplySchema),
    [subjects.polls.preview]: request(pollPreviewRequestSchema, pollPreviewReplySchema),
    [subjects.auth.usersSearch]: request(usersSearchRequestSchema, usersSearchReplySchema),
    [subjects.auth.staffInvite]: request(staffInviteRequestSchema, staffInviteReplySchema),
    [subjects.auth.loadMembersCreate]: request(loadMembersCreateRequestSchema, loadMembersCreateReplySchema),
    [subjects.auth.loadMembersRemove]: request(loadMembersRemoveRequestSchema, loadMembersRemoveReplySchema),
    [subjects.auth.heldList]: request(emptyRequestSchema, heldListReplySchema),
    [subjects.auth.heldDecide]: request(heldDecideRequestSchema, heldDecideReplySchema),
    [subjects.polls.heldList]: request(emptyRequestSchema, heldListReplySchema),
    [subjects.polls.heldDecide]: request(heldDecideRequestSchema, heldDecideReplySchema),
    [subjects.social.health]: health,
    [subjects.social.openapi]: openapi,
    [subjects.social.mutuals]: request(mutualsRequestSchema, mutualsReplySchema),
    [subjects.social.counts]: request(countsRequestSchema, countsReplySchema),
    [subjects.social.userExport]: request(userIdRequestSchema, socialUserExportReplySchema),
    [subjects.social.hidden]: request(userIdRequestSchema, hiddenReplySchema),
    [subjects.notifications.health]: health,
    [subjects.notifications.openapi]: openapi,
    [subjects.notifications.userExport]: request(userIdRequestSchema, notificationsUserExportReplySchema),
    [subjects.contact.health]: health,
    [subjects.contact.openapi]: openapi,
    [subjects.contact.messagesPage]: request(contactMessagesPageRequestSchema, contactMessagesPageReplySchema),
    [subjects.admin.health]: health,
    [subjects.admin.openapi]: openapi,
    [subjects.admin.wordFilter]: request(emptyRequestSchema, wordFilterReplySchema),
  },
  live: {
    [live.pollCounts]: contractOf(liveCountsSchema),
    [live.pollVoted]: contractOf(liveVotedSchema),
    [live.adminBulkEmail]: contractOf(liveBulkEmailProgressSchema),
  },
} as const satisfies BusContracts;

export type NatsContracts = typeof natsContracts;

/** The contracts of a table of socket events, each built from the schema its `$id` names. */
function socketContractsOf<T extends Record<string, SchemaId>>(
  ids: T,
): { readonly [E in keyof T]: Contract<SchemaTypes[T[E]]> } {
  const byId = new Map<string, { readonly $id: string }>(allSchemas.map((schema) => [schema.$id, schema]));
  const contract = (id: SchemaId): Contract => {
    const schema = byId.get(id);
    if (!schema) throw new Error(`no schema ${id}`);
    return { schema };
  };
  return Object.fromEntries(Object.entries(ids).map(([event, id]) => [event, contract(id)])) as {
    readonly [E in keyof T]: Contract<SchemaTypes[T[E]]>;
  };
}

/**
 * The realtime socket's events (socket.io at /ws; names and schema ids in socket-events.ts). server: what the
 * notifications service emits and the web app's hub validates; client: what the web app sends and the service
 * validates.
 */
export const socketContracts = {
  server: /*#__PURE__*/ socketContractsOf(serverSocketSchemaIds),
  client: /*#__PURE__*/ socketContractsOf(clientSocketSchemaIds),
} as const;

export type ServerSocketPayload<E extends ServerSocketEvent> = PayloadOf<(typeof socketContracts.server)[E]>;
