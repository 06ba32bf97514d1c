/**
 * Poll contracts, entities and answers: the poll the feed, the friends' circle, the profile lists and the public
 * share page read, its creator, options, live counts, comments and votes.
 */
import type { FromSchema } from 'json-schema-to-ts';
import {
  avatarUrlField,
  countField,
  dateTimeField,
  displayNameField,
  idField,
  pollKinds,
  pollTypes,
  resultsVisibilities,
  shareVoteModes,
  voteCountsField,
} from '../common.js';

/** Creator of a poll as cards show it. */
export const creatorSummaryShape = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'username', 'displayName', 'avatarUrl'],
  properties: {
    id: idField,
    username: { type: 'string' },
    displayName: displayNameField,
    avatarUrl: avatarUrlField,
  },
} as const;

export const creatorSummarySchema = { $id: 'meydan/creator-summary', ...creatorSummaryShape } as const;
export type CreatorSummary = FromSchema<typeof creatorSummarySchema>;

/** A friend on the friends' circle card (a mutual follower of the creator) and whether they voted. */
const friendSummaryShape = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'username', 'displayName', 'avatarUrl', 'hasVoted'],
  properties: {
    id: idField,
    username: { type: 'string' },
    displayName: displayNameField,
    avatarUrl: avatarUrlField,
    hasVoted: { type: 'boolean' },
  },
} as const;

export const friendSummarySchema = { $id: 'meydan/friend-summary', ...friendSummaryShape } as const;
export type FriendSummary = FromSchema<typeof friendSummarySchema>;

/** The options of one ballot, by 0-based index, ascending (a ranked poll's: its ranking, most preferred first). */
export const choicesField = { type: 'array', items: { type: 'integer', minimum: 0 } } as const;

/**
 * A ranked poll's instant runoff (services/polls/src/domain/runoff.ts): the first preferences per option, each round's
 * ballots per option (0 for an option out), the option eliminated after it (null in the deciding round) and the
 * ballots exhausted by then, the winner (null without ballots) and its share (0–1) of the deciding round's
 * non-exhausted ballots.
 */
export const pollRunoffShape = {
  type: 'object',
  additionalProperties: false,
  required: ['firstPreferences', 'rounds', 'winner', 'share'],
  properties: {
    firstPreferences: { type: 'array', items: countField },
    rounds: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['tallies', 'eliminated', 'exhausted'],
        properties: {
          tallies: { type: 'array', items: countField },
          eliminated: { type: ['integer', 'null'], minimum: 0 },
          exhausted: countField,
        },
      },
    },
    winner: { type: ['integer', 'null'], minimum: 0 },
    share: { type: ['number', 'null'], minimum: 0, maximum: 1 },
  },
} as const;
export type PollRunoff = FromSchema<typeof pollRunoffShape>;

/** An option on a card: its id is its 0-based index. */
const pollOptionShape = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'text', 'votes'],
  properties: {
    id: { type: 'integer', minimum: 0 },
    text: { type: 'string' },
    votes: countField,
  },
} as const;

export const pollOptionSchema = { $id: 'meydan/poll-option', ...pollOptionShape } as const;

/**
 * An option's image: its id (a digest of its bytes, so a file never changes under its URL), the URL it is served from
 * (WebP, cached for good) and the alt text its creator wrote.
 */
const optionImageShape = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'url', 'alt'],
  properties: {
    id: { type: 'string' },
    url: { type: 'string' },
    alt: { type: 'string' },
  },
} as const;

/** POST /api/option-images answer: the stored image's id (for the create body's optionImages) and its URL. */
export const optionImageUploadSchema = {
  $id: 'meydan/option-image-upload',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'url', 'width', 'height'],
  properties: {
    id: { type: 'string' },
    url: { type: 'string' },
    width: { type: 'integer', minimum: 1 },
    height: { type: 'integer', minimum: 1 },
  },
} as const;
export type OptionImageUpload = FromSchema<typeof optionImageUploadSchema>;

/** A poll's option images, in the options' order: one per option, null for an option without one. */
export const optionImagesField = { type: 'array', items: { anyOf: [optionImageShape, { type: 'null' }] } } as const;
export type PollOption = FromSchema<typeof pollOptionSchema>;

/**
 * A poll as every list and detail answer returns it (feed, friends' circle, profile lists, share page).
 * - options: [{id, text, votes}] with id = index; totalVotes = votesCount = votersCount = the ballots (on a
 *   single-choice poll the sum of the option votes; on a multiple-choice poll the option votes may sum to more, and an
 *   option's percentage is its share of the ballots); publicVotesCount = the ballots cast through the share link
 *   without an account.
 * - maxChoices: how many options one ballot may mark (1 = single choice).
 * - hasVoted/userChoice/isLiked are the viewer's (false/null for visitors); userChoices all the options of the
 *   viewer's ballot (empty when they did not vote), userChoice its first.
 * - friends, friendsCount, friendsVotedCount: only on friends polls. friendsCount is how many mutual followers the
 *   creator has and friendsVotedCount how many of them voted ('x/y oy verdi'); friends lists the ones the card shows:
 *   the first who voted (at most limits.poll.friendsVotedAvatars), then the first who have not (at most
 *   friendsUnvotedAvatars), each with hasVoted. The '+N' beyond them is the counts' difference.
 * - shortUrl: only on shareable polls (null otherwise); the link is {origin}/s/{shortUrl}.
 * - shareVoteMode: only on shareable polls, who may vote through the link (see `shareVoteModes`).
 * - closedAt: when the creator closed it early (POST /api/polls/{id}/close; expiresAt is then that moment too).
 * - editedAt: when the creator last changed its title or description (PATCH /api/polls/{id}, only before its first
 *   vote); null when never. The cards say 'düzenlendi'.
 * - On a Dost Meclisi poll the option votes are 0 for a viewer who has not voted (totalVotes stays): with the friends'
 *   hasVoted flags, counts watched before voting would tell which friend chose what.
 * - allowVoteChange: the creator let voters change or take back their vote while the poll is open (PUT / DELETE
 *   …/vote); false (or absent on older answers): a vote is final.
 * - resultsVisibility: the creator's choice of who sees the counts (see `resultsVisibilities`); resultsVisible: whether
 *   the option votes in this answer are the counts (false: hidden from this viewer, every option's votes 0, by the
 *   poll's resultsVisibility or the Dost Meclisi rule above). Always sent by the service.
 * - startsAt: a scheduled poll's opening ('Yakında' until then: no vote is taken before it); null or absent: it opened
 *   when it was created. remindOnOpening: on an upcoming poll shown to a member, whether they asked to be told when it
 *   opens ('Açılınca haber ver'); absent otherwise.
 * - kind: 'quiz' on a quiz ('Bilgi yarışması'); absent on a standard poll. correctOptionIndexes: a quiz's correct
 *   options (one or more, never all), only to a viewer who voted on it, to its creator and to everyone who may see it
 *   once it ended (absent otherwise: the answer never reaches a client before). correctVotesCount: the ballots that
 *   chose one of them, with the same condition and only where the viewer sees the counts (`resultsVisible`); its share
 *   of totalVotes is 'Doğru bilenler'.
 *   'ranked' on a ranked poll ('Sıralamalı oy'): options' votes are then the first preferences, userChoices the
 *   viewer's ranking, and `runoff` the instant runoff, only where the viewer sees the counts.
 * - optionImages: on a poll whose options carry images, one per option in their order ({id, url, alt}, or null for
 *   an option without one); absent on a poll without images. Any kind of poll may carry them.
 * - held: true only on a poll the word filter holds for review, and only to its creator (nobody else sees it until a
 *   moderator approves it); absent otherwise.
 */
export const pollShape = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'title',
    'description',
    'category',
    'type',
    'options',
    'expiresAt',
    'creatorId',
    'creator',
    'isShareable',
    'shortUrl',
    'createdAt',
    'totalVotes',
    'votesCount',
    'publicVotesCount',
    'likesCount',
    'commentsCount',
    'shareCount',
    'isLiked',
    'hasVoted',
    'userChoice',
  ],
  properties: {
    id: idField,
    title: { type: 'string' },
    description: { type: ['string', 'null'] },
    category: { type: 'string' },
    type: { type: 'string', enum: pollTypes },
    options: { type: 'array', items: pollOptionShape },
    expiresAt: { type: ['string', 'null'], format: 'date-time' },
    startsAt: { type: ['string', 'null'], format: 'date-time' },
    remindOnOpening: { type: 'boolean' },
    kind: { type: 'string', enum: pollKinds },
    correctOptionIndexes: choicesField,
    correctVotesCount: countField,
    runoff: pollRunoffShape,
    optionImages: optionImagesField,
    creatorId: idField,
    creator: creatorSummaryShape,
    isShareable: { type: 'boolean' },
    shortUrl: { type: ['string', 'null'] },
    shareVoteMode: { type: 'string', enum: shareVoteModes },
    closedAt: { type: ['string', 'null'], format: 'date-time' },
    editedAt: { type: ['string', 'null'], format: 'date-time' },
    resultsVisibility: { type: 'string', enum: resultsVisibilities },
    resultsVisible: { type: 'boolean' },
    createdAt: dateTimeField,
    updatedAt: dateTimeField,
    totalVotes: countField,
    votesCount: countField,
    votersCount: countField,
    publicVotesCount: countField,
    likesCount: countField,
    commentsCount: countField,
    shareCount: countField,
    isLiked: { type: 'boolean' },
    hasVoted: { type: 'boolean' },
    userChoice: { type: ['integer', 'null'], minimum: 0 },
    userChoices: choicesField,
    maxChoices: { type: 'integer', minimum: 1 },
    allowVoteChange: { type: 'boolean' },
    friends: { type: 'array', items: friendSummaryShape },
    friendsCount: countField,
    friendsVotedCount: countField,
    held: { type: 'boolean', const: true },
  },
} as const;

export const pollSchema = { $id: 'meydan/poll', ...pollShape } as const;
export type Poll = FromSchema<typeof pollSchema>;

/** GET /api/s/{shortUrl}: the poll, its creator, votes per option index and the visitor's own vote. */
export const shareLinkPollSchema = {
  $id: 'meydan/share-link-poll',
  type: 'object',
  additionalProperties: false,
  required: ['poll', 'creator', 'voteCounts', 'hasVoted', 'userChoice'],
  properties: {
    poll: pollShape,
    creator: creatorSummaryShape,
    voteCounts: voteCountsField,
    hasVoted: { type: 'boolean' },
    userChoice: { type: ['integer', 'null'], minimum: 0 },
    userChoices: choicesField,
  },
} as const;
export type ShareLinkPoll = FromSchema<typeof shareLinkPollSchema>;

/** POST /api/polls/shareable answer: the link and the poll (with shortUrl). */
export const shareablePollCreatedSchema = {
  $id: 'meydan/shareable-poll-created',
  type: 'object',
  additionalProperties: false,
  required: ['shareUrl', 'poll'],
  properties: {
    shareUrl: { type: 'string' },
    poll: pollShape,
  },
} as const;
export type ShareablePollCreated = FromSchema<typeof shareablePollCreatedSchema>;

/**
 * Answer of a vote (feed and share link): the new counts per option index, the voter's choice and a Turkish message
 * for the 'Oyunuz kaydedildi! 🎉' toast, with an optional feedback sentence. Where the poll's results are hidden from
 * the voter (`resultsVisible: false`) every count is 0 and there is no feedback (it would tell how many chose alike).
 * On a quiz, `correct` says whether the ballot was right ('Doğru bildin!': its option is one of the correct ones) and
 * `correctOptionIndexes` names the correct options (the voter may now see them); `correctVotesCount` the ballots that
 * chose one of them, only with `resultsVisible`. On a ranked poll, `runoff` (as on the poll) only with
 * `resultsVisible`.
 */
export const voteResultSchema = {
  $id: 'meydan/vote-result',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'voteCounts', 'totalVotes', 'hasVoted', 'userChoice', 'message'],
  properties: {
    pollId: idField,
    voteCounts: voteCountsField,
    totalVotes: countField,
    votersCount: countField,
    hasVoted: { type: 'boolean', const: true },
    userChoice: { type: 'integer', minimum: 0 },
    userChoices: choicesField,
    message: { type: 'string' },
    feedback: { type: ['string', 'null'] },
    resultsVisible: { type: 'boolean' },
    correct: { type: 'boolean' },
    correctOptionIndexes: choicesField,
    correctVotesCount: countField,
    runoff: pollRunoffShape,
  },
} as const;
export type VoteResult = FromSchema<typeof voteResultSchema>;

/**
 * Answer of a taken-back vote (DELETE /api/polls/{id}/vote, DELETE /api/s/{shortUrl}/vote): the counts without the
 * ballot, by the same visibility rule as a vote's answer (hidden: every count 0).
 */
export const voteTakenBackSchema = {
  $id: 'meydan/vote-taken-back',
  type: 'object',
  additionalProperties: false,
  required: [
    'pollId',
    'voteCounts',
    'totalVotes',
    'hasVoted',
    'userChoice',
    'userChoices',
    'message',
    'resultsVisible',
  ],
  properties: {
    pollId: idField,
    voteCounts: voteCountsField,
    totalVotes: countField,
    votersCount: countField,
    hasVoted: { type: 'boolean', const: false },
    userChoice: { type: 'null' },
    userChoices: { type: 'array', maxItems: 0 },
    message: { type: 'string' },
    resultsVisible: { type: 'boolean' },
  },
} as const;
export type VoteTakenBack = FromSchema<typeof voteTakenBackSchema>;

/**
 * GET /api/polls/{id}/flows: how opinion moved on a poll that allows changing a vote ('A\'dan B\'ye 312 kişi geçti').
 * Each flow is a count of moves from one ballot to another (option indexes, ascending; `to` empty: taken back),
 * never who moved. `resultsVisible` false (the viewer may not see the counts, by the poll's results visibility):
 * no flows. `allowVoteChange` false: the poll keeps votes final, no flows.
 */
export const pollFlowsSchema = {
  $id: 'meydan/poll-flows',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'allowVoteChange', 'resultsVisible', 'flows', 'totalMoves'],
  properties: {
    pollId: idField,
    allowVoteChange: { type: 'boolean' },
    resultsVisible: { type: 'boolean' },
    flows: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['from', 'to', 'count'],
        properties: { from: choicesField, to: choicesField, count: countField },
      },
    },
    totalMoves: countField,
  },
} as const;
export type PollFlows = FromSchema<typeof pollFlowsSchema>;

/** Realtime `poll_update` data: live counts of one poll (coalesced per poll: limits.notifications.pollUpdateCoalesceMs). */
export const pollUpdateSchema = {
  $id: 'meydan/poll-update',
  type: 'object',
  additionalProperties: false,
  required: ['pollId', 'voteCounts', 'totalVotes'],
  properties: {
    pollId: idField,
    voteCounts: voteCountsField,
    totalVotes: countField,
    likesCount: countField,
    commentsCount: countField,
    /** The poll's counts are hidden from this socket's viewer right now: voteCounts is {}, the total stays. */
    countsHidden: { type: 'boolean', const: true },
  },
} as const;
export type PollUpdate = FromSchema<typeof pollUpdateSchema>;

/** A comment on a poll. held: true on a comment the word filter holds for review (only its author gets it). */
export const commentSchema = {
  $id: 'meydan/comment',
  type: 'object',
  additionalProperties: false,
  required: ['id', 'pollId', 'text', 'createdAt', 'author'],
  properties: {
    id: idField,
    pollId: idField,
    text: { type: 'string' },
    createdAt: dateTimeField,
    author: creatorSummaryShape,
    held: { type: 'boolean', const: true },
  },
} as const;
export type PollComment = FromSchema<typeof commentSchema>;

/**
 * One entry of GET /api/users/{id}/votes. selectedOption is the chosen option's text (a multiple-choice ballot's
 * texts joined with ', '); selectedOptions, only on such a ballot, every chosen text.
 */
export const userVoteSchema = {
  $id: 'meydan/user-vote',
  type: 'object',
  additionalProperties: false,
  required: ['voteId', 'pollId', 'pollTitle', 'pollCategory', 'selectedOption', 'votedAt'],
  properties: {
    voteId: idField,
    pollId: idField,
    pollTitle: { type: 'string' },
    pollCategory: { type: 'string' },
    selectedOption: { type: 'string' },
    selectedOptions: { type: 'array', items: { type: 'string' } },
    votedAt: dateTimeField,
  },
} as const;
export type UserVote = FromSchema<typeof userVoteSchema>;
