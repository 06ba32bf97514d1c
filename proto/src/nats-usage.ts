/**
 * What each process does on NATS beyond what the names of subjects already say (subjects.ts: a service publishes its
 * own `events.<service>.…`, `live.<service>.…` and `work.<service>.…`, and answers its own `<service>.…` requests): the
 * requests it sends, the events it hears on core NATS (`bus.listen`), the live subjects it follows, and its durable
 * JetStream consumers with their filters. The kit's NATS permissions (nats-permissions.ts) are derived from this
 * table and the contracts, so that a process is allowed exactly this and nothing more; two tests hold the table to
 * the code: test/contracts.test.ts (every bus call site of a process is in its row) and test/consumer-names.test.ts
 * (the durable consumers each service opens on a real server are its row's, with the same filters).
 */
import { events, live, mailRequestedFilter, streams, subjects, work, type ServiceName } from './subjects.js';

/** A durable JetStream consumer: the stream it reads and the filter it is created with. */
export interface DurableUse {
  readonly stream: string;
  /** Its filter subject (a NATS pattern; a filter the code makes at run time must match it token by token). */
  readonly filter: string;
}

export interface NatsUsage {
  /** Request subjects it sends (each answered by another service). */
  readonly requests: readonly string[];
  /** JetStream event subjects it hears as they are published, on core NATS (`bus.listen`). */
  readonly listens: readonly string[];
  /** Live subjects it subscribes to (`bus.subscribeLive`). */
  readonly live: readonly string[];
  /** Its durable consumers by purpose: on the server `<service>--<purpose>`. */
  readonly consumers: { readonly [purpose: string]: DurableUse };
}

/** The clients of NATS that run Meydan's code: the six services and the gateway. */
export type NatsProcess = ServiceName | 'gateway';

const onEvents = (filter: string): DurableUse => ({ stream: streams.events.name, filter });
const health = [
  subjects.auth.health,
  subjects.polls.health,
  subjects.social.health,
  subjects.notifications.health,
  subjects.contact.health,
  subjects.admin.health,
];
const openapi = [
  subjects.auth.openapi,
  subjects.polls.openapi,
  subjects.social.openapi,
  subjects.notifications.openapi,
  subjects.contact.openapi,
  subjects.admin.openapi,
];
/** A block or mute made or taken back: who keeps a copy of a member's hidden set drops it on hearing one. */
const hiddenEvents = [
  events.social.userBlocked,
  events.social.userUnblocked,
  events.social.userMuted,
  events.social.userUnmuted,
];

export const natsUsage: { readonly [P in NatsProcess]: NatsUsage } = {
  auth: {
    requests: [
      subjects.polls.userTopics,
      subjects.polls.userCounts,
      subjects.social.counts,
      subjects.polls.userExport,
      subjects.social.userExport,
      subjects.notifications.userExport,
      subjects.admin.wordFilter,
    ],
    listens: [],
    live: [],
    consumers: {
      'user-banned': onEvents(events.admin.userBanned),
      'user-reactivated': onEvents(events.admin.userReactivated),
      'user-role-changed': onEvents(events.admin.roleChanged),
    },
  },
  polls: {
    requests: [
      subjects.social.mutuals,
      subjects.social.hidden,
      subjects.auth.usersSettings,
      subjects.auth.usersSearch,
      subjects.auth.usersAffinities,
      subjects.auth.usersSummaries,
      subjects.admin.wordFilter,
    ],
    listens: [events.polls.pollEdited, ...hiddenEvents],
    live: [],
    consumers: {
      'admin-comment-removed': onEvents(events.admin.commentRemoved),
      'admin-poll-removed': onEvents(events.admin.pollRemoved),
      'creator-banned': onEvents(events.admin.userBanned),
      'creator-reactivated': onEvents(events.admin.userReactivated),
      'member-deleted': onEvents(events.auth.userDeleted),
      'mutuals-cache-followed': onEvents(events.social.userFollowed),
      'mutuals-cache-unfollowed': onEvents(events.social.userUnfollowed),
      'persist-votes': onEvents(events.polls.voteCast),
      'persist-vote-changes': onEvents(events.polls.voteChanged),
      'user-summary-cache': onEvents(events.auth.userUpdated),
    },
  },
  social: {
    requests: [subjects.auth.usersGet, subjects.auth.usersSettings, subjects.auth.usersSummaries],
    listens: [],
    live: [],
    consumers: {
      'member-deleted': onEvents(events.auth.userDeleted),
    },
  },
  notifications: {
    requests: [
      subjects.polls.canView,
      subjects.polls.pollVoters,
      subjects.social.mutuals,
      subjects.social.hidden,
      subjects.auth.usersSettings,
      subjects.auth.usersSummaries,
      subjects.auth.usersContact,
    ],
    listens: [...hiddenEvents],
    live: [live.pollCounts, live.pollVoted, live.adminBulkEmail],
    consumers: {
      comments: onEvents(events.polls.commentCreated),
      'follow-requests': onEvents(events.social.followRequested),
      followers: onEvents(events.social.userFollowed),
      'friends-polls': onEvents(events.polls.pollCreated),
      likes: onEvents(events.polls.pollLiked),
      mailer: onEvents(mailRequestedFilter),
      'member-deleted': onEvents(events.auth.userDeleted),
      'poll-ended': onEvents(events.polls.pollEnded),
      'poll-opened': onEvents(events.polls.pollOpened),
      'poll-results': onEvents(events.polls.pollEnded),
      'sessions-revoked': onEvents(events.auth.sessionsRevoked),
      'user-settings': onEvents(events.auth.userUpdated),
      votes: onEvents(events.polls.voteCast),
    },
  },
  contact: {
    requests: [],
    listens: [],
    live: [],
    consumers: {},
  },
  admin: {
    requests: [
      subjects.auth.usersPage,
      subjects.auth.usersEmails,
      subjects.auth.staffInvite,
      subjects.auth.loadMembersCreate,
      subjects.auth.loadMembersRemove,
      subjects.polls.pollsPage,
      subjects.polls.reportsPage,
      subjects.contact.messagesPage,
      subjects.polls.heldList,
      subjects.polls.heldDecide,
      subjects.auth.heldList,
      subjects.auth.heldDecide,
    ],
    listens: [],
    live: [],
    consumers: {
      'bulk-email': { stream: streams.adminBulkEmail.name, filter: work.adminBulkEmailFilter },
      'polls-created': onEvents(events.polls.pollCreated),
      'polls-deleted': onEvents(events.polls.pollDeleted),
      'polls-edited': onEvents(events.polls.pollEdited),
      'polls-reported': onEvents(events.polls.pollReported),
      'comments-reported': onEvents(events.polls.commentReported),
      'users-reported': onEvents(events.social.userReported),
      'users-activated': onEvents(events.auth.userActivated),
      'users-banned': onEvents(events.admin.userBanned),
      'users-deleted': onEvents(events.auth.userDeleted),
      'users-reactivated': onEvents(events.admin.userReactivated),
      'users-registered': onEvents(events.auth.userRegistered),
      'users-updated': onEvents(events.auth.userUpdated),
      'votes-cast': onEvents(events.polls.voteCast),
      'votes-changed': onEvents(events.polls.voteChanged),
    },
  },
  gateway: {
    requests: [...health, ...openapi, subjects.auth.tokenResolve, subjects.polls.preview],
    listens: [events.auth.sessionsRevoked, events.auth.sessionEnded, events.polls.pollEdited],
    live: [],
    consumers: {},
  },
};

/** The durable consumer's name on the server for a service's purpose (the kit's bus names them so). */
export const durableNameOf = (service: string, purpose: string, prefix = ''): string =>
  `${prefix}${service}--${purpose}`;

/** The inbox prefix of a NATS user: replies to its requests come on `<prefix>.…`, which only it may subscribe to. */
export const natsInboxPrefix = (user: string): string => `_INBOX_${user}`;
