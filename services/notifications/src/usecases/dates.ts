export const dateOf = (iso: string) => new Date(iso);
/** The UTC day of an event, for notifications kept once a day. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
