/**
 * The one in-process signal that a poll changed in a way what this process keeps of it depends on: its trending score
 * was rewritten, or it was removed. The store that changes a poll tells it (Engagement, PollStore); what keeps
 * something of polls listens (the visitor feed pages, the timelines, the creators' lists), each subscribing itself, so
 * context.ts wires no callbacks. Listeners run one after the other in the order they subscribed, and a listener's
 * failure is the teller's, as a callback's was.
 */
export type PollChange =
  /** The poll's trending score was rewritten (feeds kept for a moment and timelines are then out of date). */
  | { kind: 'rescored'; pollId: string; hot: number }
  /** The poll was removed (feeds kept for a moment, timelines and its creator's list are then out of date). */
  | { kind: 'removed'; pollId: string; creatorId: string };

export type PollChangeListener = (change: PollChange) => void | Promise<void>;

export class PollChanged {
  private readonly listeners: PollChangeListener[] = [];

  listen(listener: PollChangeListener): void {
    this.listeners.push(listener);
  }

  async tell(change: PollChange): Promise<void> {
    for (const listener of this.listeners) await listener(change);
  }
}
