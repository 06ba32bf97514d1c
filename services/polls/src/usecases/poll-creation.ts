/** New polls: full, share-link and quick ones ('Hızlı Karar (VS)'), stored and announced, answered as the API's Poll. */
import {
  defaultResultsVisibility,
  defaultShareVoteMode,
  isShareableRequest,
  limits,
  normalizePollOptions,
  pollMessages,
  quickCategory,
  resolvePollSchedule,
  type Poll,
  type PollCreateBody,
  type QuickQuestionBody,
  type ShareablePollCreated,
} from '@meydan/proto';
import type { Identity } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import type { PollDoc } from '../model/index.js';
import type { NewPoll } from '../store/poll-creation.js';
import { imageIdsOf, optionImagesOf } from '../domain/option-images.js';
import { quizShapeOf } from '../domain/quiz.js';
import { rankedCreationProblem } from '../domain/ranked.js';
import type { Caller } from './caller.js';
import { announcePoll } from './held.js';
import { storedImageCount } from './option-images.js';
import { insertPoll } from './poll-listing.js';
import { presentPoll } from './present.js';
import { ValidationError, refuseFiltered } from './visibility.js';

/**
 * Stores the new poll and announces it (its images must be stored ones). A poll the word filter holds for review is stored and shown to its creator
 * alone, announced only when a moderator approves it (nats/held.ts).
 */
async function storePoll(ctx: PollsContext, creatorId: string, input: NewPoll, source: Caller): Promise<PollDoc> {
  const imageIds = imageIdsOf(input.optionImages);
  if ((await storedImageCount(ctx, imageIds)) !== imageIds.length)
    throw new ValidationError('optionImages', pollMessages.optionImageUnknown);
  const held = await refuseFiltered(ctx, {
    title: input.title,
    // The images' alt texts are shown with their options, so the filter reads them too.
    options: [...input.options, ...(input.optionImages ?? []).flatMap((image) => (image ? [image.alt] : []))],
    description: input.description,
  });
  const poll = await insertPoll(ctx, creatorId, input, held);
  if (held) await ctx.held.add(String(poll._id));
  else await announcePoll(ctx, poll, source);
  return poll;
}

/**
 * The create body's rules that a JSON Schema cannot say (opening and expiry against now and each other; shareable only
 * with public; maxChoices within the options; a quiz's correct option, domain/quiz.ts; a ranked poll's, domain/ranked.ts;
 * the options' images, domain/option-images.ts).
 */
function newPollFrom(body: PollCreateBody, shareableRoute: boolean): NewPoll {
  const shareable = shareableRoute || isShareableRequest(body);
  const type = body.type ?? 'public';
  if (shareable && type !== 'public') throw new ValidationError('type', pollMessages.shareableOnlyPublic);
  if (!shareable && body.shareVoteMode !== undefined)
    throw new ValidationError('shareVoteMode', pollMessages.shareVoteModeOnlyShareable);
  const schedule = resolvePollSchedule(body);
  if (!schedule.ok) throw new ValidationError(schedule.field, schedule.message);
  const description = typeof body.description === 'string' && body.description.trim() ? body.description.trim() : null;
  const options = normalizePollOptions(body.options);
  const maxChoices = body.maxChoices ?? 1;
  if (maxChoices > options.length) throw new ValidationError('maxChoices', pollMessages.maxChoicesOverOptions);
  const quiz = quizShapeOf(body, options.length);
  if ('field' in quiz) throw new ValidationError(quiz.field, quiz.message);
  const images = optionImagesOf(body.optionImages, options.length);
  if ('field' in images) throw new ValidationError(images.field, images.message);
  const rankedProblem = rankedCreationProblem(body);
  if (rankedProblem) throw new ValidationError(rankedProblem.field, rankedProblem.message);
  return {
    title: body.title.trim(),
    description,
    category: body.category,
    type,
    options,
    expiresAt: schedule.expiresAt,
    startsAt: schedule.startsAt,
    shareable,
    shareVoteMode: shareable ? (body.shareVoteMode ?? defaultShareVoteMode) : null,
    resultsVisibility: body.resultsVisibility ?? defaultResultsVisibility,
    maxChoices,
    allowVoteChange: body.allowVoteChange === true,
    quiz,
    ranked: body.kind === 'ranked',
    optionImages: images.images,
  };
}

const shareUrlOf = (ctx: Pick<PollsContext, 'config'>, code: string) =>
  `${ctx.config.PUBLIC_ORIGIN!.replace(/\/+$/, '')}/s/${code}`;

/** A member creates a poll (shareable when the body asks for it). */
export async function createPoll(
  ctx: PollsContext,
  body: PollCreateBody,
  viewer: Identity,
  source: Caller,
): Promise<Poll> {
  const doc = await storePoll(ctx, viewer.userId!, newPollFrom(body, false), source);
  return presentPoll(ctx, doc, viewer, source);
}

/** A member creates a poll reached through its share link, answered with the link. */
export async function createShareablePoll(
  ctx: PollsContext,
  body: PollCreateBody,
  viewer: Identity,
  source: Caller,
): Promise<ShareablePollCreated> {
  const doc = await storePoll(ctx, viewer.userId!, newPollFrom(body, true), source);
  const poll = await presentPoll(ctx, doc, viewer, source);
  return { shareUrl: shareUrlOf(ctx, doc.shortUrl!), poll };
}

/** 'Hızlı Karar (VS)': a two-option question, posted as a public genel poll lasting 24 hours. */
export async function askQuickQuestion(
  ctx: PollsContext,
  body: QuickQuestionBody,
  viewer: Identity,
  source: Caller,
): Promise<Poll> {
  const doc = await storePoll(
    ctx,
    viewer.userId!,
    {
      title: body.question.trim(),
      description: null,
      category: quickCategory,
      type: 'public',
      options: body.options.map((o) => o.trim()),
      expiresAt: new Date(Date.now() + limits.quick.durationHours * 3600_000),
      startsAt: null,
      shareable: false,
      shareVoteMode: null,
      resultsVisibility: defaultResultsVisibility,
      maxChoices: 1,
      allowVoteChange: false,
      quiz: { kind: 'standard', correctOptionIndexes: null },
    },
    source,
  );
  return presentPoll(ctx, doc, viewer, source);
}
