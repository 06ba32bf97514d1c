/** Who may see a poll, and the refusals every poll action shares (a poll not found, a field refused). */
import { pollServiceMessages as S, wordFilterRefusal, type ErrorBody } from '@meydan/proto';
import { HttpError, type Identity, type RequestIdSource } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { pollById } from '../store/poll-records.js';
import { needsMutuals, pollVisibleTo } from '../domain/visibility.js';
import { toObjectId, type PollDoc } from '../model/index.js';
import type { PollMeta } from '../store/polls.js';

/** A 400 shaped like the schema validation answers: {error: 'validation', message, fields}. */
export class ValidationError extends HttpError {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(400, 'validation', message);
  }

  override toBody(): ErrorBody & { fields: { path: string; message: string }[] } {
    return { ...super.toBody(), fields: [{ path: this.path, message: this.message }] };
  }
}

export const pollNotFound = () => new HttpError(404, 'not_found', S.pollNotFound);

type Seeing = Pick<PollsContext, 'banned' | 'held' | 'people'>;

/** Whether the viewer may see the poll by id (asks social for the viewer's mutuals only when a friends poll needs it). */
export async function canSee(
  ctx: Seeing,
  poll: PollMeta | PollDoc,
  viewer: Identity,
  source?: RequestIdSource,
): Promise<boolean> {
  const facts = {
    type: poll.type as PollMeta['type'],
    creatorId: poll.creatorId,
    isShareable: Boolean(poll.isShareable),
  };
  if (await ctx.banned.has(facts.creatorId)) return false;
  // A poll held for review by the word filter is its creator's alone until a moderator approves it.
  if (viewer.userId !== facts.creatorId && (await ctx.held.has('id' in poll ? poll.id : String(poll._id))))
    return false;
  // A member the creator blocked sees none of their polls: 404, as for a poll that does not exist. Read from the
  // creator's set (whom they blocked), not the viewer's (who blocked them): the same fact, but a busy poll's creator is
  // one set kept warm, where each new voter's would be a request to social and its database (the bench's voters all are).
  if (
    viewer.userId &&
    viewer.userId !== facts.creatorId &&
    (await ctx.people.hidden(facts.creatorId, source)).blocked.includes(viewer.userId)
  ) {
    return false;
  }
  const mutuals =
    needsMutuals(facts, viewer) && !facts.isShareable ? await ctx.people.mutuals(viewer.userId!, source) : [];
  return pollVisibleTo(facts, viewer, mutuals);
}

/** The poll document if it exists and the viewer may see it; a 404 otherwise (never a 403). */
export async function visiblePoll(
  ctx: Seeing & Pick<PollsContext, 'models'>,
  pollId: string,
  viewer: Identity,
  source: RequestIdSource,
): Promise<PollDoc> {
  const id = toObjectId(pollId);
  const doc = id ? await pollById(ctx, id) : null;
  if (!doc || !(await canSee(ctx, doc, viewer, source))) throw pollNotFound();
  return doc;
}

/**
 * Refuses texts the administrators' word filter catches with a refusing entry: a 400 naming the field, never the word.
 * Whether texts caught only by holding entries are to be held for review (true: stored, shown to their author alone
 * until a moderator approves them). A refusing entry wins over a holding one.
 */
export async function refuseFiltered(
  ctx: Pick<PollsContext, 'wordFilter'>,
  fields: Parameters<PollsContext['wordFilter']['check']>[0],
): Promise<boolean> {
  const hit = await ctx.wordFilter.check(fields);
  if (hit?.action === 'refuse') throw new ValidationError(hit.field, wordFilterRefusal(hit.field));
  return hit?.action === 'hold';
}
