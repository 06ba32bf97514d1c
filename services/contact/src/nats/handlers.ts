/** The contact service's NATS side: the admin reads the messages through `contact.messages.page`. */
import { subjects } from '@meydan/proto';
import type { ContactContext } from '../context.js';
import { messagesPage } from '../store/messages.js';

export function registerNatsHandlers(ctx: ContactContext): void {
  ctx.bus.respond(subjects.contact.messagesPage, (payload) => messagesPage(ctx.models, payload));
}
