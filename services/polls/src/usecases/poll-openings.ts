/**
 * Scheduled polls: a member asks to be told when one opens ('Açılınca haber ver'), and its opening is announced once
 * (`events.polls.poll.opened`, with the members who asked) after the opening job claimed it (jobs/opening-polls.ts).
 * Whether a poll takes votes is never changed here: it is its startsAt against the clock (usecases/vote-changes.ts).
 */
import { events, pollServiceMessages as S, type OpeningReminder } from '@meydan/proto';
import { HttpError, type Identity } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { pollById } from '../store/poll-records.js';
import { toObjectId } from '../model/index.js';
import type { Caller } from './caller.js';
import { visiblePoll } from './visibility.js';

/** Members named in one opened event (its schema's maxItems). */
const REMIND_PART = 500;

/**
 * The member asks (`remind`) or stops asking to be told when a poll they may see opens. Idempotent both ways; a poll
 * that has opened already is a 409.
 */
export async function setOpeningReminder(
  ctx: PollsContext,
  pollId: string,
  viewer: Identity,
  remind: boolean,
  request: Caller,
): Promise<OpeningReminder> {
  if (!viewer.userId) throw new HttpError(401, 'unauthorized', S.signInToRemind);
  const doc = await visiblePoll(ctx, pollId, viewer, request);
  const id = String(doc._id);
  if (!doc.startsAt || doc.startsAt.getTime() <= Date.now())
    throw new HttpError(409, 'poll_opened', S.reminderAfterOpening);
  if (remind) await ctx.openings.remind(id, viewer.userId);
  else await ctx.openings.forget(id, viewer.userId);
  return { pollId: id, reminded: remind };
}

/**
 * Announces a claimed poll's opening: the members who asked, in parts of REMIND_PART, each part under its own message
 * id, then `openedAt` in MongoDB and a live frame for the screens that follow it. A poll gone, closed or held opens
 * silently. Throws when an event could not be published (the job lists the poll again: the parts already sent are
 * stored once by their ids).
 */
export async function announceOpening(ctx: PollsContext, pollId: string, now: Date): Promise<boolean> {
  const id = toObjectId(pollId);
  const doc = id ? await pollById(ctx, id) : null;
  if (!doc) return false;
  if (doc.closedAt || doc.endedAt || doc.heldAt) {
    await ctx.openings.markOpened(pollId, now);
    return false;
  }
  const members = (await ctx.openings.remindedMembers(pollId)).filter((m) => m !== doc.creatorId);
  const parts = Math.max(1, Math.ceil(members.length / REMIND_PART));
  for (let part = 0; part < parts; part++) {
    await ctx.bus.publishReliably(
      events.polls.pollOpened,
      {
        pollId,
        creatorId: doc.creatorId,
        title: doc.title,
        remindUserIds: members.slice(part * REMIND_PART, (part + 1) * REMIND_PART),
        part,
        at: (doc.startsAt ?? now).toISOString(),
      },
      { msgId: `opened:${pollId}:${part}` },
    );
  }
  await ctx.openings.markOpened(pollId, now);
  const counts = await ctx.counters.countsOfOne({
    id: pollId,
    optionsCount: doc.options.length,
    expiresAt: doc.expiresAt ?? null,
  });
  ctx.live.touch(pollId, doc.options.length, counts);
  return true;
}
