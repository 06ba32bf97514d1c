/**
 * A use case is called without HTTP: the context, the validated input, the viewer and the caller, as a route or a NATS
 * handler calls it (the routes are tested through `app.inject` in this folder's other suites). A vote's logic, from the
 * Redis step to its event, runs here with no request at all.
 */
import { HttpError } from '@meydan/kit';
import { events, validate, type PollCreateBody, type PollCreateInput } from '@meydan/proto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PollsContext } from '../src/context.js';
import type { Caller } from '../src/usecases/caller.js';
import { likePoll } from '../src/usecases/engagement.js';
import { createPoll } from '../src/usecases/poll-creation.js';
import { takeBackMemberVote } from '../src/usecases/vote-changes.js';
import { voteAsMember } from '../src/usecases/votes.js';
import { collect, newUserId, startPolls, validPoll, type PollsTestService } from './support.js';

const member = (userId: string) => ({ userId, role: 'member' as const });
/** A create body as the schema leaves it validated (its defaults filled in). */
const body = (over: Partial<PollCreateInput> = {}) => ({ type: 'public', ...validPoll(over) }) as PollCreateBody;
const visitor = { userId: null, role: null, visitorId: 'uc-visitor' };

/** What a use case is refused with: the status and error code a route would answer. */
async function refusal(pending: Promise<unknown>): Promise<string> {
  const err = await pending.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return `${(err as HttpError).statusCode} ${(err as HttpError).code}`;
}

describe('polls use cases without HTTP', () => {
  let svc: PollsTestService;
  let ctx: PollsContext;
  let caller: (id: string) => Caller;
  let heard: ReturnType<typeof collect>;

  beforeAll(async () => {
    svc = await startPolls();
    ctx = svc.app.polls;
    caller = (id) => ({ id, log: ctx.log });
    heard = collect(svc.deps.nats, 'events.polls.>');
    await heard.flush();
  });
  afterAll(async () => {
    heard?.stop();
    await svc?.close();
  });

  const heardOf = (subject: string, match: Record<string, unknown>) =>
    heard.received.filter(
      (e) =>
        e.subject === subject && Object.entries(match).every(([k, v]) => (e.data as Record<string, unknown>)[k] === v),
    );

  it('createPoll stores and announces the poll; voteAsMember counts a ballot once and announces it as proto says', async () => {
    const creatorId = newUserId();
    const poll = await createPoll(ctx, body({ allowVoteChange: true }), member(creatorId), caller('uc-create'));
    expect(poll).toMatchObject({ creatorId, totalVotes: 0, hasVoted: false });
    await vi.waitFor(() => expect(heardOf(events.polls.pollCreated, { pollId: poll.id })).toHaveLength(1));

    const voterId = newUserId();
    expect(await refusal(voteAsMember(ctx, poll.id, visitor, { optionIndex: 0 }, caller('uc-visitor')))).toBe(
      '401 unauthorized',
    );
    const result = await voteAsMember(ctx, poll.id, member(voterId), { optionIndex: 1 }, caller('uc-vote'));
    expect(result).toMatchObject({ pollId: poll.id, hasVoted: true, userChoice: 1, totalVotes: 1 });
    expect(validate('meydan/vote-result', result).ok).toBe(true);
    expect(await refusal(voteAsMember(ctx, poll.id, member(voterId), { optionIndex: 0 }, caller('uc-again')))).toBe(
      '409 already_voted',
    );
    await vi.waitFor(() => {
      const cast = heardOf(events.polls.voteCast, { pollId: poll.id });
      // The refused second vote publishes the counted one again under its message id: JetStream keeps one.
      expect(cast.length).toBeGreaterThanOrEqual(1);
      for (const event of cast) expect(validate('meydan/event-vote-cast', event.data).ok).toBe(true);
    });

    const back = await takeBackMemberVote(ctx, poll.id, member(voterId), caller('uc-take-back'));
    expect(back).toMatchObject({ pollId: poll.id, hasVoted: false, totalVotes: 0 });
    await vi.waitFor(() => expect(heardOf(events.polls.voteChanged, { pollId: poll.id })).toHaveLength(1));
  });

  it('a poll that does not exist, or that the viewer may not see, is refused as not found', async () => {
    expect(
      await refusal(voteAsMember(ctx, newUserId(), member(newUserId()), { optionIndex: 0 }, caller('uc-missing'))),
    ).toBe('404 not_found');
    const creatorId = newUserId();
    const friends = await createPoll(ctx, body({ type: 'friends' }), member(creatorId), caller('uc-friends'));
    expect(await refusal(likePoll(ctx, friends.id, visitor, caller('uc-like-visitor')))).toBe('404 not_found');
  });

  it('likePoll likes and takes the like back, each change told to the creator', async () => {
    const poll = await createPoll(ctx, body(), member(newUserId()), caller('uc-create-2'));
    const likerId = newUserId();
    expect(await likePoll(ctx, poll.id, member(likerId), caller('uc-like'))).toEqual({
      pollId: poll.id,
      liked: true,
      likesCount: 1,
    });
    expect(await likePoll(ctx, poll.id, member(likerId), caller('uc-unlike'))).toEqual({
      pollId: poll.id,
      liked: false,
      likesCount: 0,
    });
    await vi.waitFor(() => {
      const liked = heardOf(events.polls.pollLiked, { pollId: poll.id });
      expect(liked.map((e) => (e.data as { liked: boolean }).liked)).toEqual([true, false]);
      for (const event of liked) expect(validate('meydan/event-poll-liked', event.data).ok).toBe(true);
    });
  });
});
