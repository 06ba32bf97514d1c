import type { Redis } from 'ioredis';
import type { ContactMessagesPageReply, ContactMessagesPageRequest } from '@meydan/proto';
import { isDuplicateKey } from '@meydan/kit';
import { formatTicketNumber } from '../domain/ticket.js';
import type { ContactMessageRecord, Models } from '../model/index.js';

type TicketFields = Omit<ContactMessageRecord, '_id' | 'ticketNumber' | 'year' | 'seq' | 'createdAt'>;

async function highestSeq(models: Models, year: number): Promise<number> {
  const last = await models.ContactMessage.findOne({ year }, { seq: 1 }).sort({ seq: -1 }).lean<{ seq: number }>();
  return last?.seq ?? 0;
}

/**
 * Stores a message under the next ticket number of the year (MYD-<year>-<seq>). The sequence comes from Redis
 * (INCR is atomic; a read-modify-write in the database is not, on every MongoDB-wire server); the unique index on
 * the ticket number is what guarantees no two messages share one. When Redis lost its counter, it starts again
 * from the highest number stored.
 */
export async function storeTicket(
  models: Models,
  redis: Redis,
  fields: TicketFields,
  now = new Date(),
): Promise<ContactMessageRecord> {
  const year = now.getUTCFullYear();
  const key = `contact:ticket-seq:${year}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    if (!(await redis.exists(key))) await redis.set(key, await highestSeq(models, year), 'NX');
    const seq = await redis.incr(key);
    try {
      const doc = await models.ContactMessage.create({
        ...fields,
        ticketNumber: formatTicketNumber(year, seq),
        year,
        seq,
      });
      return doc.toObject() as ContactMessageRecord;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      const highest = await highestSeq(models, year);
      if (highest > Number((await redis.get(key)) ?? 0)) await redis.set(key, highest);
    }
  }
  throw new Error('no free ticket number after 50 attempts');
}

/** One page of the messages, newest first, as `contact.messages.page` answers it. */
export async function messagesPage(
  models: Models,
  { page, pageSize }: ContactMessagesPageRequest,
): Promise<ContactMessagesPageReply> {
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
