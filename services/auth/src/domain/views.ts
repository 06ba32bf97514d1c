import type { CreatorSummary, User, UserSettings } from '@meydan/proto';
import type { UserRecord } from '../model/user.js';

type WithId = UserRecord & { _id: { toString(): string } };

export function avatarUrlOf(user: WithId): string | null {
  return user.avatarFileId ? `/api/users/${user._id.toString()}/avatar?v=${user.avatarVersion}` : null;
}

/** The signed-in user, as the session and login answer it. */
export function sessionUserOf(user: WithId): User {
  return {
    id: user._id.toString(),
    username: user.username,
    email: user.email,
    displayName: user.displayName,
    avatarUrl: avatarUrlOf(user),
    role: user.role,
  };
}

/** What other services show of a user (creator of a poll, a follower, an actor in a notification). */
export function summaryOf(user: WithId): CreatorSummary {
  return {
    id: user._id.toString(),
    username: user.username,
    displayName: user.displayName,
    avatarUrl: avatarUrlOf(user),
  };
}

/**
 * The member's settings. Accounts stored before these switches existed have no field: the schema defaults
 * (public profile, no follow requests, every notification on) stand for them.
 */
export function settingsOf(user: Partial<UserRecord>): UserSettings {
  return {
    isProfilePublic: user.isProfilePublic ?? true,
    followRequestsEnabled: user.followRequestsEnabled ?? false,
    notifyVotes: user.notifyVotes ?? true,
    notifyLikes: user.notifyLikes ?? true,
    notifyComments: user.notifyComments ?? true,
    notifyPollResults: user.notifyPollResults ?? true,
  };
}
