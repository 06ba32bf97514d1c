/**
 * Mail requests with a sealed body. A mail's links (account activation, password reset, newsletter confirmation and
 * unsubscribe) act for whoever holds them, and `events.*.mail.requested` is stored in the EVENTS stream for 14 days:
 * so the body (html and text) travels sealed with AES-256-GCM under a key made from MAIL_SECRET, which only the
 * services that send mail (auth, contact, admin) and the mailer (notifications) are given. The recipient, subject
 * and tag stay readable (the mailer and the logs need them, they open nothing); they are bound to the sealed body
 * (its associated data), so a body cannot be sent to another address. A reader of the stream, a NATS user that could
 * subscribe, or a process without MAIL_SECRET finds no usable link.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { MailRequest } from '@meydan/proto';
import { ConfigError } from './config.js';

/** A mail as its sender writes it and the mailer sends it. */
export interface PlainMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  tag?: string;
  userId?: string | null;
}

const VERSION = 'v1';

function keyOf(secret: string | undefined): Buffer {
  if (!secret || secret.length < 32)
    throw new ConfigError('MAIL_SECRET (at least 32 characters) is needed to seal or open a mail');
  return Buffer.from(hkdfSync('sha256', secret, 'meydan', 'mail body v1', 32));
}

const boundTo = (mail: { to: string; subject: string; tag?: string | undefined }) =>
  Buffer.from(JSON.stringify([mail.to, mail.subject, mail.tag ?? null]));

/** The mail request to publish: the body sealed under MAIL_SECRET, the recipient, subject and tag in the clear. */
export function sealMail(secret: string | undefined, mail: PlainMail): MailRequest {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  cipher.setAAD(boundTo(mail));
  const sealed = Buffer.concat([
    cipher.update(JSON.stringify({ html: mail.html, text: mail.text }), 'utf8'),
    cipher.final(),
  ]);
  const body = `${VERSION}.${Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url')}`;
  return {
    to: mail.to,
    subject: mail.subject,
    body,
    ...(mail.tag !== undefined ? { tag: mail.tag } : {}),
    ...(mail.userId !== undefined ? { userId: mail.userId } : {}),
  };
}

/** The mail a request carries, its body opened with MAIL_SECRET; throws when the key is not the sender's or the request was altered. */
export function openMail(secret: string | undefined, request: MailRequest): PlainMail {
  const [version, data = ''] = request.body.split('.');
  if (version !== VERSION) throw new Error(`mail body of unknown version ${version}`);
  const bytes = Buffer.from(data, 'base64url');
  if (bytes.length < 12 + 16) throw new Error('mail body too short');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, 12));
  decipher.setAAD(boundTo(request));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  let opened: { html: string; text: string };
  try {
    opened = JSON.parse(
      Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString('utf8'),
    ) as { html: string; text: string };
  } catch {
    throw new Error('mail body does not open with MAIL_SECRET (another key, or altered)');
  }
  return {
    to: request.to,
    subject: request.subject,
    html: opened.html,
    text: opened.text,
    ...(request.tag !== undefined ? { tag: request.tag } : {}),
    ...(request.userId !== undefined ? { userId: request.userId } : {}),
  };
}
