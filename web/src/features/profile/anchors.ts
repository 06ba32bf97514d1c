/** The recommended polls of the completed analysis on /kisilik-testi (the profile's banner links here). */
export const recommendedPollsAnchor = 'onerilen';
