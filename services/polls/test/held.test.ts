/**
 * The word filter's hold in polls (issue 40): a poll or comment caught only by holding entries is stored (201) but
 * shown to its author alone, with `held: true`, until a moderator approves it (`polls.held.decide`, admin's queue
 * asks `polls.held.list`); then everyone sees it. Removed, it is gone. A refusing entry still refuses. An edit a holding
 * entry catches puts the poll back under review; a held poll is not in its creator's poll count. Real polls
 * service on the test servers; admin's `admin.word-filter` answered by a stand-in on the same NATS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSONCodec, type Subscription } from 'nats';
import { events, subjects, wordFilterRefusal, type WordFilterReply } from '@meydan/proto';
import { asMember, asVisitor } from '@meydan/testing';
import { collect, createPoll, newUserId, startPolls, until, validPoll, type PollsTestService } from './support.js';

describe('polls: texts the word filter holds for review', () => {
  let svc: PollsTestService;
  let standIn: Subscription;
  const alice = newUserId();
  const bob = newUserId();
  const moderator = newUserId();
  const codec = JSONCodec<{ ok: true; data: WordFilterReply }>();
  const entries: WordFilterReply['entries'] = [
    { pattern: 'salak', action: 'refuse' },
    { pattern: 'kıro*', action: 'hold' },
  ];

  beforeAll(async () => {
    svc = await startPolls();
    standIn = svc.deps.nats.subscribe(subjects.admin.wordFilter, {
      callback: (_err, msg) => msg.respond(codec.encode({ ok: true, data: { entries } })),
    });
    await svc.deps.nats.flush();
  });
  afterAll(async () => {
    standIn?.unsubscribe();
    await svc?.close();
  });

  const get = (url: string, userId?: string) =>
    svc.app.inject({ url, headers: userId ? asMember(userId) : asVisitor() });
  const post = (url: string, userId: string, payload: object) =>
    svc.app.inject({ method: 'POST', url, headers: asMember(userId), payload });
  const ids = (res: { json(): { polls: { id: string }[] } }) => res.json().polls.map((p) => p.id);
  const decide = (kind: 'poll' | 'comment', id: string, decision: 'approve' | 'remove') =>
    svc.deps.bus.request(subjects.polls.heldDecide, { kind, id, decision, by: moderator });
  const heldIds = async () => (await svc.deps.bus.request(subjects.polls.heldList, {})).items.map((i) => i.id);
  /** Neither another member nor a visitor finds the poll: by id, in the new and trending feeds, by a word of its title. */
  const expectFoundNowhere = async (id: string, word: string) => {
    for (const viewer of [bob, undefined]) {
      expect((await get(`/api/polls/${id}`, viewer)).statusCode).toBe(404);
      expect(ids(await get('/api/polls?feed=new', viewer))).not.toContain(id);
      expect(ids(await get('/api/polls?feed=trending', viewer))).not.toContain(id);
      expect(ids(await get(`/api/search?q=${encodeURIComponent(word)}`, viewer))).not.toContain(id);
    }
  };

  it('holds a poll: 201 and its creator sees it held; others and visitors find it nowhere; approved, everyone does', async () => {
    const created = await post(
      '/api/polls',
      alice,
      validPoll({ title: 'Kıroların en sevdiği renk?', description: '#renkler' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ held: true });
    const id = created.json().id as string;
    const announced = collect(svc.deps.nats, events.polls.pollCreated);
    await announced.flush();

    expect((await get(`/api/polls/${id}`, alice)).json()).toMatchObject({ id, held: true });
    expect((await get('/api/users/me/polls', alice)).json()).toMatchObject([{ id, held: true }]);
    await expectFoundNowhere(id, 'Kıroların');
    // Others cannot vote, like or comment on it.
    expect((await post(`/api/polls/${id}/vote`, bob, { optionIndex: 0 })).statusCode).toBe(404);
    expect((await post(`/api/polls/${id}/like`, bob, {})).statusCode).toBe(404);
    expect((await post(`/api/polls/${id}/comments`, bob, { text: 'Merhaba' })).statusCode).toBe(404);
    expect(await heldIds()).toContain(id);

    expect(await decide('poll', id, 'approve')).toEqual({ found: true });
    await until(
      () => announced.received.some((e) => (e.data as { pollId: string }).pollId === id),
      5_000,
      'the approved poll announced',
    );
    announced.stop();
    const seen = await get(`/api/polls/${id}`, bob);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().held).toBeUndefined();
    expect((await get(`/api/polls/${id}`, alice)).json().held).toBeUndefined();
    await until(
      async () => ids(await get('/api/polls?feed=new')).includes(id),
      5_000,
      'the approved poll in the visitors’ feed',
    );
    await until(
      async () => ids(await get('/api/polls?feed=new', bob)).includes(id),
      5_000,
      'the approved poll in a member’s feed',
    );
    expect(ids(await get(`/api/search?q=${encodeURIComponent('Kıroların')}`, bob))).toContain(id);
    expect((await post(`/api/polls/${id}/vote`, bob, { optionIndex: 0 })).statusCode).toBe(200);
    expect(await heldIds()).not.toContain(id);
    // Decided already: nothing is held under that id.
    expect(await decide('poll', id, 'approve')).toEqual({ found: false });
    expect(await decide('poll', id, 'remove')).toEqual({ found: false });
    expect(await svc.app.polls.models.Poll.countDocuments({ _id: id })).toBe(1);
  });

  it('puts a poll back under review when its creator edits in a held word: hidden and uncounted until approved, then listed again, not announced as new', async () => {
    const poll = await createPoll(svc.app, alice);
    const id = poll.id;
    await until(
      async () => ids(await get('/api/polls?feed=new', bob)).includes(id),
      5_000,
      'the new poll in a member’s feed',
    );
    const pollsCount = async () =>
      (await svc.deps.bus.request(subjects.polls.userCounts, { userId: alice })).pollsCount;
    const counted = await pollsCount();
    const created = collect(svc.deps.nats, events.polls.pollCreated);
    const edited = collect<{ pollId: string; title: string }>(svc.deps.nats, events.polls.pollEdited);
    await created.flush();

    const res = await svc.app.inject({
      method: 'PATCH',
      url: `/api/polls/${id}`,
      headers: asMember(alice),
      payload: { title: 'Kıroların sorusu' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, title: 'Kıroların sorusu', held: true });
    await until(
      () => edited.received.some((e) => e.data.pollId === id && e.data.title === 'Kıroların sorusu'),
      5_000,
      'the edit published',
    );
    expect((await get(`/api/polls/${id}`, alice)).json()).toMatchObject({ id, held: true });
    await expectFoundNowhere(id, 'Kıroların');
    // Nor once the timelines are rebuilt from the rank rows (a ban, a flushed Redis): its row is marked held.
    await svc.app.polls.timelines.invalidate();
    await expectFoundNowhere(id, 'Kıroların');
    expect((await post(`/api/polls/${id}/vote`, bob, { optionIndex: 0 })).statusCode).toBe(404);
    expect(await pollsCount()).toBe(counted - 1);
    expect(await heldIds()).toContain(id);

    expect(await decide('poll', id, 'approve')).toEqual({ found: true });
    expect((await get(`/api/polls/${id}`, bob)).json()).toMatchObject({ id, title: 'Kıroların sorusu' });
    expect((await get(`/api/polls/${id}`, alice)).json().held).toBeUndefined();
    await until(
      async () => ids(await get('/api/polls?feed=new', bob)).includes(id),
      5_000,
      'the approved edit in a member’s feed',
    );
    expect(ids(await get('/api/polls?feed=trending', bob))).toContain(id);
    expect(await pollsCount()).toBe(counted);
    expect((await post(`/api/polls/${id}/vote`, bob, { optionIndex: 0 })).statusCode).toBe(200);
    // The approval answered after anything it published: no `poll.created` for a poll announced at its creation.
    await created.flush();
    created.stop();
    edited.stop();
    expect(created.received.filter((e) => (e.data as { pollId: string }).pollId === id)).toEqual([]);
  });

  it('leaves a poll held at its creation out of its creator’s poll count until it is approved', async () => {
    const pollsCount = async () => (await svc.deps.bus.request(subjects.polls.userCounts, { userId: bob })).pollsCount;
    const counted = await pollsCount();
    const res = await post('/api/polls', bob, validPoll({ title: 'Kıro sorusu mu bu?' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await pollsCount()).toBe(counted);
    expect(await decide('poll', res.json().id as string, 'approve')).toEqual({ found: true });
    expect(await pollsCount()).toBe(counted + 1);
  });

  it('removes a held poll a moderator removes: gone for its creator too', async () => {
    const created = await post('/api/polls', alice, validPoll({ options: ['Kıro', 'Değil'] }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(await decide('poll', id, 'remove')).toEqual({ found: true });
    expect((await get(`/api/polls/${id}`, alice)).statusCode).toBe(404);
    expect(await svc.app.polls.models.Poll.countDocuments({ _id: id })).toBe(0);
    expect(await heldIds()).not.toContain(id);
  });

  it('still refuses when a refusing entry matches too, storing nothing', async () => {
    const before = await svc.app.polls.models.Poll.countDocuments({});
    const res = await post('/api/polls', alice, validPoll({ title: 'Kıro mu salak mı?' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(wordFilterRefusal('title'));
    expect(await svc.app.polls.models.Poll.countDocuments({})).toBe(before);
  });

  it('holds a comment: its author sees it held, others do not, nor the count; approved, all do; removed, it is gone', async () => {
    const poll = await createPoll(svc.app, alice);
    const held = await post(`/api/polls/${poll.id}/comments`, bob, { text: 'Tam bir kıro sorusu' });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json()).toMatchObject({ text: 'Tam bir kıro sorusu', held: true });
    const commentId = held.json().id as string;
    const texts = async (userId?: string) => (await get(`/api/polls/${poll.id}/comments`, userId)).json();
    expect((await texts(bob)).comments).toMatchObject([{ id: commentId, held: true }]);
    expect(await texts(alice)).toMatchObject({ comments: [], totalCount: 0 });
    expect((await texts()).comments).toEqual([]);
    expect((await get(`/api/polls/${poll.id}`, alice)).json().commentsCount).toBe(0);
    expect(await heldIds()).toContain(commentId);

    expect(await decide('comment', commentId, 'approve')).toEqual({ found: true });
    const shown = await texts(alice);
    expect(shown.comments).toHaveLength(1);
    expect(shown.comments[0].held).toBeUndefined();
    await until(
      async () => (await get(`/api/polls/${poll.id}`, alice)).json().commentsCount === 1,
      5_000,
      'the comment counted',
    );

    const second = await post(`/api/polls/${poll.id}/comments`, bob, { text: 'Kırolar burada' });
    const secondId = second.json().id as string;
    expect(await decide('comment', secondId, 'remove')).toEqual({ found: true });
    expect(await svc.app.polls.models.Comment.countDocuments({ _id: secondId })).toBe(0);
    expect((await texts(bob)).comments.map((c: { id: string }) => c.id)).toEqual([commentId]);
  });
});
