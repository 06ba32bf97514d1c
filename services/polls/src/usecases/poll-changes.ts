/** What only a poll's creator may do: edit it in its first minute before its first vote, close it early, delete it. */
import {
  events,
  limits,
  normalizePollOptions,
  pollMessages,
  pollServiceMessages as S,
  type Poll,
  type PollEditBody,
  type PollEditedEvent,
} from '@meydan/proto';
import { HttpError, type Identity } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { hasOptionImages } from '../domain/option-images.js';
import { isQuiz } from '../domain/quiz.js';
import type { PollDoc } from '../model/index.js';
import { claimEnded } from '../store/poll-endings.js';
import { publishEnded } from './poll-endings.js';
import { claimEdit } from '../counting/edit-claims.js';
import { textChanges, undoEdit, writeEdit, type PollTextChanges } from '../store/poll-edits.js';
import { closePoll as storeClose, pollById } from '../store/poll-records.js';
import { metaOf } from '../store/polls.js';
import type { Caller } from './caller.js';
import { presentPoll } from './present.js';
import { removePoll, unlistHeldEdit } from './poll-listing.js';
import { ValidationError, pollNotFound, refuseFiltered, visiblePoll } from './visibility.js';

/** Why an edit claim was refused (counting/edit-claims.ts): nothing changed. */
const editRefused = {
  answered: () => new HttpError(409, 'poll_answered', S.editAfterVotes),
  ended: () => new HttpError(409, 'already_ended', S.alreadyEnded),
  busy: () => new HttpError(409, 'edit_in_progress', S.editInProgress),
} as const;

/**
 * Stores the edit and publishes `events.polls.poll.edited`; when the event cannot be published the texts are put back
 * and the error thrown (nothing changed). Returns the poll as it now is.
 */
async function storeEdit(
  ctx: Pick<PollsContext, 'models' | 'bus'>,
  before: PollDoc,
  changes: PollTextChanges,
  requestId: string,
  hold: boolean,
): Promise<PollDoc | null> {
  const { after, editedAt } = await writeEdit(ctx, before, changes, hold);
  if (!after) return null;
  const event: PollEditedEvent = {
    pollId: String(after._id),
    creatorId: after.creatorId,
    type: after.type as NonNullable<PollEditedEvent['type']>,
    isShareable: Boolean(after.isShareable),
    title: after.title,
    description: after.description ?? null,
    previousTitle: before.title,
    previousDescription: before.description ?? null,
    ...(changes.options ? { options: after.options, previousOptions: before.options } : {}),
    editedAt: editedAt.toISOString(),
    at: editedAt.toISOString(),
  };
  try {
    await ctx.bus.publishReliably(events.polls.pollEdited, event, {
      requestId,
      msgId: `poll-edited:${event.pollId}:${editedAt.getTime()}`,
    });
  } catch (err) {
    await undoEdit(ctx, before);
    throw err;
  }
  return after;
}

/**
 * The creator corrects the poll's title or description (in its first minute, or before a scheduled poll opens; before its
 * first vote).
 */
export async function editPoll(
  ctx: PollsContext,
  pollId: string,
  body: PollEditBody,
  viewer: Identity,
  request: Caller,
): Promise<Poll> {
  const doc = await visiblePoll(ctx, pollId, viewer, request);
  const userId = viewer.userId!;
  if (doc.creatorId !== userId) throw new HttpError(403, 'forbidden', S.editOnlyCreator);
  // A scheduled poll stays editable until it opens (it cannot have a vote before); then the first minute's rule.
  const now = Date.now();
  const beforeOpening = doc.startsAt != null && new Date(doc.startsAt).getTime() > now;
  if (!beforeOpening && now - new Date(doc.createdAt).getTime() > limits.poll.editWindowMs) {
    throw new HttpError(403, 'edit_window_over', S.editWindowOver);
  }
  if (doc.endedAt || doc.closedAt || (doc.expiresAt && new Date(doc.expiresAt).getTime() <= Date.now()))
    throw new HttpError(409, 'already_ended', S.alreadyEnded);
  const set: PollTextChanges = {};
  if (body.title !== undefined) set.title = body.title.trim();
  if (body.description !== undefined) set.description = body.description?.trim() ? body.description.trim() : null;
  if (body.options !== undefined) {
    // Only a scheduled poll's, before it opens (no ballot can name them yet); never fewer than its maxChoices. A poll
    // open from its creation keeps the spec's answer.
    if (!beforeOpening) throw new ValidationError('options', doc.startsAt != null ? S.optionsLocked : S.editLocked);
    // A quiz's marked answer is an index of these options: moving them would move it (domain/quiz.ts).
    if (isQuiz(doc)) throw new ValidationError('options', pollMessages.quizOptionsLocked);
    // Its images follow its options by index (domain/option-images.ts): moving the options would move them.
    if (hasOptionImages(doc)) throw new ValidationError('options', pollMessages.optionImagesOptionsLocked);
    set.options = normalizePollOptions(body.options);
    if ((doc.maxChoices ?? 1) > set.options.length)
      throw new ValidationError('options', pollMessages.maxChoicesOverOptions);
  }
  // A refusing entry refuses the edit (400); texts only holding entries catch put the poll back under review.
  const hold = await refuseFiltered(ctx, { title: set.title, description: set.description, options: set.options });
  // No vote yet, decided in the same Redis step votes are counted in (counting/edit-claims.ts).
  const claim = await claimEdit(ctx, {
    id: String(doc._id),
    optionsCount: doc.options.length,
    expiresAt: doc.expiresAt ?? null,
  });
  if (claim.status !== 'claimed') throw editRefused[claim.status]();
  try {
    const current = await pollById(ctx, doc._id);
    if (!current) throw pollNotFound();
    const changes = textChanges(current, set);
    if (Object.keys(changes).length === 0) return await presentPoll(ctx, current, viewer, request);
    // Held for review from before the new text is stored: nobody else reads it, nor votes, until a moderator approves.
    const holding = hold && !current.heldAt;
    if (holding) await ctx.held.add(String(doc._id));
    const updated = await storeEdit(ctx, current, changes, request.id, holding).catch(async (err: unknown) => {
      request.log.error({ err }, 'poll edited event not published: edit taken back');
      if (holding) await ctx.held.remove(String(doc._id)).catch(() => undefined);
      throw new HttpError(503, 'service_unavailable');
    });
    if (!updated) throw pollNotFound();
    if (holding) await unlistHeldEdit(ctx, updated);
    if (changes.options) {
      // Still under the edit's claim: the counters follow the new options, and the vote path's facts are read anew.
      await ctx.counters.reshape(String(doc._id), current.options.length, updated.options.length);
      await ctx.polls.forgetMeta(String(doc._id));
    }
    await ctx.polls.forgetDoc(String(doc._id));
    ctx.feedPages.changed();
    return await presentPoll(ctx, updated, viewer, request);
  } finally {
    await claim.release().catch(() => undefined);
  }
}

/** The creator ends the poll before its time: votes stop, results open, the ended event goes out. */
export async function closePoll(ctx: PollsContext, pollId: string, viewer: Identity, source: Caller): Promise<Poll> {
  const doc = await visiblePoll(ctx, pollId, viewer, source);
  if (doc.creatorId !== viewer.userId) throw new HttpError(403, 'forbidden', S.closeOnlyCreator);
  const now = new Date();
  const alreadyEnded = () => new HttpError(409, 'already_ended', S.alreadyEnded);
  if (doc.endedAt || (doc.expiresAt && new Date(doc.expiresAt).getTime() <= now.getTime())) throw alreadyEnded();
  // The same claim as the expiry sweep's: one of them publishes the ended event, and votes stop at once.
  if (!(await claimEnded(ctx, String(doc._id), now))) throw alreadyEnded();
  const closed = await storeClose(ctx, doc._id, now);
  if (!closed) throw pollNotFound();
  await ctx.polls.cacheMeta(metaOf(closed));
  await Promise.all([ctx.polls.forgetDoc(String(closed._id)), ctx.timelines.drop(String(closed._id))]);
  ctx.feedPages.changed();
  await publishEnded(ctx, closed, now);
  return presentPoll(ctx, closed, viewer, source);
}

/** The creator deletes the poll: its votes, likes and comments go with it, and the deletion is announced. */
export async function deletePoll(
  ctx: PollsContext,
  pollId: string,
  viewer: Identity,
  source: Caller,
): Promise<{ message: string }> {
  const doc = await visiblePoll(ctx, pollId, viewer, source);
  const userId = viewer.userId!;
  if (doc.creatorId !== userId) throw new HttpError(403, 'forbidden', S.deleteOnlyCreator);
  const removed = await removePoll(ctx, String(doc._id));
  if (removed) {
    await ctx.bus.publishReliably(
      events.polls.pollDeleted,
      { pollId: String(doc._id), creatorId: doc.creatorId, by: userId, at: new Date().toISOString() },
      { requestId: source },
    );
  }
  return { message: S.pollDeleted };
}
