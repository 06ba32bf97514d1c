import { Schema, type Connection, type HydratedDocument, type Model } from 'mongoose';
import type { PersonalityAnalysis } from '@meydan/proto';
import { searchTermsOf, type Role } from '@meydan/kit';
import { SKELETON_VERSION, usernameSkeleton } from './username-skeleton.js';

export interface UserRecord {
  username: string;
  /** Lower-cased username: uniqueness is case-insensitive (no collations on every MongoDB-wire server). */
  usernameLower: string;
  /** What the username looks like (model/username-skeleton.ts): a new name may not look like an existing one. Set on save. */
  usernameSkeleton: string;
  /** The SKELETON_VERSION that made usernameSkeleton. */
  usernameSkeletonVersion?: number;
  email: string;
  emailLower: string;
  displayName: string;
  /**
   * What a member search looks the account up by: the folded words of its username and display name with their
   * prefixes (kit's searchTermsOf, `memberSearchTerms`), indexed on MongoDB (app.ts). Set on save and with every
   * change of the display name (missing on accounts stored before: given at start, store/member-search.ts).
   */
  searchTerms?: string[];
  passwordHash: string;
  role: Role;
  /** False once banned. */
  isActive: boolean;
  /** True once the activation link was followed. */
  emailVerified: boolean;
  bio: string | null;
  /**
   * A display name or bio the word filter holds for review (a `hold` entry matched): kept here, while the public
   * profile shows the old one, until a moderator approves it (then it replaces them) or removes it. Null when none.
   */
  pendingProfile?: { displayName?: string | null; bio?: string | null; at: Date } | null;
  isProfilePublic: boolean;
  /** A new follower waits for approval (social asks for it over NATS). */
  followRequestsEnabled: boolean;
  /** In-app notifications of votes, likes and comments on the member's polls (notifications asks for them). */
  notifyVotes: boolean;
  notifyLikes: boolean;
  notifyComments: boolean;
  /** The in-app notification that a poll the member voted on has ended. */
  notifyPollResults: boolean;
  /** GridFS id of the square avatar, and a version that changes with it (cache busting). */
  avatarFileId: string | null;
  avatarVersion: number;
  aiAnalysisCompleted: boolean;
  profileQuestionsCompleted: boolean;
  birthDate: string | null;
  birthTime: string | null;
  birthPlace: string | null;
  gender: string | null;
  zodiacSign: string | null;
  answers: { questionId: string; answer: string; category: string }[];
  /** The last personality analysis (domain/personality.ts); null before the first. */
  analysis: PersonalityAnalysis | null;
  /** When the member's requested deletion falls due; signing in before it cancels (null: none asked). */
  deletionScheduledAt: Date | null;
  /** Set when the sweep begins removing the account: from then on signing in no longer cancels (other services may
   *  already have removed the member's data). */
  deletionStartedAt: Date | null;
  /** The load-test batch (POST /api/admin/load-members) a throw-away member belongs to; absent for everyone else. */
  loadTestBatch?: string | null;
  /**
   * Staff's authenticator (TOTP, RFC 6238): `pending` while enrolling, `secret` once confirmed; `lastStep` is the last
   * time step a code was accepted for (a code is good once); recovery codes are kept as SHA-256 digests, each used once.
   */
  totp?: {
    secret: string | null;
    pending: string | null;
    enabledAt: Date | null;
    lastStep: number | null;
    recoveryHashes: string[];
  } | null;
  createdAt: Date;
  updatedAt: Date;
}

export type UserDoc = HydratedDocument<UserRecord>;

const userSchema = new Schema<UserRecord>(
  {
    username: { type: String, required: true },
    usernameLower: { type: String, required: true, unique: true },
    usernameSkeleton: { type: String, index: true },
    usernameSkeletonVersion: { type: Number, index: true },
    email: { type: String, required: true },
    emailLower: { type: String, required: true, unique: true },
    displayName: { type: String, required: true },
    searchTerms: { type: [String], default: undefined },
    passwordHash: { type: String, required: true },
    role: { type: String, enum: ['member', 'moderator', 'admin'], default: 'member' },
    isActive: { type: Boolean, default: true },
    emailVerified: { type: Boolean, default: false },
    bio: { type: String, default: null },
    pendingProfile: {
      type: { displayName: { type: String }, bio: { type: String }, at: { type: Date } },
      default: null,
      _id: false,
    },
    isProfilePublic: { type: Boolean, default: true },
    followRequestsEnabled: { type: Boolean, default: false },
    notifyVotes: { type: Boolean, default: true },
    notifyLikes: { type: Boolean, default: true },
    notifyComments: { type: Boolean, default: true },
    notifyPollResults: { type: Boolean, default: true },
    avatarFileId: { type: String, default: null },
    avatarVersion: { type: Number, default: 0 },
    aiAnalysisCompleted: { type: Boolean, default: false },
    profileQuestionsCompleted: { type: Boolean, default: false },
    birthDate: { type: String, default: null },
    birthTime: { type: String, default: null },
    birthPlace: { type: String, default: null },
    gender: { type: String, default: null },
    zodiacSign: { type: String, default: null },
    answers: { type: [{ questionId: String, answer: String, category: String, _id: false }], default: [] },
    analysis: { type: Schema.Types.Mixed, default: null },
    deletionScheduledAt: { type: Date, default: null },
    deletionStartedAt: { type: Date, default: null },
    loadTestBatch: { type: String, index: true },
    totp: {
      type: new Schema(
        {
          secret: { type: String, default: null },
          pending: { type: String, default: null },
          enabledAt: { type: Date, default: null },
          lastStep: { type: Number, default: null },
          recoveryHashes: { type: [String], default: [] },
        },
        { _id: false },
      ),
      default: null,
    },
  },
  { timestamps: true },
);

userSchema.pre('validate', function setSkeleton() {
  if (this.isModified('username') || !this.usernameSkeleton || this.usernameSkeletonVersion !== SKELETON_VERSION) {
    this.usernameSkeleton = usernameSkeleton(this.username);
    this.usernameSkeletonVersion = SKELETON_VERSION;
  }
});

/** The terms a member search finds the account by (`searchTerms`). */
export function memberSearchTerms(account: Pick<UserRecord, 'username' | 'displayName'>): string[] {
  return searchTermsOf([account.username, account.displayName]);
}

userSchema.pre('validate', function setSearchTerms() {
  if (this.isModified('username') || this.isModified('displayName') || !this.searchTerms)
    this.searchTerms = memberSearchTerms(this);
});

export function userModel(conn: Connection): Model<UserRecord> {
  return (conn.models['User'] ?? conn.model('User', userSchema)) as Model<UserRecord>;
}
