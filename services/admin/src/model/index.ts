/**
 * The admin service's own database: a read model of accounts, polls, votes and reports fed by the owning services'
 * events (ids are theirs, as strings) with the edit history of polls' texts, the audit log, and the bulk e-mail jobs with one record per recipient.
 */
import { Schema, type Connection, type InferSchemaType } from 'mongoose';
import {
  auditActions,
  auditTargetTypes,
  pollTypes,
  reportKinds,
  reportStatuses,
  userRoles,
  wordFilterActions,
} from '@meydan/proto';

const userSchema = new Schema(
  {
    _id: { type: String, required: true },
    username: { type: String, required: true },
    displayName: { type: String, default: null },
    email: { type: String, required: true },
    role: { type: String, enum: userRoles, default: 'member' },
    isActive: { type: Boolean, default: true },
    emailVerified: { type: Boolean, default: false },
    createdAt: { type: Date, required: true },
    /** Username, e-mail and display name folded for Turkish-aware search (domain/search.ts). */
    search: { type: String, required: true },
  },
  { versionKey: false },
);
userSchema.index({ createdAt: -1, _id: -1 });

const pollSchema = new Schema(
  {
    _id: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, default: null },
    category: { type: String, required: true },
    type: { type: String, enum: pollTypes, required: true },
    creatorId: { type: String, required: true },
    isShareable: { type: Boolean, default: false },
    /** 'quiz' on a quiz (never its answer: the admin service is not told it), 'ranked' on a ranked poll; missing on a standard poll. */
    kind: { type: String, default: undefined },
    /** The images its options carry, for moderators: each one's address and alt text; missing without images. */
    images: {
      type: [{ _id: false, url: { type: String, required: true }, alt: { type: String, required: true } }],
      default: undefined,
    },
    votesCount: { type: Number, default: 0 },
    /**
     * Tokens of vote batches whose records may be stored but whose count is not yet added (nats/vote-tally.ts): taken
     * out in the same update that adds the count, so a vote record tagged with a token still listed is not counted yet.
     */
    tallying: { type: [String], default: undefined },
    createdAt: { type: Date, required: true },
    /** When its creator last edited its text (`events.polls.poll.edited`); an older edit never overwrites a newer one. */
    editedAt: { type: Date, default: null },
    /** Title and description folded for search. */
    search: { type: String, required: true },
  },
  { versionKey: false },
);
pollSchema.index({ createdAt: -1, _id: -1 });

/**
 * One edit of a poll's text as `events.polls.poll.edited` told it: `_id` `<pollId>:<editedAt ms>`, so a redelivered
 * event is stored once. The poll's edit history for moderators (its reports may be about an earlier text).
 */
const pollEditSchema = new Schema(
  {
    _id: { type: String, required: true },
    pollId: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, default: null },
    previousTitle: { type: String, required: true },
    previousDescription: { type: String, default: null },
    editedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
pollEditSchema.index({ pollId: 1, editedAt: 1 });

/** One vote as counted here: `_id` is the event's `<pollId>:<voter>`, so a redelivered event counts once. */
const voteSchema = new Schema(
  {
    _id: { type: String, required: true },
    pollId: { type: String, required: true },
    at: { type: Date, required: true },
    /** The batch that counted (or is counting) the vote: see `tallying` on the poll. */
    tally: { type: String },
  },
  { versionKey: false },
);
voteSchema.index({ at: 1 });

const reportSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** What is reported: a poll (the first kind; absent on older records), a comment or a member. */
    kind: { type: String, enum: reportKinds, default: 'poll' },
    /** The reported poll, or the poll a reported comment is on. */
    pollId: { type: String },
    commentId: { type: String },
    /** A reported comment's author, or the reported member. */
    userId: { type: String },
    /** A reported comment's text when it was reported. */
    text: { type: String },
    reporterId: { type: String, required: true },
    reason: { type: String, required: true },
    description: { type: String, default: null },
    status: { type: String, enum: reportStatuses, default: 'pending' },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
reportSchema.index({ status: 1, createdAt: -1 });
reportSchema.index({ status: 1, createdAt: 1, _id: 1 });
reportSchema.index({ pollId: 1 });
reportSchema.index({ createdAt: -1, _id: -1 });

const auditSchema = new Schema(
  {
    adminId: { type: String, required: true },
    action: { type: String, enum: auditActions, required: true },
    targetType: { type: String, enum: auditTargetTypes, required: true },
    targetId: { type: String, required: true },
    reason: { type: String, default: null },
    at: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
auditSchema.index({ at: -1, _id: -1 });
auditSchema.index({ adminId: 1, at: -1 });
/**
 * The audit log is append-only for everyone, administrators included: no route changes or deletes an entry, and the
 * store refuses every update or deletion through the model (the only way it is written is `create`).
 */
const appendOnly = () => {
  throw new Error('the audit log is append-only: entries are never updated or deleted');
};
for (const op of [
  'updateOne',
  'updateMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'replaceOne',
  'deleteOne',
  'deleteMany',
] as const) {
  auditSchema.pre(op, appendOnly);
}
auditSchema.pre('save', function refuseChange() {
  if (!this.isNew) appendOnly();
});

const bulkJobSchema = new Schema(
  {
    adminId: { type: String, required: true },
    subject: { type: String, required: true },
    body: { type: String, required: true },
    total: { type: Number, required: true },
    createdAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);

/** One recipient of a job: `_id` `<jobId>:<userId>`; state 'sent' or 'failed' once decided (absent: not yet). */
const bulkRecipientSchema = new Schema(
  {
    _id: { type: String, required: true },
    jobId: { type: String, required: true },
    userId: { type: String, required: true },
    state: { type: String, enum: ['sent', 'failed'], required: true },
    at: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
bulkRecipientSchema.index({ jobId: 1, state: 1 });

/** One entry of the word filter: `folded` is the pattern as it is compared (unique: one entry per word). */
const wordFilterSchema = new Schema(
  {
    pattern: { type: String, required: true },
    folded: { type: String, required: true },
    action: { type: String, enum: wordFilterActions, required: true },
    createdAt: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);
wordFilterSchema.index({ folded: 1 }, { unique: true });

export type AdminUserDoc = InferSchemaType<typeof userSchema>;
export type AdminPollDoc = InferSchemaType<typeof pollSchema>;
export type PollEditDoc = InferSchemaType<typeof pollEditSchema>;
export type ReportDoc = InferSchemaType<typeof reportSchema>;
export type AuditDoc = InferSchemaType<typeof auditSchema> & { _id: unknown };
export type BulkJobDoc = InferSchemaType<typeof bulkJobSchema> & { _id: unknown };

export function createModels(conn: Connection) {
  return {
    User: conn.model('User', userSchema),
    Poll: conn.model('Poll', pollSchema),
    Vote: conn.model('Vote', voteSchema),
    PollEdit: conn.model('PollEdit', pollEditSchema),
    Report: conn.model('Report', reportSchema),
    WordFilter: conn.model('WordFilter', wordFilterSchema, 'word_filter'),
    Audit: conn.model('Audit', auditSchema),
    BulkJob: conn.model('BulkJob', bulkJobSchema),
    BulkRecipient: conn.model('BulkRecipient', bulkRecipientSchema),
  };
}
export type Models = ReturnType<typeof createModels>;
