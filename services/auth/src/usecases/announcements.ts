/** The events more than one use case publishes: a member's public names changed, a mail to send. */
import { events } from '@meydan/proto';
import { sealMail, type Bus, type PlainMail, type RequestIdOrSource } from '@meydan/kit';
import type { AuthConfig } from '../config.js';
import { avatarUrlOf } from '../domain/views.js';
import type { LeanUser } from '../store/accounts.js';

/** Tells the services that keep a member's name, avatar or settings (`events.auth.user.updated`) to refresh them. */
export async function announceUserUpdated(
  ctx: { bus: Bus },
  user: LeanUser,
  requestId: RequestIdOrSource,
): Promise<void> {
  await ctx.bus.publish(
    events.auth.userUpdated,
    {
      userId: user._id.toString(),
      username: user.username,
      displayName: user.displayName,
      avatarUrl: avatarUrlOf(user),
      at: new Date().toISOString(),
    },
    { requestId },
  );
}

/** Asks the mailer for a mail (`events.auth.mail.requested`), sealed as every mail is; `msgId` keeps it to one. */
export async function requestMail(
  ctx: { bus: Bus; config: AuthConfig },
  mail: PlainMail,
  options: { requestId: string; msgId: string },
): Promise<void> {
  await ctx.bus.publish(events.auth.mailRequested, sealMail(ctx.config.MAIL_SECRET, mail), options);
}
