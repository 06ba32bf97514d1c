import type { NotificationsContext } from '../context.js';

/** A member changed their settings: the next vote, like or comment reads the switches afresh. */
export async function forgetSettings(ctx: NotificationsContext, userId: string): Promise<void> {
  await ctx.preferences.forget(userId);
}

/** Logout everywhere, a password change or a ban: the member's open sockets stop hearing their notifications. */
export function disconnectMember(ctx: NotificationsContext, userId: string): void {
  ctx.realtime?.disconnectUser(userId);
}

/**
 * A block or mute made or taken back: both ends' hidden sets are dropped (in every instance: the event is heard on
 * core NATS), so the next event is weighed against the new one.
 */
export function dropHidden(
  ctx: NotificationsContext,
  { userId, targetId }: { userId: string; targetId: string },
): void {
  ctx.hidden.forget(userId, targetId).catch((err: unknown) => ctx.log.warn({ err }, 'hidden set not dropped'));
}
