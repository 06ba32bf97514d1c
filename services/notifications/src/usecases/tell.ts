/**
 * The news that also leaves the app, to members who asked for it: a poll they voted on ended, someone followed them.
 * Sent by Web Push to their subscribed browsers and by mail when they turned it on; the in-app switches were weighed
 * before (a voter whose results switch is off is not told at all). Neither may hold up or fail the notification:
 * a push or mail that fails is logged, the notification in the app stays.
 */
import type { BusContext } from '@meydan/kit';
import type { PushPayload } from '@meydan/proto';
import type { NotificationsContext } from '../context.js';
import { links } from '../domain/texts.js';
import type { MailNews } from '../clients/mail-channel.js';

const excerpt = (text: string, max = 80) => {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= max
    ? chars.join('')
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
};

export const outboundTexts = {
  pollEndedTitle: 'Oy verdiğin anket sonuçlandı',
  pollEndedBody: (title: string) => `“${excerpt(title)}” sona erdi. Sonuçları gör.`,
  followerTitle: 'Yeni takipçi',
  followerBody: (name: string) => `${name} seni takip etmeye başladı.`,
} as const;

async function tell(
  ctx: NotificationsContext,
  userId: string,
  push: PushPayload,
  mail: MailNews,
  c: BusContext,
): Promise<void> {
  const results = await Promise.allSettled([ctx.push.send(userId, push, c.log), ctx.mail.send(userId, mail, c)]);
  for (const result of results) {
    if (result.status === 'rejected')
      c.log.warn({ err: (result.reason as Error).message }, 'push or mail of a notification not sent');
  }
}

export function tellPollEnded(
  ctx: NotificationsContext,
  userId: string,
  poll: { pollId: string; title: string },
  c: BusContext,
): Promise<void> {
  const path = links.ownPoll(poll.pollId);
  const body = outboundTexts.pollEndedBody(poll.title);
  return tell(
    ctx,
    userId,
    { title: outboundTexts.pollEndedTitle, body, url: path },
    {
      tag: 'notify-poll-ended',
      subject: outboundTexts.pollEndedTitle,
      line: body,
      path,
      msgId: `notify-mail:poll-ended:${poll.pollId}:${userId}`,
    },
    c,
  );
}

export function tellFollowed(
  ctx: NotificationsContext,
  userId: string,
  follower: { id: string; name: string; day: string },
  c: BusContext,
): Promise<void> {
  const path = links.followers();
  const body = outboundTexts.followerBody(follower.name);
  return tell(
    ctx,
    userId,
    { title: outboundTexts.followerTitle, body, url: path },
    {
      tag: 'notify-follower',
      subject: `${outboundTexts.followerTitle}: ${excerpt(follower.name, 60)}`,
      line: body,
      path,
      msgId: `notify-mail:follower:${follower.id}:${userId}:${follower.day}`,
    },
    c,
  );
}
