/** The share page's poll by its short code, as its endpoint asks for it (shareLinkApi) and the start-up does early. */
export const shareLinkPollPath = (code: string): string => `/s/${encodeURIComponent(code)}`;
