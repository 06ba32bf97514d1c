/**
 * Scheduled polls' openings: one Redis sorted set of poll id → opening time (ms) that one due-item loop scans
 * (jobs/opening-polls.ts), and the members who asked to be told ('Açılınca haber ver'), kept in MongoDB. Whether a poll
 * is open is never stored: it is its startsAt against the clock, at read and at vote time; the opening itself only
 * announces it, once.
 */
import type { Redis } from 'ioredis';
import type { Types } from 'mongoose';
import { isDuplicateKey } from '@meydan/kit';
import type { Models } from '../model/index.js';
import { keys } from './keys.js';

export class PollOpenings {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    private readonly models: Models,
  ) {
    this.key = keys.openings(models.Poll.db.name);
  }

  /** Lists a scheduled poll for its opening (again: the same entry). */
  async schedule(pollId: string, startsAt: Date): Promise<void> {
    await this.redis.zadd(this.key, startsAt.getTime(), pollId);
  }

  /** Polls whose opening is due at `now`, earliest first. */
  async due(now: number, limit: number): Promise<string[]> {
    return this.redis.zrangebyscore(this.key, '-inf', now, 'LIMIT', 0, limit);
  }

  /** Takes a due poll off the schedule: true for exactly one caller, whichever instance asks first. */
  async claim(pollId: string): Promise<boolean> {
    return (await this.redis.zrem(this.key, pollId)) === 1;
  }

  /** Forgets a poll's opening and reminders (it was deleted). */
  async drop(pollId: string): Promise<void> {
    await this.redis.zrem(this.key, pollId);
    await this.models.OpeningReminder.deleteMany({ pollId: pollId as unknown as Types.ObjectId });
  }

  /**
   * Lists again the scheduled polls MongoDB has not marked opened (a Redis that lost the set, or a claim whose
   * announcement failed); run at start, idempotent.
   */
  async restore(): Promise<number> {
    const pending = await this.models.Poll.find({ startsAt: { $ne: null }, openedAt: null }, { startsAt: 1 }).lean();
    for (const p of pending) await this.schedule(String(p._id), p.startsAt as Date);
    return pending.length;
  }

  /** Marks a poll's opening announced (restore then leaves it out). */
  async markOpened(pollId: string, at: Date): Promise<void> {
    await this.models.Poll.updateOne({ _id: pollId }, { $set: { openedAt: at } }, { timestamps: false });
  }

  /** The member asks to be told when the poll opens; asking again changes nothing. */
  async remind(pollId: string, userId: string): Promise<void> {
    try {
      await this.models.OpeningReminder.create({ pollId, userId });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /** The member no longer wants to be told (nothing to cancel: nothing changes). */
  async forget(pollId: string, userId: string): Promise<void> {
    await this.models.OpeningReminder.deleteOne({ pollId: pollId as unknown as Types.ObjectId, userId });
  }

  /** Whether the member asked to be told about the poll's opening, for each poll. */
  async remindedOf(pollIds: readonly string[], userId: string | null): Promise<Set<string>> {
    if (!userId || pollIds.length === 0) return new Set();
    const rows = await this.models.OpeningReminder.find(
      { pollId: { $in: pollIds as unknown as Types.ObjectId[] }, userId },
      { pollId: 1 },
    ).lean();
    return new Set(rows.map((r) => String(r.pollId)));
  }

  /** The members who asked to be told about the poll's opening, in the order they asked. */
  async remindedMembers(pollId: string): Promise<string[]> {
    const rows = await this.models.OpeningReminder.find({ pollId: pollId as unknown as Types.ObjectId }, { userId: 1 })
      .sort({ _id: 1 })
      .lean();
    return rows.map((r) => r.userId);
  }
}
