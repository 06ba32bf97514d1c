import { Types, type Model } from 'mongoose';
import type { Redis } from 'ioredis';
import type { NotificationItem } from '@meydan/proto';
import { Coalescer, isDuplicateKey, isObjectId, withLock, type Logger } from '@meydan/kit';
import type { NotificationKind, NotificationRecord } from '../model/notification.js';
import type { Models } from '../model/index.js';
import type { Realtime } from './realtime.js';
import { groupKey, OpenGroups, RESULTS_GROUP } from './open-groups.js';
import { links, texts } from '../domain/texts.js';
import {
  groupLink,
  groupText,
  viewOf,
  type EndedPoll,
  type GroupFirst,
  type GroupKind,
  type NewComment,
} from '../domain/views.js';

type Stored = NotificationRecord & { _id: Types.ObjectId };

export interface NewNotification {
  userId: string;
  kind: Exclude<NotificationKind, 'votes'>;
  key: string;
  message: string;
  link: string | null;
  pollId?: string | null;
  actorId?: string | null;
  at?: Date;
}

/** How long votes (or comments) of one poll are gathered before one write; how often a growing notification is re-sent live. */
const GROUP_BATCH_MS = 50;
const GROWTH_EMIT_MS = 1000;
/** How long a handled comment is remembered, so a redelivered comment event is not counted twice. */
const COMMENT_SEEN_SECONDS = 2 * 24 * 3600;

interface GroupBatch {
  kind: GroupKind;
  userId: string;
  pollId: string;
  count: number;
  at: Date;
  /** The first comment (or ended poll) of the batch: a notification of one names it. */
  first?: GroupFirst;
  done: Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * The notifications of every user, and their live delivery. One-off notifications are stored once per key (the
 * unique index makes a redelivered event harmless). Votes on a poll grow one unread notification per poll, and so do
 * comments ('Anketine N yeni yorum geldi' once there is more than one): they are gathered for a moment, then written
 * under a short Redis lock (the MongoDB-wire store gives no atomic increment we can rely on), so concurrent handlers
 * on any instance never lose or double one.
 */
export class NotificationStore {
  private readonly batches = new Map<string, GroupBatch>();
  private readonly model: Model<NotificationRecord>;
  /** Each group's unread notification, found by id. */
  readonly openGroups: OpenGroups;
  private readonly growth: Coalescer<Stored>;

  constructor(
    models: Models,
    private readonly redis: Redis,
    private readonly realtime: () => Realtime | null,
    private readonly log: Logger,
  ) {
    this.model = models.notifications;
    this.openGroups = new OpenGroups(models.openGroups, models.notifications, redis, log);
    this.growth = new Coalescer<Stored>(GROWTH_EMIT_MS, (_id, doc) => this.realtime()?.notify(doc.userId, viewOf(doc)));
  }

  /** Stores a notification unless one with its key exists; sends it live. True when it is new. */
  async add(input: NewNotification): Promise<boolean> {
    let doc: Stored;
    try {
      const created = await this.model.create({
        userId: input.userId,
        kind: input.kind,
        key: input.key,
        message: input.message,
        link: input.link,
        isRead: false,
        createdAt: input.at ?? new Date(),
        pollId: input.pollId ?? null,
        actorId: input.actorId ?? null,
        count: 1,
      });
      doc = created.toObject() as Stored;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
    this.announceNew(doc);
    return true;
  }

  /** Adds `count` votes to the creator's unread vote notification of the poll; resolves once they are stored. */
  addVote(userId: string, pollId: string, at: Date, count = 1): Promise<void> {
    return this.addToGroup('votes', userId, pollId, at, undefined, count);
  }

  /**
   * Adds a comment to the creator's unread comment notification of the poll. A redelivered comment is counted once
   * (remembered in Redis); while Redis is unreachable each comment gets a notification of its own instead (its key
   * keeps it once), so none is lost.
   */
  async addComment(comment: NewComment): Promise<void> {
    const seen = `seen:comment:${comment.commentId}`;
    let first: boolean;
    try {
      first = (await this.redis.set(seen, '1', 'EX', COMMENT_SEEN_SECONDS, 'NX')) === 'OK';
    } catch (err) {
      this.log.warn(
        { err: (err as Error).message, pollId: comment.pollId },
        'redis unavailable: comment notified on its own',
      );
      await this.add({
        userId: comment.userId,
        kind: 'comment',
        key: `comment:${comment.commentId}`,
        message: texts.commented(comment.actorName, comment.text),
        link: links.ownPoll(comment.pollId),
        pollId: comment.pollId,
        actorId: comment.actorId,
        at: comment.at,
      });
      return;
    }
    if (!first) return;
    try {
      await this.addToGroup('comment', comment.userId, comment.pollId, comment.at, comment);
    } catch (err) {
      await this.redis.del(seen).catch(() => {});
      throw err;
    }
  }

  /**
   * Tells a voter that a poll they voted on has ended: their unread notification of ended polls grows by one (the
   * caller tells each voter of each poll once).
   */
  addEndedPoll(userId: string, poll: EndedPoll, at: Date): Promise<void> {
    return this.addToGroup('results', userId, RESULTS_GROUP, at, poll);
  }

  private addToGroup(
    kind: GroupKind,
    userId: string,
    pollId: string,
    at: Date,
    comment?: GroupFirst,
    count = 1,
  ): Promise<void> {
    const key = groupKey(kind, userId, pollId);
    let batch = this.batches.get(key);
    if (!batch) {
      let resolve!: () => void;
      let reject!: (err: unknown) => void;
      const done = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      batch = { kind, userId, pollId, count: 0, at, ...(comment ? { first: comment } : {}), done, resolve, reject };
      this.batches.set(key, batch);
      const current = batch;
      setTimeout(() => {
        this.batches.delete(key);
        this.writeGroup(current).then(current.resolve, current.reject);
      }, GROUP_BATCH_MS);
    }
    batch.count += count;
    if (at > batch.at) batch.at = at;
    return batch.done;
  }

  private async writeGroup(batch: GroupBatch): Promise<void> {
    const key = groupKey(batch.kind, batch.userId, batch.pollId);
    await withLock(this.redis, `lock:${key}`, async () => {
      // The ended polls' notification belongs to no one poll.
      const pollId = batch.kind === 'results' ? null : batch.pollId;
      const open = await this.openGroups.find(key, batch.userId);
      if (open) {
        const count = open.count + batch.count;
        const changes = {
          count,
          message: groupText(batch.kind, count),
          link: groupLink(batch.kind, batch.pollId, count),
          // biome-ignore lint/complexity/useMathMinMax: two Dates, and Math.max would store the later one as a number
          createdAt: batch.at > open.createdAt ? batch.at : open.createdAt,
        };
        await this.model.updateOne({ _id: open._id }, { $set: changes });
        this.growth.push(open._id.toString(), { ...open, ...changes });
      } else {
        const _id = new Types.ObjectId();
        await this.openGroups.start(key, batch.userId, _id);
        const created = await this.model.create({
          _id,
          userId: batch.userId,
          kind: batch.kind,
          key: `${batch.kind}:${batch.pollId}:${_id.toString()}`,
          message: groupText(batch.kind, batch.count, batch.first),
          link: groupLink(batch.kind, batch.pollId, batch.count, batch.first),
          isRead: false,
          createdAt: batch.at,
          pollId,
          actorId: batch.count === 1 && batch.first && 'actorId' in batch.first ? batch.first.actorId : null,
          count: batch.count,
        });
        this.announceNew(created.toObject() as Stored);
      }
    });
  }

  async list(
    userId: string,
    page: number,
    limit: number,
  ): Promise<{ items: NotificationItem[]; total: number; unread: number }> {
    const [docs, total, unread] = await Promise.all([
      this.model
        .find({ userId })
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * limit)
        .limit(limit)
        .lean<Stored[]>(),
      this.model.countDocuments({ userId }),
      this.unreadCount(userId),
    ]);
    return { items: docs.map(viewOf), total, unread };
  }

  unreadCount(userId: string): Promise<number> {
    return this.model.countDocuments({ userId, isRead: false });
  }

  /** Marks one of the user's notifications read; null when the user has no such notification. */
  async markRead(userId: string, id: string): Promise<number | null> {
    if (!isObjectId(id)) return null;
    const { matchedCount } = await this.model.updateOne({ _id: id, userId }, { $set: { isRead: true } });
    if (matchedCount === 0) return null;
    return this.announceCount(userId);
  }

  async markAllRead(userId: string): Promise<{ count: number; updated: number }> {
    const { modifiedCount } = await this.model.updateMany({ userId, isRead: false }, { $set: { isRead: true } });
    return { count: await this.announceCount(userId), updated: modifiedCount };
  }

  /** Every notification of the member, newest first (their data export). */
  ofMember(userId: string): Promise<Stored[]> {
    return this.model.find({ userId }).sort({ createdAt: -1 }).lean<Stored[]>();
  }

  /** Removes a deleted member's notifications and those that name them as the actor. */
  async removeMember(userId: string): Promise<void> {
    await this.model.deleteMany({ $or: [{ userId }, { actorId: userId }] });
    await this.openGroups.removeMember(userId);
  }

  close(): void {
    this.growth.close();
  }

  /** Sends a new notification live; the member's sockets are sent their unread count anew too (realtime/server.ts). */
  private announceNew(doc: Stored): void {
    const realtime = this.realtime();
    realtime?.notify(doc.userId, viewOf(doc));
    realtime?.unreadChanged(doc.userId);
  }

  private async announceCount(userId: string): Promise<number> {
    const count = await this.unreadCount(userId);
    this.realtime()?.count(userId, count);
    return count;
  }
}
