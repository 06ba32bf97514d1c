/** Who votes, and on what: a member on a poll by id, a member or a visitor through a share link. */
import { limits, pollServiceMessages as S, type voteOptionIndexes } from '@meydan/proto';
import { HttpError, type Identity } from '@meydan/kit';
import type { PollsContext } from '../context.js';
import { ipField, ipNetwork, shareVoteRule } from '../domain/share-votes.js';
import { keys, voterOf } from '../store/keys.js';
import type { PollMeta } from '../store/polls.js';
import type { IpClaim } from '../counting/vote-counters.js';
import type { Caller } from './caller.js';
import { canSee, pollNotFound } from './visibility.js';

/** A ballot as a vote's body gives it: optionIndex, optionId or optionIndexes. */
export type Ballot = Parameters<typeof voteOptionIndexes>[0];

/** The member's poll (they may see it) and their voter name. */
export async function memberVoter(
  ctx: PollsContext,
  pollId: string,
  viewer: Identity,
  source: Caller,
): Promise<{ meta: PollMeta; voter: string }> {
  const meta = await ctx.polls.meta(pollId);
  if (!meta || !(await canSee(ctx, meta, viewer, source))) throw pollNotFound();
  if (!viewer.userId) throw new HttpError(401, 'unauthorized', S.signInToVote);
  return { meta, voter: `u:${viewer.userId}` };
}

/**
 * Who votes through a share link, and on what: the visitor's attempts per IP network (rate limited), the poll behind
 * the code, its share-vote rule (members only, one vote per IP network, or per browser with a few per IP network) and
 * the voter (a member as themself, a visitor by the gateway's signed visitor cookie). Changing or taking back a vote
 * there goes through the same.
 */
export async function shareVoter(
  ctx: PollsContext,
  code: string,
  viewer: Identity,
): Promise<{ meta: PollMeta; voter: string; claim: IpClaim | undefined }> {
  const ip = viewer.ip ?? 'unknown';
  if (!viewer.userId) {
    const rate = await ctx.quotas.take(keys.shareVoteRate(ipNetwork(ip)), ctx.config.SHARE_VOTE_IP_LIMIT ?? 30, 60_000);
    if (!rate.allowed)
      throw new HttpError(429, 'rate_limited', S.tooManyShareVotes, { 'retry-after': String(rate.retryAfterSeconds) });
  }
  const pollId = await ctx.polls.idOfCode(code);
  const meta = pollId ? await ctx.polls.meta(pollId) : null;
  if (!meta?.isShareable || (await ctx.banned.has(meta.creatorId)) || (await ctx.held.has(meta.id)))
    throw pollNotFound();
  const rule = shareVoteRule(
    meta.shareVoteMode,
    viewer.userId !== null,
    ctx.config.SHARE_VOTE_BROWSERS_PER_IP ?? limits.poll.shareVotesPerIp,
  );
  if (!rule.allowed) throw new HttpError(401, 'members_only', S.shareVoteMembersOnly);
  const voter = voterOf(viewer);
  if (!voter) throw new HttpError(400, 'visitor_required', S.visitorUnknown);
  const claim =
    rule.perIp === null ? undefined : { network: ipField(ctx.config.INTERNAL_SECRET, ip), perIp: rule.perIp };
  return { meta, voter, claim };
}
