/**
 * Poll facts for the vote path (cached in process and in Redis so a vote never waits on MongoDB), share-link
 * lookups and the cascade of a deleted poll.
 */
import type { Redis } from 'ioredis';
import { Types } from 'mongoose';
import { defaultShareVoteMode, type PollType, type ResultsVisibility, type ShareVoteMode } from '@meydan/proto';
import { isQuiz } from '../domain/quiz.js';
import { isRanked } from '../domain/ranked.js';
import { resultsVisibilityOf } from '../domain/results-visibility.js';
import { shareVoteModeOf } from '../domain/share-votes.js';
import { TtlCache, findEachById, type Logger } from '@meydan/kit';
import { WITHOUT_SEARCH_FIELDS, toObjectId, type Models, type PollDoc } from '../model/index.js';
import { keys } from './keys.js';
import type { MemberCounts } from './member-data.js';
import type { PollChanged } from './poll-changed.js';

/** What the vote path and the visibility rules need of a poll. */
export interface PollMeta {
  id: string;
  type: PollType;
  creatorId: string;
  isShareable: boolean;
  shortUrl: string | null;
  /** Who may vote through the share link (share-link polls only). */
  shareVoteMode: ShareVoteMode | null;
  /** Who sees the per-option counts. */
  resultsVisibility: ResultsVisibility;
  optionsCount: number;
  /** How many options one ballot may mark (1: single choice). */
  maxChoices: number;
  /** Voters may change or take back their vote while the poll is open. */
  allowVoteChange: boolean;
  /** Its votes' _ids are made from poll and voter (`voteIdOf`); read fresh from MongoDB by the vote consumers only. */
  derivedVoteIds?: boolean;
  expiresAt: Date | null;
  /** A scheduled poll's opening: no vote before it (null: open from its creation). */
  startsAt: Date | null;
  /** When the creator closed it early (a vote then gets 409, not 410). */
  closedAt: Date | null;
  createdAt: Date;
  /** A quiz's correct option(s) (domain/quiz.ts), or a ranked poll (domain/ranked.ts); absent on a standard poll. */
  kind?: 'quiz' | 'ranked';
  correctOptionIndexes?: number[];
}

const LOCAL_TTL_MS = 5_000;
const REDIS_TTL_S = 600;

/** The fields `metaOf` reads. */
export const META_FIELDS = {
  type: 1,
  creatorId: 1,
  isShareable: 1,
  shortUrl: 1,
  shareVoteMode: 1,
  resultsVisibility: 1,
  options: 1,
  expiresAt: 1,
  startsAt: 1,
  closedAt: 1,
  createdAt: 1,
  maxChoices: 1,
  allowVoteChange: 1,
  derivedVoteIds: 1,
  kind: 1,
  correctOptionIndexes: 1,
} as const;

export function metaOf(
  doc: Pick<
    PollDoc,
    '_id' | 'type' | 'creatorId' | 'isShareable' | 'shortUrl' | 'shareVoteMode' | 'options' | 'expiresAt' | 'createdAt'
  > & {
    closedAt?: Date | null;
    startsAt?: Date | null;
    maxChoices?: number | null;
    allowVoteChange?: boolean | null;
    derivedVoteIds?: boolean | null;
    resultsVisibility?: string | null;
    kind?: string | null;
    correctOptionIndexes?: number[] | null;
  },
): PollMeta {
  return {
    id: String(doc._id),
    type: doc.type as PollType,
    creatorId: doc.creatorId,
    isShareable: Boolean(doc.isShareable),
    shortUrl: doc.shortUrl ?? null,
    shareVoteMode: shareVoteModeOf(doc),
    resultsVisibility: resultsVisibilityOf(doc),
    optionsCount: doc.options.length,
    maxChoices: doc.maxChoices ?? 1,
    allowVoteChange: doc.allowVoteChange === true,
    ...(doc.derivedVoteIds ? { derivedVoteIds: true } : {}),
    expiresAt: doc.expiresAt ?? null,
    startsAt: doc.startsAt ?? null,
    closedAt: doc.closedAt ?? null,
    createdAt: doc.createdAt,
    ...(isQuiz(doc) ? { kind: 'quiz' as const, correctOptionIndexes: [...doc.correctOptionIndexes!] } : {}),
    ...(isRanked(doc) ? { kind: 'ranked' as const } : {}),
  };
}

interface StoredMeta
  extends Omit<PollMeta, 'expiresAt' | 'startsAt' | 'closedAt' | 'createdAt' | 'maxChoices' | 'allowVoteChange'> {
  maxChoices?: number;
  allowVoteChange?: boolean;
  expiresAt: number | null;
  startsAt?: number | null;
  closedAt?: number | null;
  createdAt: number;
}

/** A cached document's dates come back as text. */
function reviveDoc(text: string): PollDoc {
  const d = JSON.parse(text) as Record<string, unknown>;
  for (const field of [
    'expiresAt',
    'startsAt',
    'openedAt',
    'endedAt',
    'closedAt',
    'editedAt',
    'createdAt',
    'updatedAt',
  ]) {
    if (typeof d[field] === 'string') d[field] = new Date(d[field] as string);
  }
  d['_id'] = new Types.ObjectId(d['_id'] as string);
  return d as unknown as PollDoc;
}

export class PollStore {
  private readonly local = new TtlCache<PollMeta>(LOCAL_TTL_MS, 10_000);
  /** Share-link code → poll id (a code never names another poll). */
  private readonly codes = new TtlCache<string>(REDIS_TTL_S * 1000, 10_000);
  /** Poll documents read a moment ago (also kept in Redis: see docs()). */
  private readonly localDocs = new TtlCache<PollDoc>(LOCAL_TTL_MS, 10_000);

  constructor(
    private readonly models: Models,
    private readonly redis: Redis,
    private readonly memberCounts: MemberCounts,
    private readonly log: Logger,
    /** Told when a poll is removed (feeds kept for a moment, timelines and its creator's list are then out of date). */
    private readonly changes?: PollChanged,
  ) {}

  /** The poll's facts, or null when there is no such poll. Memory, then Redis, then MongoDB. */
  async meta(pollId: string): Promise<PollMeta | null> {
    const hit = this.local.get(pollId);
    if (hit) return hit;
    if (!toObjectId(pollId)) return null;
    const cached = await this.redis.get(keys.meta(pollId));
    if (cached) {
      const s = JSON.parse(cached) as StoredMeta;
      const meta = {
        ...s,
        shareVoteMode: s.isShareable ? (s.shareVoteMode ?? defaultShareVoteMode) : null,
        resultsVisibility: resultsVisibilityOf(s),
        maxChoices: s.maxChoices ?? 1,
        allowVoteChange: s.allowVoteChange === true,
        expiresAt: s.expiresAt === null ? null : new Date(s.expiresAt),
        startsAt: s.startsAt == null ? null : new Date(s.startsAt),
        closedAt: s.closedAt == null ? null : new Date(s.closedAt),
        createdAt: new Date(s.createdAt),
      };
      this.remember(meta);
      return meta;
    }
    const doc = await this.models.Poll.findById(pollId, META_FIELDS).lean();
    if (!doc) return null;
    const meta = metaOf(doc as PollDoc);
    await this.cacheMeta(meta);
    return meta;
  }

  async cacheMeta(meta: PollMeta): Promise<void> {
    const stored: StoredMeta = {
      ...meta,
      expiresAt: meta.expiresAt?.getTime() ?? null,
      startsAt: meta.startsAt?.getTime() ?? null,
      closedAt: meta.closedAt?.getTime() ?? null,
      createdAt: meta.createdAt.getTime(),
    };
    await this.redis.set(keys.meta(meta.id), JSON.stringify(stored), 'EX', REDIS_TTL_S);
    this.remember(meta);
  }

  private remember(meta: PollMeta): void {
    this.local.set(meta.id, meta);
  }

  async forgetMeta(pollId: string): Promise<void> {
    this.local.delete(pollId);
    await this.redis.del(keys.meta(pollId));
  }

  /**
   * The documents of polls by id, in that order, those that no longer exist left out: memory (a few seconds, so an
   * edit made through another replica shows by then), then Redis, then MongoDB by `_id`.
   */
  async docs(pollIds: readonly string[]): Promise<PollDoc[]> {
    const found = new Map<string, PollDoc>();
    const notLocal = pollIds.filter((id) => {
      const hit = this.localDocs.get(id);
      if (hit) found.set(id, hit);
      return !hit;
    });
    if (notLocal.length) {
      const cached = await Promise.all(notLocal.map((id) => this.redis.get(keys.doc(id))));
      const missing: string[] = [];
      notLocal.forEach((id, i) => {
        const text = cached[i];
        if (!text) {
          missing.push(id);
          return;
        }
        const doc = reviveDoc(text);
        this.localDocs.set(id, doc);
        found.set(id, doc);
      });
      const loaded = await findEachById(missing, (id) =>
        this.models.Poll.findById(id, WITHOUT_SEARCH_FIELDS).lean<PollDoc>(),
      );
      await Promise.all(loaded.map((doc) => this.cacheDoc(doc)));
      for (const doc of loaded) found.set(String(doc._id), doc);
    }
    return pollIds.map((id) => found.get(id)).filter((d): d is PollDoc => d !== undefined);
  }

  async cacheDoc(doc: PollDoc): Promise<void> {
    await this.redis.set(keys.doc(String(doc._id)), JSON.stringify(doc), 'EX', REDIS_TTL_S);
    this.localDocs.set(String(doc._id), doc);
  }

  /** The poll was edited, closed or removed: its cached document is not answered again. */
  async forgetDoc(pollId: string): Promise<void> {
    this.localDocs.delete(pollId);
    await this.redis.del(keys.doc(pollId));
  }

  /** The poll id of a share-link code, or null. */
  async idOfCode(code: string): Promise<string | null> {
    if (!/^[0-9A-Za-z]{1,64}$/.test(code)) return null;
    const known = this.codes.get(code);
    if (known) return known;
    const cached = await this.redis.get(keys.shortCode(code));
    if (cached) {
      this.codes.set(code, cached);
      return cached;
    }
    const found = await this.models.ShortCode.findById(code).lean();
    if (!found) return null;
    const id = String(found.pollId);
    await this.redis.set(keys.shortCode(code), id, 'EX', REDIS_TTL_S);
    this.codes.set(code, id);
    return id;
  }

  /** The document of a poll opened through its share link: the same cached documents as the feeds'. */
  async shareLinkDoc(pollId: string): Promise<PollDoc | null> {
    return (await this.docs([pollId]))[0] ?? null;
  }

  /**
   * Removes a poll's records: the poll with its votes, likes, comments, shares, share code and rank (its Redis counters:
   * usecases/poll-listing.ts). Returns the removed poll, or null.
   */
  async remove(pollId: string): Promise<PollDoc | null> {
    const id = toObjectId(pollId);
    if (!id) return null;
    const poll = await this.models.Poll.findOneAndDelete({ _id: id }).lean();
    if (!poll) return null;
    await this.changes?.tell({ kind: 'removed', pollId: String(poll._id), creatorId: poll.creatorId });
    await this.forgetDoc(pollId);
    // The members whose vote counts fall with the poll's votes, read before those go.
    const voters = (await this.models.Vote.distinct('userId', { pollId: id })) as (string | null)[];
    await Promise.all([
      this.models.Vote.deleteMany({ pollId: id }),
      this.models.VoteSeq.deleteMany({ pollId: id }),
      this.models.VoteChange.deleteMany({ pollId: id }),
      this.models.Like.deleteMany({ pollId: id }),
      this.models.Comment.deleteMany({ pollId: id }),
      this.models.ShortCode.deleteMany({ pollId: id }),
      this.models.Share.deleteMany({ pollId: id }),
      this.models.PollRank.deleteOne({ _id: id }),
    ]);
    await this.memberCounts.changed([poll.creatorId, ...voters]);
    this.local.delete(pollId);
    if (poll.shortUrl) this.codes.delete(poll.shortUrl);
    if (poll.shortUrl) await this.redis.del(keys.shortCode(poll.shortUrl));
    this.log.info({ pollId }, 'poll removed with its votes, likes and comments');
    return poll as PollDoc;
  }
}
