/** Likes, shares, reports and the friends' circle 'Grup Analizi' of a poll. */
import { events, limits, pollServiceMessages as S, type PollAnalysis, type ReportCreateBody } from '@meydan/proto';
import { HttpError, isDuplicateKey, type Identity } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { wholePercent } from '../domain/counts.js';
import { countsVisibleTo } from '../domain/results-visibility.js';
import type { PollDoc } from '../model/index.js';
import type { EngagementField } from '../counting/engagement.js';
import { voterOf } from '../store/keys.js';
import { addLike, createReport, pollById, recordShare, removeLike } from '../store/poll-records.js';
import type { Caller } from './caller.js';
import { pollNotFound, visiblePoll } from './visibility.js';

const shapeOf = (poll: PollDoc) => ({
  id: String(poll._id),
  optionsCount: poll.options.length,
  expiresAt: poll.expiresAt ?? null,
  createdAt: new Date(poll.createdAt),
});

/** Likes, comments and shares are written to their collection first, then counted in Redis, then ranked. */
export async function counted(
  ctx: Pick<PollsContext, 'engagement' | 'log'>,
  poll: PollDoc,
  field: EngagementField,
  delta: number,
  likerId?: string,
) {
  const shape = shapeOf(poll);
  if (delta !== 0)
    await (field === 'likes'
      ? ctx.engagement.like(shape, likerId!, delta > 0)
      : ctx.engagement.add(shape, field, delta));
  const counts = await ctx.engagement.ofOne(shape);
  if (delta !== 0)
    await ctx.engagement
      .syncRank(shape)
      .catch((err) => ctx.log.warn({ err, pollId: shape.id }, 'trending rank not updated'));
  return counts;
}

/** A member likes a poll, or takes their like back; the creator is told of a like (events.polls.pollLiked). */
export async function likePoll(
  ctx: PollsContext,
  pollId: string,
  viewer: Identity,
  source: Caller,
): Promise<{ pollId: string; liked: boolean; likesCount: number }> {
  const poll = await visiblePoll(ctx, pollId, viewer, source);
  const userId = viewer.userId!;
  let liked: boolean;
  let delta = 0;
  try {
    await addLike(ctx, poll._id, userId);
    liked = true;
    delta = 1;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const removed = await removeLike(ctx, poll._id, userId);
    liked = false;
    delta = removed ? -1 : 0;
  }
  const counts = await counted(ctx, poll, 'likes', delta, userId);
  if (delta !== 0) {
    await ctx.bus.publishReliably(
      events.polls.pollLiked,
      { pollId: String(poll._id), creatorId: poll.creatorId, userId, liked, at: new Date().toISOString() },
      { requestId: source },
    );
  }
  return { pollId: String(poll._id), liked, likesCount: counts.likes };
}

/**
 * A share counts once per member or visitor and poll. The Redis set admits each sharer once, atomically; the unique
 * (pollId, sharer) index stays the record (the set may have expired). A caller without a visitor id is answered with
 * the unchanged count. Visitor ids are free to get (a share-link page hands one to every new browser), so a
 * visitor's share also counts only once per client IP and poll: a script cannot inflate the count with fresh ids.
 */
async function countShare(
  ctx: PollsContext,
  poll: PollDoc,
  identity: Identity,
): Promise<{ pollId: string; shareCount: number }> {
  const pollId = String(poll._id);
  const sharer = voterOf(identity);
  const unchanged = async () => ({ pollId, shareCount: (await counted(ctx, poll, 'shares', 0)).shares });
  if (!sharer) return unchanged();
  const marks = identity.userId || !identity.ip ? [sharer] : [sharer, `ip:${identity.ip}`];
  const shape = shapeOf(poll);
  if (!(await ctx.engagement.admitShare(shape, marks))) return unchanged();
  try {
    await recordShare(ctx, poll._id, sharer);
  } catch (err) {
    if (isDuplicateKey(err)) return unchanged();
    await ctx.engagement.forgetShare(shape, marks).catch(() => {});
    throw err;
  }
  const counts = await counted(ctx, poll, 'shares', 1);
  return { pollId, shareCount: counts.shares };
}

/** A share of a poll the viewer may see, from its page. */
export async function sharePoll(ctx: PollsContext, pollId: string, viewer: Identity, source: Caller) {
  return countShare(ctx, await visiblePoll(ctx, pollId, viewer, source), viewer);
}

/** A share from a share link's page (share-link polls are not reachable by id). */
export async function shareFromShareLink(ctx: PollsContext, code: string, viewer: Identity) {
  const pollId = await ctx.polls.idOfCode(code);
  const poll = pollId ? await pollById(ctx, pollId) : null;
  if (!poll?.isShareable) throw pollNotFound();
  return countShare(ctx, poll, viewer);
}

/** A member reports a poll, once per poll; the moderators hear of it (events.polls.pollReported). */
export async function reportPoll(
  ctx: PollsContext,
  pollId: string,
  body: ReportCreateBody,
  viewer: Identity,
  source: Caller,
): Promise<{ reportId: string; message: string }> {
  const poll = await visiblePoll(ctx, pollId, viewer, source);
  const reporterId = viewer.userId!;
  const description = body.description?.trim() ? body.description.trim() : null;
  let report: Awaited<ReturnType<typeof createReport>>;
  try {
    report = await createReport(ctx, { pollId: poll._id, reporterId, reason: body.reason.trim(), description });
  } catch (err) {
    if (isDuplicateKey(err)) throw new HttpError(409, 'already_reported', S.alreadyReported);
    throw err;
  }
  const reportId = String(report._id);
  await ctx.bus.publishReliably(
    events.polls.pollReported,
    {
      reportId,
      pollId: String(poll._id),
      reporterId,
      reason: report.reason,
      description,
      at: report.createdAt.toISOString(),
    },
    { requestId: source, msgId: `report:${reportId}` },
  );
  return { reportId, message: S.reportReceived };
}

/** The friends' circle 'Grup Analizi' of a Dost Meclisi poll, for a member who voted on it. */
export async function groupAnalysis(
  ctx: PollsContext,
  pollId: string,
  viewer: Identity,
  source: Caller,
): Promise<PollAnalysis> {
  const poll = await visiblePoll(ctx, pollId, viewer, source);
  const userId = viewer.userId!;
  if (poll.type !== 'friends') throw new HttpError(400, 'analysis_unavailable', S.analysisFriendsOnly);
  const id = String(poll._id);
  const counts = await ctx.counters.countsOfOne({
    id,
    optionsCount: poll.options.length,
    expiresAt: poll.expiresAt ?? null,
  });
  const mine = (await ctx.counters.choicesOn(id, [`u:${userId}`])).get(`u:${userId}`);
  if (mine == null) throw new HttpError(403, 'analysis_unavailable', S.analysisVoteFirst);
  if (!countsVisibleTo(poll, userId, true, new Date()))
    throw new HttpError(403, 'analysis_unavailable', S.analysisResultsHidden);
  if (counts.total < limits.poll.groupAnalysisMinVotes)
    throw new HttpError(403, 'analysis_unavailable', S.analysisNeedsVotes);

  const friends = await ctx.people.mutuals(userId, source);
  const choices = await ctx.counters.choicesOn(
    id,
    friends.map((f) => `u:${f}`),
  );
  const voters = friends.filter((f) => choices.get(`u:${f}`) != null);
  const people = await ctx.people.summaries(voters, source);
  const byOption = poll.options.map(() => [] as string[]);
  for (const f of voters) for (const option of choices.get(`u:${f}`)!) byOption[option]?.push(f);
  return {
    pollId: id,
    totalVotes: counts.total,
    userChoice: mine[0]!,
    userChoices: mine,
    overall: poll.options.map((text, i) => ({
      id: i,
      text,
      votes: counts.votes[i] ?? 0,
      percent: wholePercent(counts.votes[i] ?? 0, counts.total),
    })),
    friends: {
      total: friends.length,
      voted: voters.length,
      options: poll.options.map((text, i) => ({
        id: i,
        text,
        votes: byOption[i]!.length,
        percent: wholePercent(byOption[i]!.length, voters.length),
        voters: byOption[i]!.map((f) => people.get(f)!),
      })),
    },
  };
}
