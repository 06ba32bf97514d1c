/**
 * NATS subject and JetStream names: the one place a newcomer looks for "who answers what".
 * Request/reply subjects are `<service>.<verb>`; events are `events.<domain>.<entity>.<past-verb>`.
 */

export const serviceNames = ['auth', 'polls', 'social', 'notifications', 'contact', 'admin'] as const;
export type ServiceName = (typeof serviceNames)[number];

/** Every service answers `<service>.health` with its readiness. */
export const healthSubject = (service: ServiceName): string => `${service}.health`;

export const subjects = {
  auth: {
    health: 'auth.health',
    sessionResolve: 'auth.session.resolve',
    usersGet: 'auth.users.get',
    usersSummaries: 'auth.users.summaries',
  },
  polls: {
    health: 'polls.health',
    userCounts: 'polls.users.counts',
  },
  social: {
    health: 'social.health',
    mutuals: 'social.mutuals',
    counts: 'social.counts',
  },
  notifications: { health: 'notifications.health' },
  contact: { health: 'contact.health' },
  admin: { health: 'admin.health' },
} as const;

/** JetStream streams. EVENTS holds every domain event; DEADLETTER holds events no consumer could handle. */
export const streams = {
  events: { name: 'EVENTS', subjects: ['events.>'] },
  deadLetter: { name: 'DEADLETTER', subjects: ['deadletter.>'] },
} as const;

/** Where a consumer's poisoned message goes after its last delivery: `deadletter.<durable>`. */
export const deadLetterSubject = (durable: string): string => `deadletter.${durable}`;

export const events = {
  auth: {
    userRegistered: 'events.auth.user.registered',
    userActivated: 'events.auth.user.activated',
    userUpdated: 'events.auth.user.updated',
  },
  polls: {
    pollCreated: 'events.polls.poll.created',
    pollDeleted: 'events.polls.poll.deleted',
    voteCast: 'events.polls.vote.cast',
    pollLiked: 'events.polls.poll.liked',
    commentCreated: 'events.polls.comment.created',
    pollReported: 'events.polls.poll.reported',
  },
  social: {
    userFollowed: 'events.social.user.followed',
    userUnfollowed: 'events.social.user.unfollowed',
  },
  admin: {
    userBanned: 'events.admin.user.banned',
    userReactivated: 'events.admin.user.reactivated',
    pollRemoved: 'events.admin.poll.removed',
  },
} as const;

/** Headers carried on every NATS message. */
export const natsHeaders = { requestId: 'x-request-id' } as const;
