/** A member's profile as a viewer sees it (counts asked from polls and social), and the owner's edits. */
import type { UserProfile } from '@meydan/proto';
import { httpError } from '@meydan/kit';
import type { AuthContext } from '../context.js';
import { pollCountsOf } from '../clients/polls.js';
import { socialCountsOf } from '../clients/social.js';
import { authTexts as T } from '../domain/texts.js';
import { summaryOf } from '../domain/views.js';
import type { UserRecord } from '../model/user.js';
import { accountByIdOrUsername, updateProfile, type LeanUser } from '../store/accounts.js';
import { announceUserUpdated } from './announcements.js';
import { storeNewAvatar } from './avatars.js';
import type { Caller, Member } from './caller.js';
import { heldProfileTexts } from './word-filter.js';

/** How long a profile waits for another service's count before showing none. */
const COUNTS_TIMEOUT_MS = 800;

type Profiles = Pick<AuthContext, 'models' | 'redis' | 'mongo' | 'bus'>;

/** Who looks at a profile: a member (or null for a visitor), and whether an administrator. */
export type Viewer = Pick<Caller, 'requestId'> & { userId: string | null; isAdmin: boolean };

/** A count from another service, or null when it does not answer: a profile never fails for it. */
async function countsOf(ctx: Profiles, userId: string, requestId: string, viewerId: string | null) {
  const asked = viewerId && viewerId !== userId ? { userId, viewerId } : { userId };
  const [social, polls] = await Promise.all([
    socialCountsOf(ctx, asked, requestId, COUNTS_TIMEOUT_MS),
    pollCountsOf(ctx, userId, requestId, COUNTS_TIMEOUT_MS),
  ]);
  return {
    followersCount: social?.followersCount ?? null,
    followingCount: social?.followingCount ?? null,
    pollsCount: polls?.pollsCount ?? null,
    votesCount: polls?.votesCount ?? null,
    /** The member blocked the viewer (social says so; when it does not answer, the profile shows). */
    blockedViewer: social?.blockedViewer === true,
  };
}

/** The held display name and bio as the member's own profile shows them. */
function pendingOf(p: NonNullable<LeanUser['pendingProfile']>): NonNullable<UserProfile['pendingProfile']> {
  return {
    ...(p.displayName != null ? { displayName: p.displayName } : {}),
    ...(p.bio !== undefined ? { bio: p.bio } : {}),
  };
}

async function profileOf(ctx: Profiles, user: LeanUser, viewer: Viewer): Promise<UserProfile> {
  const id = user._id.toString();
  const own = viewer.userId === id;
  const { blockedViewer, ...counts } = await countsOf(ctx, id, viewer.requestId, viewer.userId);
  // A member who blocked the viewer is, to the viewer, no member at all (administrators still see the profile).
  if (blockedViewer && !viewer.isAdmin) throw httpError('not_found', T.userNotFound);
  const card = {
    ...summaryOf(user),
    isProfilePublic: user.isProfilePublic,
    ...counts,
    // How many votes a member cast is theirs alone (admins included): diffed against a poll's counts it tells choices.
    votesCount: own ? counts.votesCount : null,
  };
  if (!own && !viewer.isAdmin && !user.isProfilePublic) {
    return { ...card, bio: null, aiAnalysisCompleted: false, profileQuestionsCompleted: false };
  }
  const profile: UserProfile = {
    ...card,
    bio: user.bio,
    aiAnalysisCompleted: user.aiAnalysisCompleted,
    profileQuestionsCompleted: user.profileQuestionsCompleted,
    createdAt: new Date(user.createdAt).toISOString(),
  };
  if (own) {
    Object.assign(profile, {
      email: user.email,
      role: user.role,
      birthDate: user.birthDate,
      birthTime: user.birthTime,
      birthPlace: user.birthPlace,
      gender: user.gender,
      zodiacSign: user.zodiacSign,
      ...(user.pendingProfile ? { pendingProfile: pendingOf(user.pendingProfile) } : {}),
    });
  }
  return profile;
}

/** The profile of the member with this id or username (any case), as the viewer may see it. */
export async function readProfile(ctx: Profiles, { key }: { key: string }, viewer: Viewer): Promise<UserProfile> {
  const user = await accountByIdOrUsername(ctx, key);
  if (!user) throw httpError('not_found', T.userNotFound);
  return profileOf(ctx, user, viewer);
}

/** The owner's edit: questionnaire data or settings, and a new avatar (uploaded image) when one came. */
export interface ProfileEdit {
  update: Partial<UserRecord>;
  avatar: Buffer | null;
}

/** Applies the owner's edit (`events.auth.user.updated`); the profile as the owner now sees it. */
export async function editProfile(
  ctx: Profiles & Pick<AuthContext, 'wordFilter'>,
  { update, avatar }: ProfileEdit,
  member: Member,
): Promise<UserProfile> {
  const { userId } = member;
  // A display name or bio the word filter holds waits for a moderator; the rest of the change applies now.
  // A new display name or bio replaces what waited before: an earlier held text is not approved over a newer one.
  const held = await heldProfileTexts(ctx, { displayName: update.displayName, bio: update.bio });
  if (Object.keys(held).length) {
    for (const field of Object.keys(held) as (keyof typeof held)[]) delete update[field];
    update.pendingProfile = { ...held, at: new Date() };
  } else if (update.displayName !== undefined || update.bio !== undefined) {
    update.pendingProfile = null;
  }
  if (avatar) update.avatarFileId = await storeNewAvatar(ctx, userId, avatar);
  const user = await updateProfile(ctx, userId, update, avatar !== null);
  if (!user) throw httpError('not_found', T.userNotFound);
  await announceUserUpdated(ctx, user, member.requestId);
  return profileOf(ctx, user, { requestId: member.requestId, userId, isAdmin: false });
}
