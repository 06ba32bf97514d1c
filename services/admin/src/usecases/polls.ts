/** What the staff do to polls: list them, read a poll's edit history, remove one everywhere. */
import { adminPageSize, events, type AdminListQuery } from '@meydan/proto';
import type { AdminContext } from '../context.js';
import { editsOf } from '../store/poll-edits.js';
import { findPoll, pollPage } from '../store/panel.js';
import { forgetPoll } from '../store/read-model.js';
import { pollItems } from '../views/panel.js';
import { audit, type Staff } from './staff.js';

type Panel = Pick<AdminContext, 'models'>;

/** One page of the polls matching the search, with their creators. */
export async function listPolls(ctx: Panel, query: AdminListQuery) {
  const page = query.page ?? 1;
  const { polls, creators, totalCount } = await pollPage(ctx.models, query.q?.trim(), page);
  return { items: pollItems(polls as never, creators as never), totalCount, page, pageSize: adminPageSize };
}

/** The poll's text today and every edit, oldest first; null when the read model knows neither. */
export async function readPollEdits(ctx: Panel, pollId: string) {
  const [poll, edits] = await Promise.all([findPoll(ctx.models, pollId), editsOf(ctx.models, pollId)]);
  if (!poll && edits.length === 0) return null;
  return { pollId, title: poll?.title ?? null, description: poll?.description ?? null, edits };
}

/** Removes the poll everywhere (its owner and the other services act on the event); false when there is no such poll. */
export async function removePoll(
  ctx: Pick<AdminContext, 'models' | 'bus'>,
  pollId: string,
  by: Staff,
): Promise<boolean> {
  const poll = await findPoll(ctx.models, pollId);
  if (!poll) return false;
  await ctx.bus.publishReliably(
    events.admin.pollRemoved,
    { pollId: poll._id, by: by.userId, at: new Date().toISOString() },
    { requestId: by.requestId, msgId: `poll-removed:${poll._id}` },
  );
  await forgetPoll(ctx.models, poll._id);
  await audit(ctx, by, 'poll.delete', 'poll', poll._id);
  return true;
}
