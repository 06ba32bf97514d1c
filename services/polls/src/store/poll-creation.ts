import { Types } from 'mongoose';
import type { ResultsVisibility, ShareVoteMode } from '@meydan/proto';
import { isDuplicateKey, retry } from '@meydan/kit';
import type { FeedPages } from '../timelines/feed-pages.js';
import type { CreatorPolls } from '../timelines/creator-polls.js';
import type { MemberCounts } from './member-data.js';
import type { Timelines } from '../timelines/timelines.js';
import type { VoteCounters } from '../counting/vote-counters.js';
import { newShortCode } from '../domain/short-code.js';
import { trendingScore } from '../domain/trending.js';
import type { PollDoc, Models } from '../model/index.js';
import { metaOf, type PollStore } from './polls.js';

/**
 * What a new poll is written to: its records, its counters, the meta cache, the timelines and its creator's list, and
 * the kept feed pages and creator's counts it makes stale.
 */
type Creation = {
  models: Models;
  counters: VoteCounters;
  polls: PollStore;
  timelines: Pick<Timelines, 'add'>;
  feedPages: Pick<FeedPages<unknown>, 'changed'>;
  memberCounts: MemberCounts;
  creatorPolls: CreatorPolls;
};

/** A poll as its creator asked for it, checked. */
export interface NewPoll {
  title: string;
  description: string | null;
  category: string;
  type: 'public' | 'private' | 'friends';
  options: string[];
  expiresAt: Date | null;
  shareable: boolean;
  /** Share-link polls only. */
  shareVoteMode: ShareVoteMode | null;
  resultsVisibility: ResultsVisibility;
  /** How many options one ballot may mark (1: single choice). */
  maxChoices: number;
  /** Voters may change or take back their vote while it is open. */
  allowVoteChange: boolean;
}

/**
 * Stores a new poll: its share code (drawn again while taken), the poll, its counters and cached meta, and (unless it
 * is held for review) its rank row and timelines (`listPoll`).
 */
export async function insertPoll(ctx: Creation, creatorId: string, input: NewPoll, held = false): Promise<PollDoc> {
  const _id = new Types.ObjectId();
  const createdAt = new Date();
  // A new code on each attempt: another poll may hold the one drawn.
  const shortUrl = input.shareable
    ? await retry(
        async () => {
          const code = newShortCode();
          await ctx.models.ShortCode.create({ _id: code, pollId: _id });
          return code;
        },
        { attempts: 6, retryIf: isDuplicateKey },
      )
    : null;
  const doc = await ctx.models.Poll.create({
    _id,
    title: input.title,
    description: input.description,
    category: input.category,
    type: input.type,
    options: input.options,
    expiresAt: input.expiresAt,
    creatorId,
    isShareable: input.shareable,
    shortUrl,
    shareVoteMode: input.shareVoteMode,
    resultsVisibility: input.resultsVisibility,
    maxChoices: input.maxChoices,
    allowVoteChange: input.allowVoteChange,
    heldAt: held ? createdAt : null,
    createdAt,
    updatedAt: createdAt,
  });
  const poll = doc.toObject() as PollDoc;
  const meta = metaOf(poll);
  await ctx.counters.init({ id: meta.id, optionsCount: meta.optionsCount, expiresAt: meta.expiresAt });
  await ctx.polls.cacheMeta(meta);
  // A held poll is in its creator's list too (others' view of the list leaves it out: routes/users.ts).
  await Promise.all([ctx.memberCounts.changed([creatorId]), ctx.creatorPolls.added(creatorId, meta.id, createdAt)]);
  if (!held) await listPoll(ctx, poll);
  return poll;
}

/**
 * Puts a poll where others find it: its rank row (trending) and the timelines, and the kept feed pages it makes stale.
 * At creation, or when a moderator approves a poll held for review (at its creation or for an edit).
 */
export async function listPoll(ctx: Creation, poll: PollDoc): Promise<void> {
  const createdAt = new Date(poll.createdAt);
  const rank = await ctx.models.PollRank.findOneAndUpdate(
    { _id: poll._id },
    {
      // Listed again after a held edit's approval: the row kept its rank, and now leaves the feed filter's way.
      $set: { heldAt: null },
      $setOnInsert: {
        type: poll.type,
        category: poll.category,
        creatorId: poll.creatorId,
        isShareable: Boolean(poll.isShareable),
        expiresAt: poll.expiresAt ?? null,
        createdAt,
        hot: trendingScore({ votes: 0, likes: 0, comments: 0, shares: 0 }, createdAt),
      },
    },
    { upsert: true, returnDocument: 'after' },
  ).lean();
  await ctx.timelines.add(rank as Parameters<Creation['timelines']['add']>[0]);
  ctx.feedPages.changed();
}
