/** The session cookie: set by auth at login, read by the gateway to resolve the caller. */
export const SESSION_COOKIE = 'sid';

/** The gateway's signed visitor cookie, which lets a guest vote once through a share link. */
export const VISITOR_COOKIE = 'vid';
