/** The two local-storage keys of the install prompt; the cookie policy names them too. */
export const installPromptKeys = {
  shown: 'meydan.installPrompt.shown',
  dismissed: 'meydan.installPrompt.dismissed',
} as const;
