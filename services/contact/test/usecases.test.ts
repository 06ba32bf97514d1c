/**
 * A use case is called without HTTP: the context, the validated input and the sender, as the route calls it (the
 * routes are tested through the gateway in this folder's other suites).
 */
import { JSONCodec, type Subscription } from 'nats';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events, type ContactMessageBody } from '@meydan/proto';
import type { ContactContext } from '../src/context.js';
import {
  issueContactChallenge,
  readContactMessages,
  sendContactMessage,
  type Sender,
} from '../src/usecases/contact-messages.js';
import { payloadFor, startContact, validMessage, type ContactTestService } from './support.js';

const codec = JSONCodec<Record<string, unknown>>();

describe('contact use cases without HTTP', () => {
  let contact: ContactTestService;
  let ctx: ContactContext;
  let sub: Subscription;
  const tags: unknown[] = [];
  const message = (turnstileToken: string) => ({ ...validMessage(), turnstileToken }) as ContactMessageBody;
  const sender = (requestId: string): Sender => ({ userId: null, ip: '198.51.100.9', requestId, log: ctx.log });

  beforeAll(async () => {
    contact = await startContact();
    ctx = contact.app.contact;
    sub = contact.deps.nats.subscribe(events.contact.mailRequested, {
      callback: (_e, m) => tags.push(codec.decode(m.data)['tag']),
    });
    await contact.deps.nats.flush();
  });
  afterAll(async () => {
    sub?.unsubscribe();
    await contact?.close();
  });

  it('sendContactMessage stores a ticket and asks for both mails; a token that is no solution is refused as malformed', async () => {
    expect(await sendContactMessage(ctx, message('yok'), sender('uc-malformed'))).toEqual({ refused: 'malformed' });
    const token = await payloadFor(await issueContactChallenge(ctx));
    const sent = await sendContactMessage(ctx, message(token), sender('uc-send'));
    expect(sent).toMatchObject({
      receipt: { ticketNumber: expect.stringMatching(/^MYD-\d{4}-\d{6}$/), status: 'yeni' },
    });
    expect(await sendContactMessage(ctx, message(token), sender('uc-replay'))).toEqual({ refused: 'replayed' });
    await vi.waitFor(() => expect(tags.sort()).toEqual(['contact-receipt', 'contact-support']));
    const { items } = await readContactMessages(ctx, { page: 1, pageSize: 10 });
    expect(items.map((m) => m.ticketNumber)).toContain('receipt' in sent ? sent.receipt.ticketNumber : null);
  });
});
