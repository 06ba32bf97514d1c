/** The contact messages live in the contact service's own database: the admin reads them a page at a time over NATS. */
import type { Bus } from '@meydan/kit';
import { subjects, type ContactMessagesPageRequest } from '@meydan/proto';

export const contactMessagesPage = (ctx: { bus: Bus }, asked: ContactMessagesPageRequest, requestId: string) =>
  ctx.bus.request(subjects.contact.messagesPage, asked, { requestId });
