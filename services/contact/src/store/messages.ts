import type { ContactMessagesPageReply, ContactMessagesPageRequest } from '@meydan/proto';
import { formatTicketNumber } from '../domain/ticket.js';
import type { ContactMessageRecord, Models } from '../model/index.js';

/** The next ticket number of this year: one atomic increment of the year's counter (no two messages share one). */
export async function nextTicketNumber(models: Models, now = new Date()): Promise<string> {
  const year = now.getUTCFullYear();
  const counter = await models.TicketCounter.findOneAndUpdate(
    { _id: `ticket-${year}` },
    { $inc: { seq: 1 } },
    { upsert: true, returnDocument: 'after', lean: true },
  );
  return formatTicketNumber(year, counter!.seq);
}

/** One page of the messages, newest first, as `contact.messages.page` answers it. */
export async function messagesPage(models: Models, { page, pageSize }: ContactMessagesPageRequest): Promise<ContactMessagesPageReply> {
  const [docs, totalCount] = await Promise.all([
    models.ContactMessage.find({})
      .sort({ createdAt: -1, _id: -1 })
      .skip((page - 1) * pageSize)
      .limit(pageSize)
      .lean<ContactMessageRecord[]>(),
    models.ContactMessage.countDocuments({}),
  ]);
  return {
    items: docs.map((m) => ({
      id: m._id.toHexString(),
      ticketNumber: m.ticketNumber,
      name: m.name,
      email: m.email,
      subject: m.subject,
      message: m.message,
      status: m.status,
      userId: m.userId,
      createdAt: m.createdAt.toISOString(),
    })),
    totalCount,
  };
}
