/**
 * The polls service's JetStream events (`events.polls.*`), its live counts on core NATS (`live.polls.counts`) and
 * their push to the realtime socket (`poll_update`). Which subject carries which schema is said in contracts.ts, which
 * socket event in socket-events.ts.
 */
import type { FromSchema } from 'json-schema-to-ts';
import {
  announcedImagesField,
  countField,
  dateTimeField,
  idField,
  nullableIdField,
  objectIdField,
  pollKinds,
  pollTypes,
  voteCountsField,
} from '../common.js';
import { pollUpdateSchema } from './entities.js';

/** `events.polls.poll.created`. */
export const pollCreatedEventSchema = {
  $id: 'meydan/event-poll-created',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'creatorId', 'type', 'title', 'category', 'createdAt', 'expiresAt'],
  properties: {
    pollId: idField,
    creatorId: idField,
    type: { enum: pollTypes },
    title: { type: 'string' },
    category: { type: 'string' },
    description: { type: ['string', 'null'] },
    isShareable: { type: 'boolean' },
    createdAt: dateTimeField,
    expiresAt: { anyOf: [dateTimeField, { type: 'null' }] },
    /** 'quiz' on a quiz (never its answer), 'ranked' on a ranked poll; absent on a standard poll. */
    kind: { type: 'string', enum: pollKinds },
    images: announcedImagesField,
  },
} as const;
export type PollCreatedEvent = FromSchema<typeof pollCreatedEventSchema>;

/** `events.polls.poll.deleted`: by the creator or, after an administrator's removal, by that administrator. */
export const pollDeletedEventSchema = {
  $id: 'meydan/event-poll-deleted',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'creatorId', 'by', 'at'],
  properties: { pollId: idField, creatorId: idField, by: idField, at: dateTimeField },
} as const;
export type PollDeletedEvent = FromSchema<typeof pollDeletedEventSchema>;

/**
 * `events.polls.poll.edited`, message id `poll-edited:<pollId>:<editedAt ms>`: the creator changed the title or the
 * description before the poll's first vote. The texts are the new ones; previousTitle/previousDescription what they
 * replaced (an edit history is these events in editedAt order).
 */
export const pollEditedEventSchema = {
  $id: 'meydan/event-poll-edited',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'creatorId', 'title', 'description', 'previousTitle', 'previousDescription', 'editedAt', 'at'],
  properties: {
    pollId: idField,
    creatorId: idField,
    type: { enum: pollTypes },
    isShareable: { type: 'boolean' },
    title: { type: 'string' },
    description: { type: ['string', 'null'] },
    previousTitle: { type: 'string' },
    previousDescription: { type: ['string', 'null'] },
    /** Only when the options changed (a scheduled poll before its opening): the new ones and those before. */
    options: { type: 'array', items: { type: 'string' } },
    previousOptions: { type: 'array', items: { type: 'string' } },
    editedAt: dateTimeField,
    at: dateTimeField,
  },
} as const;
export type PollEditedEvent = FromSchema<typeof pollEditedEventSchema>;

/**
 * `events.polls.poll.ended`: the expiry passed; the result by option index. On a ranked poll `voteCounts` are the first
 * preferences and `winnerIndexes` the instant runoff's winner, with `winnerShare` its share (0–1) of the deciding
 * round's ballots and `rounds` how many rounds the runoff took.
 */
export const pollEndedEventSchema = {
  $id: 'meydan/event-poll-ended',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'creatorId', 'title', 'voteCounts', 'totalVotes', 'winnerIndexes', 'at'],
  properties: {
    pollId: idField,
    creatorId: idField,
    title: { type: 'string' },
    voteCounts: { type: 'array', items: countField },
    totalVotes: countField,
    winnerIndexes: { type: 'array', items: countField },
    winnerShare: { type: 'number', minimum: 0, maximum: 1 },
    rounds: countField,
    at: dateTimeField,
  },
} as const;
export type PollEndedEvent = FromSchema<typeof pollEndedEventSchema>;

/**
 * `events.polls.poll.opened`: a scheduled poll reached its `startsAt` and takes votes. `remindUserIds` are members who
 * asked to be told ('Açılınca haber ver'), in parts of at most 500 (message id `opened:<pollId>:<part>`; part 0 always
 * goes, empty when nobody asked).
 */
export const pollOpenedEventSchema = {
  $id: 'meydan/event-poll-opened',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'creatorId', 'title', 'remindUserIds', 'part', 'at'],
  properties: {
    pollId: idField,
    creatorId: idField,
    title: { type: 'string' },
    remindUserIds: { type: 'array', maxItems: 500, items: idField },
    part: countField,
    at: dateTimeField,
  },
} as const;
export type PollOpenedEvent = FromSchema<typeof pollOpenedEventSchema>;

/**
 * `events.polls.vote.cast`, message id `vote:<pollId>:<voter>`. voter is `u:<userId>` for a member, `v:<visitorId>`
 * for a visitor (then userId is null). The vote consumer stores it in MongoDB, so pollId is an ObjectId.
 * optionIndex is the ballot's (first) option; a ballot of several options on a multiple-choice poll lists them all in
 * optionIndexes (ascending), and is still one vote of one voter. A ranked poll's ballot is its `ranking` (most
 * preferred first; optionIndex its first preference).
 */
export const voteCastEventSchema = {
  $id: 'meydan/event-vote-cast',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'creatorId', 'voter', 'userId', 'optionIndex', 'at'],
  properties: {
    pollId: objectIdField,
    creatorId: idField,
    voter: { type: 'string', pattern: '^[uv]:.{1,128}$' },
    userId: nullableIdField,
    optionIndex: countField,
    optionIndexes: { type: 'array', minItems: 2, uniqueItems: true, items: countField },
    ranking: { type: 'array', minItems: 1, uniqueItems: true, items: countField },
    at: dateTimeField,
  },
} as const;
export type VoteCastEvent = FromSchema<typeof voteCastEventSchema>;

/**
 * `events.polls.vote.changed`, message id `vote-change:<pollId>:<voter>:<seq>`: a voter moved their ballot (`to`) or
 * took it back (`to` null) on a poll that allows it; `from` the ballot before (null: none, a vote again after taking
 * it back). `seq` orders the voter's changes on the poll, strictly increasing (the first vote is 0; a change's seq is
 * its time in ms, or one more than the voter's last when that is not later, so Redis losing its last writes never
 * hands out one again): a consumer keeps the last `seq` it applied per voter and applies only a higher one, so a redelivery changes nothing and changes
 * arriving out of order end in the state of the highest. `to` is the whole ballot after the change, so applying the
 * highest alone is enough.
 */
export const voteChangedEventSchema = {
  $id: 'meydan/event-vote-changed',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'creatorId', 'voter', 'userId', 'seq', 'from', 'to', 'at'],
  properties: {
    pollId: objectIdField,
    creatorId: idField,
    voter: { type: 'string', pattern: '^[uv]:.{1,128}$' },
    userId: nullableIdField,
    seq: { type: 'integer', minimum: 1 },
    from: { anyOf: [{ type: 'array', minItems: 1, uniqueItems: true, items: countField }, { type: 'null' }] },
    to: { anyOf: [{ type: 'array', minItems: 1, uniqueItems: true, items: countField }, { type: 'null' }] },
    at: dateTimeField,
  },
} as const;
export type VoteChangedEvent = FromSchema<typeof voteChangedEventSchema>;

/** `events.polls.poll.liked`: liked false when the like was taken back. */
export const pollLikedEventSchema = {
  $id: 'meydan/event-poll-liked',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'creatorId', 'userId', 'liked', 'at'],
  properties: { pollId: idField, creatorId: idField, userId: idField, liked: { type: 'boolean' }, at: dateTimeField },
} as const;
export type PollLikedEvent = FromSchema<typeof pollLikedEventSchema>;

/** `events.polls.comment.created`. */
export const commentCreatedEventSchema = {
  $id: 'meydan/event-comment-created',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'creatorId', 'commentId', 'userId', 'text', 'at'],
  properties: {
    pollId: idField,
    creatorId: idField,
    commentId: idField,
    userId: idField,
    text: { type: 'string' },
    at: dateTimeField,
  },
} as const;
export type CommentCreatedEvent = FromSchema<typeof commentCreatedEventSchema>;

/** `events.polls.poll.reported`, message id `report:<reportId>`. */
export const pollReportedEventSchema = {
  $id: 'meydan/event-poll-reported',
  type: 'object',
  additionalProperties: false,
  required: ['reportId', 'pollId', 'reporterId', 'reason', 'description', 'at'],
  properties: {
    reportId: idField,
    pollId: idField,
    reporterId: idField,
    reason: { type: 'string' },
    description: { type: ['string', 'null'] },
    at: dateTimeField,
  },
} as const;
export type PollReportedEvent = FromSchema<typeof pollReportedEventSchema>;

// Embedded without its `$id` (ajv refuses one `$id` twice).
const { $id: _pollUpdateId, ...pollUpdateShape } = pollUpdateSchema;

/** Who among a poll's followers may get its live counts when not everyone may: those who voted on it, its creator. */
export const liveCountsGroups = ['voters', 'creator'] as const;
export type LiveCountsGroup = (typeof liveCountsGroups)[number];

/**
 * `live.polls.counts`: a poll's counts right now, published by polls and pushed by notifications as `poll_update`.
 * voteCounts by option index ({"0": 3, "1": 5}), the same shape as `poll_update` and the poll answers. Who gets them
 * (the poll's results visibility, services/polls/src/domain/results-visibility.ts):
 * - neither flag: every follower;
 * - `countsTo`: only the followers in those groups (the poll's voters, its creator); every other follower gets the
 *   total alone (`countsHidden`);
 * - `countsHidden`: no follower: voteCounts is {} (the counts never leave polls) and only the total goes out.
 */
export const liveCountsSchema = {
  $id: 'meydan/live-poll-counts',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'voteCounts', 'totalVotes', 'at'],
  properties: {
    pollId: idField,
    voteCounts: voteCountsField,
    totalVotes: countField,
    at: dateTimeField,
    countsHidden: { type: 'boolean', const: true },
    countsTo: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', enum: liveCountsGroups } },
  },
  not: { required: ['countsHidden', 'countsTo'] },
} as const;
export type LiveCountsMessage = FromSchema<typeof liveCountsSchema>;

/** Votes told at once on `live.polls.voted`, at most (polls sends what came within a few ms in one message). */
export const LIVE_VOTED_BATCH_MAX = 500;

/**
 * `live.polls.voted`: votes accepted, published by polls right after them, a few ms' worth in one message (and always
 * before the counts that include them): each voter's sockets (`u:<userId>` or `v:<visitorId>`) that follow the poll
 * join its voters, and, where the poll shows its voters the counts right now (voteCounts present), get them at once:
 * from the moment their vote is accepted. `takenBack`: the voter took their vote back: their sockets leave the poll's
 * voters (and get the total alone again where the voters alone see counts).
 */
const liveVotedEntryShape = {
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'voter', 'totalVotes', 'at'],
  properties: {
    pollId: idField,
    voter: { type: 'string', pattern: '^[uv]:[A-Za-z0-9_-]{1,64}$' },
    voteCounts: voteCountsField,
    totalVotes: countField,
    takenBack: { const: true },
    at: dateTimeField,
  },
} as const;
export type LiveVotedEntry = FromSchema<typeof liveVotedEntryShape>;

export const liveVotedSchema = {
  $id: 'meydan/live-poll-voted',
  type: 'object',
  additionalProperties: false,
  required: ['votes'],
  properties: { votes: { type: 'array', minItems: 1, maxItems: LIVE_VOTED_BATCH_MAX, items: liveVotedEntryShape } },
} as const;
export type LiveVotedMessage = FromSchema<typeof liveVotedSchema>;

/** Server → client `poll_update`: the live counts of a followed poll. */
export const socketPollUpdateSchema = {
  $id: 'meydan/socket-poll-update',
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: { data: pollUpdateShape },
} as const;
export type SocketPollUpdate = FromSchema<typeof socketPollUpdateSchema>;
