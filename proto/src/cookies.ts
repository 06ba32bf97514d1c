/** The session cookie: set by auth at login, read by the gateway to resolve the caller. */
export const SESSION_COOKIE = 'sid';

/** The gateway's signed visitor cookie, which lets a guest vote once through a share link. */
export const VISITOR_COOKIE = 'vid';

/**
 * The same signed visitor id, sent as a header by an embed (/embed/…): inside another site's iframe the browser keeps
 * the SameSite visitor cookie away, so the embed asks `GET /api/embed/visitor` for one and sends it with each call.
 */
export const EMBED_VISITOR_HEADER = 'x-meydan-visitor';
