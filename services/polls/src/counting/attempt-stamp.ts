/**
 * When a vote or change step is sent, as its pending score and its own mark: the time in ms and a random fraction of
 * one (1/4096ths: the score is a double, exact to well under that at today's times), so that two tries of one voter
 * in the same millisecond differ and only a resend of the very command matches (counter-scripts.ts CAST,
 * vote-changes.ts CHANGE).
 */
export const attemptStamp = (now: number): number => now + Math.floor(Math.random() * 4096) / 4096;
