import { Types } from 'mongoose';
import type { ResultsVisibility, ShareVoteMode } from '@meydan/proto';
import { isDuplicateKey, retry } from '@meydan/kit';
import type { FeedPages } from './feed-pages.js';
import type { CreatorPolls } from './creator-polls.js';
import type { MemberCounts } from './member-data.js';
import type { Timelines } from './timelines.js';
import type { VoteCounters } from './vote-counters.js';
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

/** Stores a new poll: its share code (drawn again while taken), the poll, its rank row, its counters and cached meta. */
export async function insertPoll(ctx: Creation, creatorId: string, input: NewPoll): Promise<PollDoc> {
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
    createdAt,
    updatedAt: createdAt,
  });
  const rank = await ctx.models.PollRank.create({
    _id,
    type: input.type,
    category: input.category,
    creatorId,
    isShareable: input.shareable,
    expiresAt: input.expiresAt,
    createdAt,
    hot: trendingScore({ votes: 0, likes: 0, comments: 0, shares: 0 }, createdAt),
  });
  const poll = doc.toObject() as PollDoc;
  const meta = metaOf(poll);
  await ctx.counters.init({ id: meta.id, optionsCount: meta.optionsCount, expiresAt: meta.expiresAt });
  await ctx.polls.cacheMeta(meta);
  await ctx.timelines.add(rank.toObject());
  ctx.feedPages.changed();
  await Promise.all([ctx.memberCounts.changed([creatorId]), ctx.creatorPolls.added(creatorId, meta.id, createdAt)]);
  return poll;
}
