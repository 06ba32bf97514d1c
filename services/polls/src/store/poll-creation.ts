import { Types } from 'mongoose';
import type { ResultsVisibility, ShareVoteMode } from '@meydan/proto';
import { isDuplicateKey, retry } from '@meydan/kit';
import { newShortCode } from '../domain/short-code.js';
import { pollSearchFields } from '../domain/search-terms.js';
import { trendingScore } from '../domain/trending.js';
import type { OptionImages } from '../domain/option-images.js';
import type { QuizShape } from '../domain/quiz.js';
import type { PollDoc, Models } from '../model/index.js';

/** A new poll's records: the poll, its share code and its rank row (what it becomes in Redis: usecases/poll-listing.ts). */
type Creation = { models: Models };

/** A poll as its creator asked for it, checked. */
export interface NewPoll {
  title: string;
  description: string | null;
  category: string;
  type: 'public' | 'private' | 'friends';
  options: string[];
  expiresAt: Date | null;
  /** A scheduled poll's opening (null: open at once). */
  startsAt: Date | null;
  shareable: boolean;
  /** Share-link polls only. */
  shareVoteMode: ShareVoteMode | null;
  resultsVisibility: ResultsVisibility;
  /** How many options one ballot may mark (1: single choice). */
  maxChoices: number;
  /** Voters may change or take back their vote while it is open. */
  allowVoteChange: boolean;
  /** 'quiz' with its correct option(s) (domain/quiz.ts), or a standard poll. */
  quiz: QuizShape;
  /** A ranked-choice poll ('Sıralamalı oy', domain/ranked.ts). */
  ranked?: boolean;
  /** Its options' images ({id, alt} or null each, domain/option-images.ts); null or absent: none. */
  optionImages?: OptionImages | null;
}

/** Stores a new poll's record with its share code (drawn again while taken); held for review, it is marked so. */
export async function insertPollRecord(
  ctx: Creation,
  creatorId: string,
  input: NewPoll,
  held: boolean,
): Promise<PollDoc> {
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
    startsAt: input.startsAt,
    creatorId,
    isShareable: input.shareable,
    shortUrl,
    shareVoteMode: input.shareVoteMode,
    resultsVisibility: input.resultsVisibility,
    maxChoices: input.maxChoices,
    allowVoteChange: input.allowVoteChange,
    ...(input.quiz.kind === 'quiz' ? input.quiz : {}),
    ...(input.ranked ? { kind: 'ranked' } : {}),
    ...(input.optionImages ? { optionImages: input.optionImages } : {}),
    heldAt: held ? createdAt : null,
    ...pollSearchFields(input),
    createdAt,
    updatedAt: createdAt,
  });
  // The poll as a read gives it: without its search fields.
  const { searchTerms: _terms, hashtags: _tags, ...poll } = doc.toObject();
  return poll as PollDoc;
}

/**
 * A listed poll's rank row (trending), made at its listing, or, listed again after a held edit's approval, taken off the
 * held ones. Returns the row.
 */
export async function upsertRankRow(ctx: Creation, poll: PollDoc) {
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
  return rank!;
}
