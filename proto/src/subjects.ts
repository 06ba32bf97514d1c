/**
 * NATS subject and JetStream names: the one place a newcomer looks for "who answers what".
 * Request/reply subjects are `<service>.<verb>`; events are `events.<domain>.<entity>.<past-verb>`.
 * Payload shapes are written beside each name; which JSON Schema each subject carries is said in contracts.ts (the
 * schemas are in each domain's folder under `schemas/`, its `events.ts` and `nats.ts`), and the kit's bus refuses a
 * subject without one.
 * Ids are strings (MongoDB ObjectId hex). Times are ISO 8601 strings.
 */

export const serviceNames = ['auth', 'polls', 'social', 'notifications', 'contact', 'admin'] as const;
export type ServiceName = (typeof serviceNames)[number];

/** Every service answers `<service>.health` with its readiness. */
export const healthSubject = <S extends ServiceName>(service: S): `${S}.health` => `${service}.health`;

/** Every service answers `<service>.openapi` with the OpenAPI document of its public routes (the gateway merges them). */
export const openapiSubject = <S extends ServiceName>(service: S): `${S}.openapi` => `${service}.openapi`;

export const subjects = {
  auth: {
    health: 'auth.health',
    openapi: 'auth.openapi',
    /** {sid} → {userId, role} | null. The gateway resolves the `sid` cookie (cached briefly). */
    sessionResolve: 'auth.session.resolve',
    /** {token} → {userId, role, tier} | null. The gateway resolves `Authorization: Bearer <token>`. */
    tokenResolve: 'auth.token.resolve',
    /** {id} → CreatorSummary ({id, username, displayName, avatarUrl}); 404 when unknown. */
    usersGet: 'auth.users.get',
    /** {ids: string[]} → {users: CreatorSummary[]} (unknown ids left out). */
    usersSummaries: 'auth.users.summaries',
    /**
     * {userId} → UserSettings ({isProfilePublic, followRequestsEnabled, notifyVotes, notifyLikes, notifyComments, notifyPollResults});
     * 404 when unknown. Social and polls enforce privacy and follow requests with it; notifications its switches.
     */
    usersSettings: 'auth.users.settings',
    /** {} → {users: {id, email, displayName, username}[]} of active, activated accounts (bulk e-mail). */
    usersEmails: 'auth.users.emails',
    /**
     * {userId} → {email, username, displayName} of an active, activated account; 404 otherwise. Notifications asks it
     * to send the mail a member opted in to (a poll they voted on ended, a new follower).
     */
    usersContact: 'auth.users.contact',
    /** {after: id|null, limit} → {users: [...], next: id|null}: every account in id order (admin read model rebuild). */
    usersPage: 'auth.users.page',
    /** {userId} → {topics: {category, weight}[]}: topic affinities of the member's personality analysis (for-you feed). */
    usersAffinities: 'auth.users.affinities',
    /** {q, offset, limit} → {users, totalCount}: active members whose username or display name holds q (Turkish-aware). */
    usersSearch: 'auth.users.search',
    /**
     * {email, displayName, role, by} → {userId, username}: an administrator invites a staff member (admin service); auth
     * makes the account (no usable password) and mails a single-use link to set one. 409 when the address has an account.
     */
    staffInvite: 'auth.staff.invite',
    /**
     * {count, by} → {batch, tokens}: an administrator mints a batch of throw-away members for a load test, each with a
     * personal API token (admin service). 404 unless auth runs with LOAD_TEST_MEMBERS=on.
     */
    loadMembersCreate: 'auth.load-members.create',
    /** {batch, by} → {removed}: removes a load-test batch through the account deletion path; 404 unknown batch or off. */
    loadMembersRemove: 'auth.load-members.remove',
    /** {} → {items}: display names and bios the word filter holds for review, oldest first (admin's queue). */
    heldList: 'auth.held.list',
    /** {kind: 'profile', id: userId, decision, by} → {found}: a moderator approves (made public) or removes a held profile text. */
    heldDecide: 'auth.held.decide',
  },
  polls: {
    health: 'polls.health',
    openapi: 'polls.openapi',
    /** {userId} → {pollsCount, votesCount}. */
    userCounts: 'polls.users.counts',
    /** {userId} → {topics: {category, votes}[]}: the member's votes by poll category (personality analysis). */
    userTopics: 'polls.users.topics',
    /** {userId} → {polls, votes}: the member's own polls and votes for their data export. */
    userExport: 'polls.users.export',
    /** {pollId, userId: string|null, visitorId?} → {visible, pollId?, untilVote?, voted?, creator?}: may the viewer follow its live counts (untilVote: not before they vote), and did they vote on it or make it. Used by notifications for poll_update subscriptions. */
    canView: 'polls.can-view',
    /** {after, limit} → {polls: [...], next}: every poll in id order with its vote count (admin read model rebuild). */
    pollsPage: 'polls.polls.page',
    /** {after, limit} → {reports: [...], next}: every report in id order (admin read model rebuild). */
    reportsPage: 'polls.reports.page',
    /** {pollId, after, limit} → {userIds, next}: the members who voted on a poll, a page at a time (told when it ends). */
    pollVoters: 'polls.poll.voters',
    /** {pollId} or {shortUrl} → {status, poll?}: what a link preview may show of a poll (a visitor's view). */
    preview: 'polls.preview',
    /** {} → {items}: polls and comments the word filter holds for review, oldest first (admin's queue). */
    heldList: 'polls.held.list',
    /** {kind: 'poll'|'comment', id, decision, by} → {found}: a moderator approves (published to all) or removes a held poll or comment. */
    heldDecide: 'polls.held.decide',
  },
  social: {
    health: 'social.health',
    openapi: 'social.openapi',
    /** {userId} → {userIds: string[]}: users who follow `userId` and whom `userId` follows. */
    mutuals: 'social.mutuals',
    /** {userId} → {followersCount, followingCount}. */
    counts: 'social.counts',
    /** {userId} → {followers, following}: the member's follow edges for their data export. */
    userExport: 'social.users.export',
    /** {userId} → {blocked, blockedBy, muted}: the members hidden from `userId` (see meydan/social-hidden-reply). */
    hidden: 'social.hidden',
  },
  notifications: {
    health: 'notifications.health',
    openapi: 'notifications.openapi',
    /** {userId} → {notifications}: the member's notifications for their data export. */
    userExport: 'notifications.users.export',
  },
  contact: {
    health: 'contact.health',
    openapi: 'contact.openapi',
    /** {page, pageSize} → {items: ContactMessage[], totalCount}: the contact messages, newest first (admin). */
    messagesPage: 'contact.messages.page',
  },
  admin: {
    health: 'admin.health',
    openapi: 'admin.openapi',
    /** {} → {entries: {pattern, action}[]}: the word filter, asked by polls and auth (each keeps it a few seconds). */
    wordFilter: 'admin.word-filter',
  },
} as const;

/** JetStream streams. EVENTS holds every domain event; DEADLETTER holds events no consumer could handle. */
export const streams = {
  events: { name: 'EVENTS', subjects: ['events.>'] },
  deadLetter: { name: 'DEADLETTER', subjects: ['deadletter.>'] },
  /**
   * The admin service's bulk e-mail work queue (retention workqueue, created by admin): one message per recipient
   * on `work.admin.bulk-email.<deployment>`, removed once acknowledged.
   */
  adminBulkEmail: { name: 'ADMIN_BULK_EMAIL', subjects: ['work.admin.bulk-email.>'] },
} as const;

/** Work-queue subjects (not events): `<deployment>` keeps side deployments and test runs on their own consumer. */
export const work = {
  /** {jobId, userId, email, name}, message id `<jobId>:<userId>`. */
  adminBulkEmailFilter: 'work.admin.bulk-email.*',
  adminBulkEmail: (deployment: string) => `work.admin.bulk-email.${deployment}`,
} as const;

/** Where a consumer's poisoned message goes after its last delivery: `deadletter.<durable>`. */
export const deadLetterSubject = (durable: string): string => `deadletter.${durable}`;

export const events = {
  auth: {
    /** {userId, username, email, displayName, at}. */
    userRegistered: 'events.auth.user.registered',
    /** {userId, at}. */
    userActivated: 'events.auth.user.activated',
    /** {userId, username, displayName, avatarUrl, at}: profile fields others cache. */
    userUpdated: 'events.auth.user.updated',
    /** {userId, at}: every session of the user was revoked (logout everywhere, password change, ban). */
    sessionsRevoked: 'events.auth.sessions.revoked',
    /**
     * {userId, at}: one session (a plain logout) or one API token of the user ended. Caches of resolved identities
     * drop the user's entries; unlike sessionsRevoked, the member's other devices stay signed in.
     */
    sessionEnded: 'events.auth.session.ended',
    /** {to, subject, html, text, tag, userId?}: a mail for the mailer (notifications) to send. */
    mailRequested: 'events.auth.mail.requested',
    /** {userId, deleteAt, at}: the member asked to delete the account; signing in before deleteAt cancels it. */
    userDeletionScheduled: 'events.auth.user.deletion-scheduled',
    /** {userId, at}: the account is gone; every service removes what it holds of the member. */
    userDeleted: 'events.auth.user.deleted',
  },
  polls: {
    /** {pollId, creatorId, type, title, category, createdAt, expiresAt}. */
    pollCreated: 'events.polls.poll.created',
    /** {pollId, creatorId, by: userId, at}. */
    pollDeleted: 'events.polls.poll.deleted',
    /** {pollId, creatorId, title, voteCounts: number[], totalVotes, winnerIndexes: number[], at}: expiry passed. */
    pollEnded: 'events.polls.poll.ended',
    /**
     * {pollId, creatorId, title, remindUserIds, part, at}: a scheduled poll reached its startsAt; the members who asked
     * to be told, in parts of 500. Msg id `opened:<pollId>:<part>`.
     */
    pollOpened: 'events.polls.poll.opened',
    /**
     * {pollId, creatorId, type, isShareable, title, description, previousTitle, previousDescription, editedAt, at}: the
     * creator edited the poll's text (only before its first vote; options?, previousOptions? when a scheduled poll's
     * options changed before its opening). Msg id `poll-edited:<pollId>:<editedAt ms>`.
     */
    pollEdited: 'events.polls.poll.edited',
    /** {pollId, creatorId, voter: 'u:<id>'|'v:<id>', userId: string|null, optionIndex, optionIndexes? (a ballot of several options), at}. Msg id `vote:<pollId>:<voter>`. */
    voteCast: 'events.polls.vote.cast',
    /** {pollId, creatorId, voter, userId, seq, from: number[]|null, to: number[]|null (taken back), at}. Msg id `vote-change:<pollId>:<voter>:<seq>`. */
    voteChanged: 'events.polls.vote.changed',
    /** {pollId, creatorId, userId, liked: boolean, at}. */
    pollLiked: 'events.polls.poll.liked',
    /** {pollId, creatorId, commentId, userId, text, at}. */
    commentCreated: 'events.polls.comment.created',
    /** {reportId, pollId, reporterId, reason, description, at}. */
    pollReported: 'events.polls.poll.reported',
    /** {reportId, commentId, pollId, authorId, reporterId, reason, description, text, at}. Msg id `comment-report:<reportId>`. */
    commentReported: 'events.polls.comment.reported',
  },
  social: {
    /** {followerId, followeeId, mutual: boolean, at}. */
    userFollowed: 'events.social.user.followed',
    /** {followerId, followeeId, at}. */
    userUnfollowed: 'events.social.user.unfollowed',
    /** {requestId, requesterId, targetId, at}: a follow waits for the target's approval (follow requests on). */
    followRequested: 'events.social.follow.requested',
    /** {userId, targetId, at}: userId blocked targetId (follows both ways ended first). */
    userBlocked: 'events.social.user.blocked',
    /** {userId, targetId, at}. */
    userUnblocked: 'events.social.user.unblocked',
    /** {userId, targetId, at}: userId muted targetId. */
    userMuted: 'events.social.user.muted',
    /** {userId, targetId, at}. */
    userUnmuted: 'events.social.user.unmuted',
    /** {reportId, userId, reporterId, reason, description, at}: a member reported another. Msg id `user-report:<reportId>`. */
    userReported: 'events.social.user.reported',
  },
  notifications: {
    /**
     * {to, subject, html, text, tag, userId}: a mail a member opted in to (tags `notify-poll-ended`, `notify-follower`);
     * the mailer adds the one-click unsubscribe headers (RFC 8058) to these.
     */
    mailRequested: 'events.notifications.mail.requested',
  },
  contact: {
    /** {to, subject, html, text, tag}: the support inbox's copy of a message, the sender's receipt, newsletter mails. */
    mailRequested: 'events.contact.mail.requested',
  },
  admin: {
    /** {userId, by, reason?, at}. */
    userBanned: 'events.admin.user.banned',
    /** {userId, by, at}. */
    userReactivated: 'events.admin.user.reactivated',
    /** {userId, role, previous, by, at}: an administrator gave the account another role (auth ends its sessions). */
    roleChanged: 'events.admin.user.role-changed',
    /** {pollId, by, at}. */
    pollRemoved: 'events.admin.poll.removed',
    /** {commentId, pollId, by, at}: a moderator removed a reported comment. */
    commentRemoved: 'events.admin.comment.removed',
    /** {to, subject, html, text, tag}: one mail of a bulk send. */
    mailRequested: 'events.admin.mail.requested',
  },
} as const;

/** Every mail request, whichever service asks: the mailer consumes this filter. */
export const mailRequestedFilter = 'events.*.mail.requested';

/**
 * Live, ephemeral messages on core NATS (not JetStream): lost if nobody listens, which is fine.
 * `live.polls.counts`: {pollId, voteCounts: {"0": n, ...}, totalVotes, at} — published by polls, coalesced per poll
 * (at most one per LIVE_COUNTS_INTERVAL_MS, 100 ms, under load; at once when quiet); notifications pushes it as `poll_update`.
 */
export const live = {
  pollCounts: 'live.polls.counts',
  /** {pollId, voter, voteCounts?, totalVotes, at}: a vote accepted; notifications moves the voter's sockets into the poll's voters. */
  pollVoted: 'live.polls.voted',
  /** {jobId, adminId, total, sent, failed, state}: pushed by notifications to the admin as `bulk_email_progress`. */
  adminBulkEmail: 'live.admin.bulk-email',
} as const;

/** Headers carried on every NATS message. */
export const natsHeaders = { requestId: 'x-request-id' } as const;
