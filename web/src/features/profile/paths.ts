/**
 * A member's profile and polls by id, username or `me`, as their endpoints ask for them (profileApi) and the start-up
 * does early for the own profile.
 */
export const userProfilePath = (idOrUsername: string): string => `/users/${encodeURIComponent(idOrUsername)}`;
export const userPollsPath = (userId: string): string => `${userProfilePath(userId)}/polls`;
