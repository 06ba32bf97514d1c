/** The contact service's NATS side: the admin reads the messages through `contact.messages.page`. */
import { subjects } from '@meydan/proto';
import type { ContactContext } from '../context.js';
import { readContactMessages } from '../usecases/contact-messages.js';

export function registerNatsHandlers(ctx: ContactContext): void {
  ctx.bus.respond(subjects.contact.messagesPage, (payload) => readContactMessages(ctx, payload));
}
