/**
 * Sections of the settings page other screens link to (kept apart from the page so that linking to one does not pull
 * the settings screen into the linking screen's chunk).
 */
export const settingsAnchors = { tokens: 'api-anahtarlari' } as const;

export const settingsTokensPath = `/ayarlar#${settingsAnchors.tokens}`;
