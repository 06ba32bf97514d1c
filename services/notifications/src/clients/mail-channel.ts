/**
 * Mail a member opted in to (off unless they turn it on): a poll they voted on ended, someone followed them. The mail
 * goes through the mailer like every other (`events.notifications.mail.requested`, body sealed with MAIL_SECRET, one
 * message id per event and member, so a redelivery mails once), to the address auth gives for an active, activated
 * account (`auth.users.contact`). Every such mail carries a one-click unsubscribe link, and the mailer adds the
 * RFC 8058 headers to it.
 */
import { escapeHtml, sealMail, type BusContext, type Bus } from '@meydan/kit';
import { events, subjects, type UserContactReply } from '@meydan/proto';
import type { Models } from '../model/index.js';
import type { NotificationsConfig } from '../config.js';
import { unsubscribeToken } from '../domain/unsubscribe-token.js';

/** What a mail says: its subject, one line of news and where it leads (a path of the site). */
export interface MailNews {
  tag: 'notify-poll-ended' | 'notify-follower';
  subject: string;
  line: string;
  path: string;
  /** The message id: the same news for the same member is mailed once. */
  msgId: string;
}

export const mailTexts = {
  greeting: (name: string) => `Merhaba ${name},`,
  open: 'Meydan’da aç',
  why: 'Bu e-postayı, Meydan ayarlarında e-posta bildirimlerini açtığın için aldın.',
  unsubscribe: 'E-posta bildirimlerini kapat',
} as const;

export class MailChannel {
  constructor(
    private readonly models: Models,
    private readonly bus: Bus,
    private readonly config: NotificationsConfig,
  ) {}

  private get origin(): string {
    return (this.config.PUBLIC_ORIGIN ?? 'http://localhost:8080').replace(/\/+$/, '');
  }

  /** Where a member's mails' unsubscribe link leads (GET: the page; POST: RFC 8058's one click). */
  unsubscribeUrl(userId: string): string {
    return `${this.origin}/api/notifications/email/unsubscribe/${unsubscribeToken(this.config.MAIL_SECRET!, userId)}`;
  }

  async wants(userId: string): Promise<boolean> {
    return (await this.models.mailChoices.findById(userId).lean())?.email === true;
  }

  async choose(userId: string, email: boolean): Promise<void> {
    await this.models.mailChoices.updateOne(
      { _id: userId },
      { $set: { email, updatedAt: new Date() } },
      { upsert: true },
    );
  }

  async removeMember(userId: string): Promise<void> {
    await this.models.mailChoices.deleteOne({ _id: userId });
  }

  /** Mails the news when the member turned mail on and auth knows an active, activated address for them. */
  async send(userId: string, news: MailNews, c: BusContext): Promise<boolean> {
    if (!(await this.wants(userId))) return false;
    let contact: UserContactReply;
    try {
      contact = await this.bus.request(subjects.auth.usersContact, { userId }, c);
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return false;
      throw err;
    }
    const name = contact.displayName || contact.username;
    const link = `${this.origin}${news.path}`;
    const unsubscribe = this.unsubscribeUrl(userId);
    const html = [
      `<p>${escapeHtml(mailTexts.greeting(name))}</p>`,
      `<p>${escapeHtml(news.line)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(mailTexts.open)}</a></p>`,
      `<p style="color:#777;font-size:12px">${escapeHtml(mailTexts.why)} <a href="${escapeHtml(unsubscribe)}">${escapeHtml(mailTexts.unsubscribe)}</a></p>`,
    ].join('\n');
    const text = [
      mailTexts.greeting(name),
      '',
      news.line,
      `${mailTexts.open}: ${link}`,
      '',
      mailTexts.why,
      `${mailTexts.unsubscribe}: ${unsubscribe}`,
    ].join('\n');
    await this.bus.publish(
      events.notifications.mailRequested,
      sealMail(this.config.MAIL_SECRET, {
        to: contact.email,
        subject: news.subject,
        html,
        text,
        tag: news.tag,
        userId,
      }),
      { requestId: c.requestId, msgId: news.msgId },
    );
    return true;
  }
}
