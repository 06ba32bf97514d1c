import type { Types, Model } from 'mongoose';
import type { Redis } from 'ioredis';
import type { Logger } from '@meydan/kit';
import type { NotificationRecord } from '../model/notification.js';
import type { OpenGroupRecord } from '../model/open-group.js';
import type { GroupKind } from '../domain/views.js';

type Stored = NotificationRecord & { _id: Types.ObjectId };

const GROUP_KINDS: readonly GroupKind[] = ['votes', 'comment', 'results'];
/** The group key of a member's ended-polls notification (it has no poll of its own). */
export const RESULTS_GROUP = 'results';
/** A group's name: its kind, the member it is for and its poll (its batch, lock, record and open notification go by it). */
export const groupKey = (kind: GroupKind, userId: string, pollId: string) => `${kind}:${userId}:${pollId}`;
/** Set once the unread group notifications written before open-group records existed have theirs. */
const ADOPTED_KEY = 'open-groups:adopted';

/**
 * Which notification of a group (store/notifications.ts) is still open, that is unread: the group's record names the
 * notification last started for it, and that one is open while it is unread. Both are read by `_id`. A search by
 * member, kind and poll instead reads every notification on the MongoDB-wire store, once per member when a viral
 * poll's 70,000 voters are told it ended.
 *
 * A group's record is written before its notification, under the group's lock: a crash between the two leaves a
 * record naming nothing, read as no open notification, so at most one unread notification per group is ever open.
 */
export class OpenGroups {
  constructor(
    private readonly records: Model<OpenGroupRecord>,
    private readonly notifications: Model<NotificationRecord>,
    private readonly redis: Redis,
    private readonly log: Logger,
  ) {}

  /** The group's open notification, if it has one. */
  async find(key: string, userId: string): Promise<Stored | null> {
    const record = await this.records.findById(key).lean<OpenGroupRecord>();
    if (!record) return null;
    const doc = await this.notifications.findById(record.notificationId).lean<Stored>();
    return doc && !doc.isRead && doc.userId === userId ? doc : null;
  }

  /** Names `id` the group's open notification: call it before that notification is written. */
  async start(key: string, userId: string, id: Types.ObjectId): Promise<void> {
    await this.records.updateOne({ _id: key }, { $set: { userId, notificationId: id } }, { upsert: true });
  }

  /** A deleted member's records. */
  async removeMember(userId: string): Promise<void> {
    await this.records.deleteMany({ userId });
  }

  /**
   * Gives every unread group notification written before these records existed a record (where its group has none),
   * so that it keeps growing rather than a second one opening beside it. Once per deployment: the search reads the
   * whole collection on the MongoDB-wire store. Harmless when repeated (it never moves an existing record).
   */
  async adoptEarlierOnes(): Promise<void> {
    if (await this.redis.exists(ADOPTED_KEY)) return;
    const open = await this.notifications
      .find({ isRead: false, kind: { $in: [...GROUP_KINDS] } }, { userId: 1, kind: 1, pollId: 1, key: 1 })
      .lean<Pick<Stored, '_id' | 'userId' | 'kind' | 'pollId' | 'key'>[]>();
    // A group's notification is keyed `kind:poll:id`; a comment told on its own (`comment:commentId`) is in no group.
    const grouped = open.filter((doc) => doc.key.split(':').length === 3);
    for (const doc of grouped) {
      const key = groupKey(doc.kind as GroupKind, doc.userId, doc.pollId ?? RESULTS_GROUP);
      await this.records.updateOne(
        { _id: key },
        { $setOnInsert: { userId: doc.userId, notificationId: doc._id } },
        { upsert: true },
      );
    }
    await this.redis.set(ADOPTED_KEY, new Date().toISOString());
    if (grouped.length)
      this.log.info({ adopted: grouped.length }, 'unread group notifications given open-group records');
  }
}
