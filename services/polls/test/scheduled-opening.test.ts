/**
 * Scheduled opening (issue 41, 4): a poll created with `startsAt` is shown as upcoming, takes no vote before it (409,
 * nothing counted in Redis or MongoDB), stays editable by its creator until then, opens at that time and announces its
 * opening once, with the members who asked to be told, however many instances run. Until then its link preview card
 * and its oEmbed say 'Yakında' with the opening time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, openingTime, pollMessages as M, pollServiceMessages as S, validate } from '@meydan/proto';
import { asMember, asVisitor } from '@meydan/testing';
import { PollCards } from '../src/usecases/previews.js';
import { Types } from 'mongoose';
import {
  asShareVisitor,
  collect,
  createPoll,
  newUserId,
  startPolls,
  until,
  validPoll,
  vote,
  type PollsTestService,
} from './support.js';

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('scheduled opening', () => {
  let svc: PollsTestService;
  let second: PollsTestService | undefined;
  const alice = newUserId();
  const bob = newUserId();
  const carol = newUserId();

  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await second?.close();
    await svc?.close();
  });

  const create = (body: Record<string, unknown>, userId = alice) =>
    svc.app.inject({ method: 'POST', url: '/api/polls', headers: asMember(userId), payload: validPoll(body as never) });
  const reminder = (method: 'POST' | 'DELETE', pollId: string, userId: string) =>
    svc.app.inject({ method, url: `/api/polls/${pollId}/opening-reminder`, headers: asMember(userId) });
  const counters = (pollId: string) => svc.app.polls.redis.hgetall(`poll:{${pollId}}:c`);
  const storedVotes = (pollId: string) => svc.app.polls.models.Vote.countDocuments({ pollId });

  it('refuses a start in the past, at or after the end, or not a date: Turkish 400, nothing stored', async () => {
    const user = newUserId();
    const sameTime = inMs(7_200_000);
    const cases: [Record<string, unknown>, string][] = [
      [{ startsAt: inMs(-60_000) }, M.startsPast],
      [{ startsAt: inMs(3_600_000), expiresAt: inMs(1_800_000) }, M.startsAfterEnd],
      [{ startsAt: sameTime, expiresAt: sameTime }, M.startsAfterEnd],
      [{ startsAt: 'yarın akşam' }, M.startsAt],
      [{ startsAt: 12 }, M.startsAt],
      [{ startsAt: inMs(40 * 24 * 3_600_000) }, M.startsTooLate],
    ];
    for (const [body, message] of cases) {
      const res = await create(body, user);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toBe(message);
    }
    expect(await svc.app.polls.models.Poll.countDocuments({ creatorId: user })).toBe(0);
  });

  it('shows an upcoming poll with its opening and counts the duration from it', async () => {
    const startsAt = inMs(3_600_000);
    const res = await create({ startsAt, durationHours: 6 });
    expect(res.statusCode, res.body).toBe(201);
    const poll = res.json();
    expect(poll.startsAt).toBe(startsAt);
    expect(new Date(poll.expiresAt).getTime()).toBe(new Date(startsAt).getTime() + 6 * 3_600_000);
    expect(validate('meydan/poll', poll).ok).toBe(true);
    const read = await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(bob) });
    expect(read.json()).toMatchObject({ startsAt, remindOnOpening: false, hasVoted: false });
    // A poll without one says nothing of an opening.
    expect((await createPoll(svc.app, alice)).startsAt).toBeUndefined();
  });

  it('refuses a vote, a share-link vote and a vote change before the opening (409), counting nothing', async () => {
    const startsAt = inMs(3_600_000);
    const poll = (await create({ startsAt, allowVoteChange: true })).json();
    const shared = (
      await svc.app.inject({
        method: 'POST',
        url: '/api/polls/shareable',
        headers: asMember(alice),
        payload: validPoll({ startsAt }),
      })
    ).json().poll;

    const refusals = [
      await vote(svc.app, poll.id, bob, 0),
      await svc.app.inject({
        method: 'POST',
        url: `/api/polls/${poll.id}/vote`,
        headers: asMember(carol),
        payload: { optionIndexes: [1] },
      }),
      await svc.app.inject({
        method: 'PUT',
        url: `/api/polls/${poll.id}/vote`,
        headers: asMember(bob),
        payload: { optionIndex: 1 },
      }),
      await svc.app.inject({ method: 'DELETE', url: `/api/polls/${poll.id}/vote`, headers: asMember(bob) }),
      await svc.app.inject({
        method: 'POST',
        url: `/api/s/${shared.shortUrl}/vote`,
        headers: asShareVisitor('visitor-early'),
        payload: { optionIndex: 0 },
      }),
      await svc.app.inject({
        method: 'POST',
        url: `/api/s/${shared.shortUrl}/vote`,
        headers: asMember(bob),
        payload: { optionIndex: 1 },
      }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ error: 'poll_not_open', message: S.pollNotOpen });
    }
    for (const id of [poll.id, shared.id]) {
      expect(await counters(id)).toMatchObject({ t: '0', '0': '0', '1': '0' });
      expect(await svc.app.polls.redis.hlen(`poll:{${id}}:v`)).toBe(0);
      expect(await storedVotes(id)).toBe(0);
    }
    const read = (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(bob) })).json();
    expect(read).toMatchObject({ totalVotes: 0, hasVoted: false });
  });

  it('lets the creator edit it until it opens, past the first minute; after the opening the first minute rules', async () => {
    const poll = (await create({ startsAt: inMs(3_600_000) })).json();
    const { Poll } = svc.app.polls.models;
    // createdAt is immutable to mongoose: written past it, as an old poll's would be.
    await Poll.collection.updateOne(
      { _id: new Types.ObjectId(poll.id) },
      { $set: { createdAt: new Date(Date.now() - 10 * 60_000) } },
    );
    await svc.app.polls.polls.forgetDoc(poll.id);
    const edit = (title: string) =>
      svc.app.inject({ method: 'PATCH', url: `/api/polls/${poll.id}`, headers: asMember(alice), payload: { title } });
    const edited = await edit('Yarın hangisi?');
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Yarın hangisi?', editedAt: expect.any(String) });
    // Its opening cannot be moved by an edit.
    // Its options too, before it opens: the counters and the vote path's facts follow.
    const patch = (payload: Record<string, unknown>, pollId = poll.id) =>
      svc.app.inject({ method: 'PATCH', url: `/api/polls/${pollId}`, headers: asMember(alice), payload });
    const reshaped = await patch({ options: ['Kedi', 'Köpek', 'Kuş'] });
    expect(reshaped.statusCode, reshaped.body).toBe(200);
    expect(reshaped.json().options.map((o: { text: string }) => o.text)).toEqual(['Kedi', 'Köpek', 'Kuş']);
    expect(await counters(poll.id)).toMatchObject({ t: '0', '0': '0', '1': '0', '2': '0' });
    expect((await svc.app.polls.polls.meta(poll.id))?.optionsCount).toBe(3);
    const fewer = await patch({ options: ['Kedi', 'Kuş'] });
    expect(fewer.statusCode, fewer.body).toBe(200);
    expect(await counters(poll.id)).not.toHaveProperty('2');
    expect((await svc.app.polls.polls.meta(poll.id))?.optionsCount).toBe(2);
    // Never fewer than one ballot may mark; and a poll open from its creation keeps its options.
    const multi = (await create({ startsAt: inMs(3_600_000), options: ['A', 'B', 'C'], maxChoices: 3 })).json();
    const under = await patch({ options: ['A', 'B'] }, multi.id);
    expect(under.statusCode).toBe(400);
    expect(under.json().message).toBe(M.maxChoicesOverOptions);
    const plain = await createPoll(svc.app, alice);
    const locked = await patch({ options: ['Bir', 'İki'] }, plain.id);
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toMatchObject({ error: 'validation', message: S.editLocked });

    const moved = await svc.app.inject({
      method: 'PATCH',
      url: `/api/polls/${poll.id}`,
      headers: asMember(alice),
      payload: { startsAt: inMs(60_000) },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(S.editLocked);

    await Poll.updateOne({ _id: poll.id }, { $set: { startsAt: new Date(Date.now() - 1000) } });
    await svc.app.polls.polls.forgetDoc(poll.id);
    const late = await edit('Bugün hangisi?');
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ error: 'edit_window_over', message: S.editWindowOver });
    const lateOptions = await patch({ options: ['Kedi', 'Köpek'] });
    expect(lateOptions.statusCode).toBe(403);
    expect(lateOptions.json().error).toBe('edit_window_over');
    expect((await Poll.findById(poll.id).lean())?.options).toEqual(['Kedi', 'Kuş']);
  });

  it('keeps reminders idempotent, refuses them once open, and opens on time announcing it once on two instances', async () => {
    // Another instance of the same deployment (its database, its Redis): both run the opening job.
    second = await startPolls({ MONGO_DB: svc.deps.config.MONGO_DB } as never);
    const opened = collect(svc.deps.nats, events.polls.pollOpened);
    const poll = (await create({ startsAt: inMs(2_500) })).json();

    expect((await reminder('POST', poll.id, bob)).json()).toEqual({ pollId: poll.id, reminded: true });
    expect((await reminder('POST', poll.id, bob)).json()).toEqual({ pollId: poll.id, reminded: true });
    expect((await reminder('POST', poll.id, carol)).statusCode).toBe(200);
    expect((await reminder('DELETE', poll.id, carol)).json()).toEqual({ pollId: poll.id, reminded: false });
    expect((await reminder('DELETE', poll.id, carol)).statusCode).toBe(200);
    const anon = await svc.app.inject({ method: 'POST', url: `/api/polls/${poll.id}/opening-reminder` });
    expect(anon.statusCode).toBe(401);
    expect(await svc.app.polls.models.OpeningReminder.countDocuments({ pollId: poll.id })).toBe(1);
    const read = await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(bob) });
    expect(read.json().remindOnOpening).toBe(true);

    // The other instance knows the poll's facts; an edit of its options through this one reaches them by its event.
    expect((await second.app.polls.polls.meta(poll.id))?.optionsCount).toBe(2);
    const edited = collect(svc.deps.nats, events.polls.pollEdited);
    const options = ['Kedi', 'Köpek', 'Kuş'];
    const reshaped = await svc.app.inject({
      method: 'PATCH',
      url: `/api/polls/${poll.id}`,
      headers: asMember(alice),
      payload: { options },
    });
    expect(reshaped.statusCode, reshaped.body).toBe(200);
    await until(async () => (await second!.app.polls.polls.meta(poll.id))?.optionsCount === 3, 5_000, 'facts anew');
    await until(() => edited.received.some((m) => m.data['pollId'] === poll.id), 5_000, 'the edited event');
    expect(edited.received.find((m) => m.data['pollId'] === poll.id)!.data).toMatchObject({
      options,
      previousOptions: ['Kedi', 'Köpek'],
    });
    edited.stop();

    // Votes go through from the opening on, on either instance.
    await until(async () => (await vote(svc.app, poll.id, bob, 1)).statusCode === 200, 15_000, 'the poll opened');
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(poll.startsAt).getTime());
    expect((await vote(second.app, poll.id, carol, 2)).statusCode).toBe(200);
    await until(() => opened.received.some((m) => m.data['pollId'] === poll.id), 5_000, 'the opened event');
    await until(async () => (await storedVotes(poll.id)) === 2, 10_000, 'both votes stored');

    // Both instances' jobs have swept past the opening by now: the event went once.
    await until(
      async () => (await svc.app.polls.models.Poll.findById(poll.id).lean())?.openedAt != null,
      5_000,
      'openedAt stored',
    );
    await opened.flush();
    const mine = opened.received.filter((m) => m.data['pollId'] === poll.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.data).toMatchObject({ creatorId: alice, title: poll.title, remindUserIds: [bob], part: 0 });
    expect(validate('meydan/event-poll-opened', mine[0]!.data).ok).toBe(true);
    opened.stop();

    const tooLate = await reminder('POST', poll.id, carol);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toMatchObject({ error: 'poll_opened', message: S.reminderAfterOpening });
    const after = (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(bob) })).json();
    expect(after.remindOnOpening).toBeUndefined();
    expect(after.totalVotes).toBe(2);
    expect(after.options.map((o: { votes: number }) => o.votes)).toEqual([0, 1, 1]);
  }, 60_000);

  it('keeps the opening when Redis loses what it held: facts and schedule rebuilt from MongoDB', async () => {
    const startsAt = inMs(3_600_000);
    const poll = (await create({ startsAt })).json();
    const ctx = svc.app.polls;
    await ctx.redis.del(`poll:{${poll.id}}:m`, `poll:{${poll.id}}:d`, `poll:{${poll.id}}:c`);
    await ctx.polls.forgetMeta(poll.id);
    await ctx.polls.forgetDoc(poll.id);
    const read = (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(bob) })).json();
    expect(read.startsAt).toBe(startsAt);
    const res = await vote(svc.app, poll.id, bob, 0);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('poll_not_open');
    expect((await ctx.polls.meta(poll.id))?.startsAt?.toISOString()).toBe(startsAt);

    const key = `openings:${svc.deps.config.MONGO_DB}`;
    await ctx.redis.del(key);
    expect(await ctx.openings.restore()).toBeGreaterThanOrEqual(1);
    expect(Number(await ctx.redis.zscore(key, poll.id))).toBe(new Date(startsAt).getTime());
  });

  it('says ‘Yakında’ with the opening time on the link preview card and oEmbed until the opening, then no more', async () => {
    const startsAt = inMs(1_500);
    const made = await create({ title: 'Açılışı yakın anket', startsAt, resultsVisibility: 'always' });
    expect(made.statusCode, made.body).toBe(201);
    const pollId = made.json().id as string;
    const preview = async () =>
      (await svc.app.inject({ url: `/api/polls/${pollId}/preview`, headers: asVisitor() })).json().poll;
    const drawn: string[] = [];
    const card = async () => {
      const render = async (svg: string) => {
        drawn.push(svg);
        return Buffer.from(svg);
      };
      const cards = new PollCards({ atOnce: 1, waiting: 1, render });
      await cards.png(svc.app.polls, { pollId });
      return drawn.at(-1)!;
    };
    const origin = svc.app.polls.config.PUBLIC_ORIGIN!.replace(/\/+$/, '');
    const oembedTitle = async () =>
      (
        await svc.app.inject({
          url: `/api/oembed?url=${encodeURIComponent(`${origin}/anket/${pollId}`)}&format=json`,
          headers: asVisitor(),
        })
      ).json().title as string;

    const upcoming = await preview();
    expect(upcoming.startsAt).toBe(new Date(startsAt).toISOString());
    expect(validate('meydan/nats-poll-preview-reply', { status: 'visible', poll: upcoming }).ok).toBe(true);
    const line = `Yakında · oylama ${openingTime(startsAt)} tarihinde açılacak`;
    expect(line).toMatch(/^Yakında · oylama \d{1,2} \S+ \d{4} \d{2}:\d{2} tarihinde açılacak$/);
    const before = await card();
    expect(before).toContain(line);
    expect(before).not.toContain('%');
    expect(await oembedTitle()).toBe(`Açılışı yakın anket (${line})`);
    const png = await svc.app.inject({ url: `/api/polls/${pollId}/card.png`, headers: asVisitor() });
    expect([png.statusCode, png.headers['content-type']]).toEqual([200, 'image/png']);

    // Opened: the preview, its card and oEmbed speak of it as of any poll, its counts shown.
    await until(async () => (await preview()).startsAt === undefined, 10_000, 'the opening');
    expect((await vote(svc.app, pollId, bob, 0)).statusCode).toBe(200);
    const after = await card();
    expect(after).not.toContain('Yakında');
    expect(after).toContain('%100');
    expect(await oembedTitle()).toBe('Açılışı yakın anket');
  });
});
