/** How a voter is named in the counters and events: a member as `u:<userId>`, a visitor as `v:<visitorId>`. */

/** The member id of a voter (`u:<userId>`), or null for a visitor (`v:<visitorId>`). */
export const userIdOfVoter = (voter: string): string | null => (voter.startsWith('u:') ? voter.slice(2) : null);

export const voterOf = (identity: { userId: string | null; visitorId?: string | null | undefined }): string | null =>
  identity.userId ? `u:${identity.userId}` : identity.visitorId ? `v:${identity.visitorId}` : null;
