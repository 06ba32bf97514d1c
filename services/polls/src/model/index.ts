/**
 * The polls service's own database: polls, votes (the record Redis counters are rebuilt from), likes, comments,
 * reports and share-link codes. Ids are ObjectIds; user ids are the auth service's ids as strings.
 */
import { Schema, Types, type Connection, type InferSchemaType } from 'mongoose';
import { createIndexes, createMultikeyIndexes, isObjectId } from '@meydan/kit';
import { pollKinds, pollTypes, resultsVisibilities, shareVoteModes } from '@meydan/proto';

const pollSchema = new Schema(
  {
    title: { type: String, required: true },
    description: { type: String, default: null },
    category: { type: String, required: true },
    type: { type: String, enum: pollTypes, required: true },
    options: { type: [String], required: true },
    expiresAt: { type: Date, default: null },
    /** A scheduled poll's opening ('Yakında' until then, no vote before it); null: open from its creation. */
    startsAt: { type: Date, default: null },
    /** Set once `events.polls.poll.opened` was published (store/poll-openings.ts). */
    openedAt: { type: Date, default: null },
    creatorId: { type: String, required: true },
    isShareable: { type: Boolean, default: false },
    shortUrl: { type: String, default: null },
    /** How many options one ballot may mark (1: single choice; missing on older polls: 1). */
    maxChoices: { type: Number, default: 1 },
    /** 'Oyunu değiştirebilsin': voters may change or take back their vote while it is open (missing on older polls: false). */
    allowVoteChange: { type: Boolean, default: false },
    /**
     * Its votes are stored under an _id made from the poll and the voter (store/vote-records.ts `voteIdOf`), so a change
     * finds a voter's vote by _id. Set on every poll made since; missing on older ones, whose votes are found by poll and
     * voter.
     */
    derivedVoteIds: { type: Boolean, default: true },
    /** Share-link polls: who may vote through the link (proto's shareVoteModes; missing on older polls: the default). */
    shareVoteMode: { type: String, enum: [...shareVoteModes, null], default: null },
    /** 'quiz' ('Bilgi yarışması', domain/quiz.ts); null or missing: a standard poll. */
    kind: { type: String, enum: [...pollKinds, null], default: null },
    /** A quiz's correct option(s), ascending; missing on a standard poll. Never shown before its viewer may see it. */
    correctOptionIndexes: { type: [Number], default: undefined },
    /**
     * Its options' images (domain/option-images.ts): `[{id, alt} | null]` in the options' order, an id of an
     * OptionImage; missing on a poll without images.
     */
    optionImages: { type: Schema.Types.Mixed, default: undefined },
    /** Who sees the per-option counts (proto's resultsVisibilities; missing on older polls: the default). */
    resultsVisibility: { type: String, enum: [...resultsVisibilities, null], default: null },
    /** Set once `events.polls.poll.ended` was published (the job's filter; the claim itself is in Redis). */
    endedAt: { type: Date, default: null },
    /** Set when the creator closed it early (its expiresAt is then that moment too). */
    closedAt: { type: Date, default: null },
    /** When the creator last changed its title or description (only ever before its first vote: counting/edit-claims.ts). */
    editedAt: { type: Date, default: null },
    /** Set while the word filter holds it for review (a `hold` entry matched): only its creator sees it until approved. */
    heldAt: { type: Date, default: null },
    /**
     * Held for an edit, not at creation (usecases/held.ts): it was announced already, so its approval lists it again
     * without announcing it as new.
     */
    heldForEdit: { type: Boolean, default: false },
    /**
     * What search looks the poll up by (domain/search-terms.ts): the folded words of its title, description and options
     * with their prefixes, and its folded hashtags, each indexed with createdAt on MongoDB (ensureIndexes). Written with
     * its texts (missing on polls stored before: given at start, store/search-fields.ts). Reads that keep the poll leave
     * them out (WITHOUT_SEARCH_FIELDS); not `select: false`, which would project every findOneAndUpdate, and FerretDB v1
     * refuses a projection there.
     */
    searchTerms: { type: [String], default: undefined },
    hashtags: { type: [String], default: undefined },
  },
  { timestamps: true },
);
pollSchema.index({ createdAt: -1, _id: -1 });
pollSchema.index({ creatorId: 1, createdAt: -1 });
pollSchema.index({ expiresAt: 1, endedAt: 1 });
pollSchema.index({ heldAt: 1 });
pollSchema.index({ startsAt: 1, openedAt: 1 });

const voteSchema = new Schema(
  {
    pollId: { type: Schema.Types.ObjectId, required: true },
    /** `u:<userId>` or `v:<visitorId>`. */
    voter: { type: String, required: true },
    userId: { type: String, default: null },
    /** The ballot's option (its first, ascending, when it marks several). */
    optionIndex: { type: Number, required: true },
    /** A multiple-choice ballot of several options: all of them, ascending (absent on a ballot of one option). */
    optionIndexes: { type: [Number], default: undefined },
    /** A ranked poll's ballot ('Sıralamalı oy'): its ranking, most preferred first (optionIndex is its first). */
    ranking: { type: [Number], default: undefined },
    /** When the voter voted (from the event), not when it was persisted. */
    votedAt: { type: Date, required: true },
    persistedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
voteSchema.index({ pollId: 1, voter: 1 }, { unique: true });
voteSchema.index({ userId: 1, votedAt: -1 });
voteSchema.index({ persistedAt: 1 });

/**
 * On a poll that allows changing a vote: the last change applied of one voter (`_id` `<pollId>:<voter>`): its `seq`
 * (strictly increasing per voter, see counting/vote-changes.ts; the first vote is 0) and the ballot it left (null: taken back). The votes
 * collection is made to match it (see store/vote-change-records.ts), and the Redis sequence numbers are rebuilt from it.
 */
const voteSeqSchema = new Schema(
  {
    _id: { type: String, required: true },
    pollId: { type: Schema.Types.ObjectId, required: true },
    voter: { type: String, required: true },
    userId: { type: String, default: null },
    seq: { type: Number, required: true },
    ballot: { type: [Number], default: null },
    /** The ballot the voter left before that change (null: none): the pending-votes job publishes the change again from it. */
    from: { type: [Number], default: null },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
voteSeqSchema.index({ pollId: 1 });
voteSeqSchema.index({ at: 1 });

/**
 * One change of a vote (`_id` `<pollId>:<voter>:<seq>`, stored once however often its event comes): where the
 * poll's flows are rebuilt from when Redis lacks them. `to` empty: taken back.
 */
const voteChangeSchema = new Schema(
  {
    _id: { type: String, required: true },
    pollId: { type: Schema.Types.ObjectId, required: true },
    from: { type: [Number], default: [] },
    to: { type: [Number], default: [] },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);
voteChangeSchema.index({ pollId: 1 });

const likeSchema = new Schema(
  {
    pollId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: String, required: true },
    createdAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
likeSchema.index({ pollId: 1, userId: 1 }, { unique: true });

const commentSchema = new Schema(
  {
    pollId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: String, required: true },
    text: { type: String, required: true },
    createdAt: { type: Date, default: () => new Date() },
    /** Set while the word filter holds it for review: only its author sees it until a moderator approves it. */
    heldAt: { type: Date, default: null },
  },
  { versionKey: false },
);
commentSchema.index({ pollId: 1, createdAt: -1, _id: -1 });
commentSchema.index({ heldAt: 1 });

const reportSchema = new Schema(
  {
    pollId: { type: Schema.Types.ObjectId, required: true },
    reporterId: { type: String, required: true },
    reason: { type: String, required: true },
    description: { type: String, default: null },
    createdAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
/** One report per member and poll. */
reportSchema.index({ pollId: 1, reporterId: 1 }, { unique: true });

/** A member's report on a comment, with the comment as it was (its author and text). */
const commentReportSchema = new Schema(
  {
    commentId: { type: Schema.Types.ObjectId, required: true },
    pollId: { type: Schema.Types.ObjectId, required: true },
    authorId: { type: String, required: true },
    reporterId: { type: String, required: true },
    reason: { type: String, required: true },
    description: { type: String, default: null },
    createdAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
/** One report per member and comment. */
commentReportSchema.index({ commentId: 1, reporterId: 1 }, { unique: true });

/**
 * The trending rank of a poll, apart from the poll: engagement changes often and from several writers, and on a
 * MongoDB-wire server without atomic updates (FerretDB v1) such writes must never touch the poll itself (a title
 * edit could be lost). Carries copies of the poll's immutable feed filter fields, so the trending feed is one query.
 */
const pollRankSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    type: { type: String, required: true },
    category: { type: String, required: true },
    creatorId: { type: String, required: true },
    isShareable: { type: Boolean, required: true },
    expiresAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
    /** Engagement decayed by age, time-independent so it can be stored and indexed (domain/trending.ts). */
    hot: { type: Number, required: true },
    /** Set while an edit of the poll is held for review (usecases/held.ts): the feed filter's `heldAt: null` leaves it out. */
    heldAt: { type: Date, default: null },
  },
  { versionKey: false },
);
pollRankSchema.index({ hot: -1, _id: -1 });

/**
 * One counted share of a poll, one per sharer (`u:<userId>` / `v:<visitorId>`), so the Redis share counter can always
 * be recounted and a sharer whose Redis entry is gone is still counted once.
 */
const shareSchema = new Schema(
  {
    pollId: { type: Schema.Types.ObjectId, required: true },
    sharer: { type: String, required: true },
    at: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
shareSchema.index({ pollId: 1, sharer: 1 }, { unique: true });

/** A share link's code is its `_id`, so two polls can never get the same one. */
const shortCodeSchema = new Schema(
  {
    _id: { type: String, required: true },
    pollId: { type: Schema.Types.ObjectId, required: true },
  },
  { versionKey: false },
);

/** 'Açılınca haber ver': a member asked to be told when a scheduled poll opens (one record per member and poll). */
const openingReminderSchema = new Schema(
  {
    pollId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: String, required: true },
    at: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
openingReminderSchema.index({ pollId: 1, userId: 1 }, { unique: true });

/**
 * An option's image (usecases/option-images.ts): the WebP the upload was made into, under a digest of its bytes, so
 * the same picture uploaded twice is stored once and a URL never serves other bytes.
 */
const optionImageSchema = new Schema(
  {
    _id: { type: String, required: true },
    data: { type: Buffer, required: true },
    width: { type: Number, required: true },
    height: { type: Number, required: true },
    /** Who uploaded it first (null once their account is gone and a poll still names it). */
    uploaderId: { type: String, default: null },
    createdAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);

/** The projection of a poll read to be kept or shown: without its search fields, the bulk of its document. */
export const WITHOUT_SEARCH_FIELDS = { searchTerms: 0, hashtags: 0 } as const;

export type PollDoc = InferSchemaType<typeof pollSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export type VoteDoc = InferSchemaType<typeof voteSchema> & { _id: Types.ObjectId };
export type VoteSeqDoc = InferSchemaType<typeof voteSeqSchema> & { _id: string };
export type VoteChangeDoc = InferSchemaType<typeof voteChangeSchema> & { _id: string };
export type PollRankDoc = InferSchemaType<typeof pollRankSchema> & { _id: Types.ObjectId };
export type CommentDoc = InferSchemaType<typeof commentSchema> & { _id: Types.ObjectId };

export function createModels(conn: Connection) {
  return {
    Poll: conn.model<PollDoc>('Poll', pollSchema as never),
    Vote: conn.model<VoteDoc>('Vote', voteSchema as never),
    VoteSeq: conn.model<VoteSeqDoc>('VoteSeq', voteSeqSchema as never, 'vote_sequences'),
    VoteChange: conn.model<VoteChangeDoc>('VoteChange', voteChangeSchema as never, 'vote_changes'),
    Like: conn.model('Like', likeSchema),
    Comment: conn.model<CommentDoc>('Comment', commentSchema as never),
    Report: conn.model('Report', reportSchema),
    CommentReport: conn.model('CommentReport', commentReportSchema, 'comment_reports'),
    ShortCode: conn.model('ShortCode', shortCodeSchema),
    PollRank: conn.model<PollRankDoc>('PollRank', pollRankSchema as never),
    Share: conn.model('Share', shareSchema),
    OpeningReminder: conn.model('OpeningReminder', openingReminderSchema, 'opening_reminders'),
    OptionImage: conn.model('OptionImage', optionImageSchema, 'option_images'),
  };
}

export type Models = ReturnType<typeof createModels>;

/** Waits until every index exists (the unique vote index must be there before the first vote is persisted). */
export async function ensureIndexes(models: Models): Promise<void> {
  // Shares stored before they named their sharer each count as a sharer of their own (the unique index needs one).
  for await (const legacy of models.Share.collection.find({ sharer: { $exists: false } }, { projection: { _id: 1 } })) {
    await models.Share.collection.updateOne({ _id: legacy._id }, { $set: { sharer: `legacy:${String(legacy._id)}` } });
  }
  await createIndexes(models);
  await createMultikeyIndexes(models.Poll, [
    { searchTerms: 1, createdAt: -1 },
    { hashtags: 1, createdAt: -1 },
  ]);
}

/** An ObjectId from a path parameter, or null when it cannot be one (the poll is then simply not found). */
export function toObjectId(id: string): Types.ObjectId | null {
  return isObjectId(id) ? new Types.ObjectId(id) : null;
}
