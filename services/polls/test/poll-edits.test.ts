/**
 * Edits never change an answered question: the text is editable in the first minute only until the first vote (then
 * 409, nothing changed), an edit and a first vote together never both win, and an accepted edit is published
 * (`events.polls.poll.edited`) and shows at once in feeds, search, previews and share pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, pollServiceMessages as S, validate } from '@meydan/proto';
import { asMember, asVisitor, raceGate } from '@meydan/testing';
import { claimEdit } from '../src/counting/edit-claims.js';
import { keys } from '../src/store/keys.js';
import {
  asShareVisitor,
  collect,
  createPoll,
  newUserId,
  startPolls,
  until,
  vote,
  type PollsTestService,
} from './support.js';

describe('editing a poll before its first vote', () => {
  let svc: PollsTestService;
  const alice = newUserId();
  const bob = newUserId();

  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
  });

  const edit = (pollId: string, payload: Record<string, unknown>, userId = alice) =>
    svc.app.inject({ method: 'PATCH', url: `/api/polls/${pollId}`, headers: asMember(userId), payload });
  const read = async (pollId: string) =>
    (await svc.app.inject({ method: 'GET', url: `/api/polls/${pollId}`, headers: asMember(alice) })).json();
  const edited = () => collect(svc.deps.nats, events.polls.pollEdited);

  it('publishes the edit once, marks the poll edited and shows the new text in feeds, search, preview and share page at once', async () => {
    const poll = await createPoll(svc.app, alice, { title: 'Çay mı kahve mi?', description: 'Sabah sorusu' });
    const shared = await createPoll(svc.app, alice, { title: 'Bağlantı sorusu' }, '/api/polls/shareable');
    expect(poll.editedAt ?? null).toBeNull();
    // Every cache holds the old text first.
    const newest = async () =>
      (await svc.app.inject({ method: 'GET', url: '/api/polls?feed=new&limit=20', headers: asVisitor() })).json().polls;
    expect((await newest()).map((p: { title: string }) => p.title)).toContain('Çay mı kahve mi?');
    expect(
      (await svc.app.inject({ method: 'GET', url: `/api/polls/${poll.id}/preview`, headers: asVisitor() })).json().poll
        .title,
    ).toBe('Çay mı kahve mi?');
    expect(
      (await svc.app.inject({ method: 'GET', url: `/api/s/${shared.shortUrl}`, headers: asVisitor() })).json().poll
        .title,
    ).toBe('Bağlantı sorusu');

    const stream = edited();
    const res = await edit(poll.id, { title: 'Kahve mi çay mı? #sabah', description: null });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ title: 'Kahve mi çay mı? #sabah', description: null });
    expect(Date.parse(body.editedAt)).toBeGreaterThanOrEqual(Date.parse(poll.createdAt));

    expect((await newest()).find((p: { id: string }) => p.id === poll.id)).toMatchObject({
      title: 'Kahve mi çay mı? #sabah',
      editedAt: body.editedAt,
    });
    expect((await read(poll.id)).editedAt).toBe(body.editedAt);
    const found = (
      await svc.app.inject({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent('kahve mi cay')}&type=polls`,
        headers: asVisitor(),
      })
    ).json();
    expect(found.polls.map((p: { id: string }) => p.id)).toContain(poll.id);
    expect(
      (await svc.app.inject({ method: 'GET', url: `/api/polls/${poll.id}/preview`, headers: asVisitor() })).json().poll
        .title,
    ).toBe('Kahve mi çay mı? #sabah');

    const sharedEdit = await edit(shared.id, { title: 'Bağlantı sorusu (düzeltildi)' });
    expect(sharedEdit.statusCode, sharedEdit.body).toBe(200);
    expect(
      (await svc.app.inject({ method: 'GET', url: `/api/s/${shared.shortUrl}`, headers: asVisitor() })).json().poll,
    ).toMatchObject({ title: 'Bağlantı sorusu (düzeltildi)', editedAt: sharedEdit.json().editedAt });

    // The same text again changes nothing and publishes nothing.
    const same = await edit(poll.id, { title: 'Kahve mi çay mı? #sabah' });
    expect(same.statusCode).toBe(200);
    expect(same.json().editedAt).toBe(body.editedAt);

    await until(() => stream.received.filter((m) => m.data['pollId'] === shared.id).length === 1);
    await stream.flush();
    const mine = stream.received.filter((m) => m.data['pollId'] === poll.id);
    stream.stop();
    expect(mine).toHaveLength(1);
    expect(validate('meydan/event-poll-edited', mine[0]!.data).ok).toBe(true);
    expect(mine[0]!.data).toMatchObject({
      creatorId: alice,
      type: 'public',
      isShareable: false,
      title: 'Kahve mi çay mı? #sabah',
      description: null,
      previousTitle: 'Çay mı kahve mi?',
      previousDescription: 'Sabah sorusu',
      editedAt: body.editedAt,
    });
  });

  it('refuses an edit after the first vote with 409 and a Turkish message, changing nothing and publishing nothing', async () => {
    const poll = await createPoll(svc.app, alice, { title: 'Oylanmış soru', description: 'İlk hâli' });
    const shared = await createPoll(svc.app, alice, { title: 'Bağlantıdan oylanmış' }, '/api/polls/shareable');
    const stream = edited();
    expect((await vote(svc.app, poll.id, bob, 1)).statusCode).toBe(200);
    const visitorVote = await svc.app.inject({
      method: 'POST',
      url: `/api/s/${shared.shortUrl}/vote`,
      headers: asShareVisitor('ziyaretci-edit'),
      payload: { optionIndex: 0 },
    });
    expect(visitorVote.statusCode, visitorVote.body).toBe(200);

    for (const [id, payload] of [
      [poll.id, { title: 'Sonradan değişmiş soru' }],
      [poll.id, { description: 'Başka açıklama' }],
      [shared.id, { title: 'Sonradan değişmiş bağlantı' }],
    ] as const) {
      const res = await edit(id, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'poll_answered', message: S.editAfterVotes });
    }
    expect(await read(poll.id)).toMatchObject({
      title: 'Oylanmış soru',
      description: 'İlk hâli',
      editedAt: null,
      totalVotes: 1,
    });
    expect(
      (await svc.app.inject({ method: 'GET', url: `/api/s/${shared.shortUrl}`, headers: asVisitor() })).json().poll,
    ).toMatchObject({ title: 'Bağlantıdan oylanmış', editedAt: null });
    const stored = await svc.app.polls.models.Poll.findById(poll.id).lean();
    expect(stored).toMatchObject({ title: 'Oylanmış soru', description: 'İlk hâli', editedAt: null });

    // Redis lost the counters: they are rebuilt from the stored votes before deciding, and still refuse.
    await until(async () => (await svc.app.polls.models.Vote.countDocuments({ pollId: poll.id })) === 1);
    await svc.app.polls.counters.drop(poll.id);
    const afterLoss = await edit(poll.id, { title: 'Sayaçlar gitti' });
    expect(afterLoss.statusCode).toBe(409);
    expect(afterLoss.json().message).toBe(S.editAfterVotes);
    expect((await read(poll.id)).title).toBe('Oylanmış soru');

    await stream.flush();
    expect(stream.received.filter((m) => m.data['pollId'] === poll.id || m.data['pollId'] === shared.id)).toHaveLength(
      0,
    );
    stream.stop();
  });

  it('refuses an edit once a vote was cast, even when it was taken back and the poll counts none', async () => {
    const poll = await createPoll(svc.app, alice, { title: 'Geri çekilen oy', allowVoteChange: true });
    expect((await vote(svc.app, poll.id, bob, 0)).statusCode).toBe(200);
    const back = await svc.app.inject({ method: 'DELETE', url: `/api/polls/${poll.id}/vote`, headers: asMember(bob) });
    expect(back.statusCode, back.body).toBe(200);
    expect((await read(poll.id)).totalVotes).toBe(0);
    const res = await edit(poll.id, { title: 'Boşalınca değişen soru' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'poll_answered', message: S.editAfterVotes });
    // Redis lost the counters: rebuilt from MongoDB (the take-back's sequence with them), the edit is still refused.
    await until(
      async () => (await svc.app.polls.models.VoteSeq.countDocuments({ pollId: poll.id })) === 1,
      10_000,
      'the take-back stored',
    );
    await svc.app.polls.counters.drop(poll.id);
    expect((await edit(poll.id, { title: 'Sayaçlar gidince değişen soru' })).statusCode).toBe(409);
    expect((await read(poll.id)).title).toBe('Geri çekilen oy');
  });

  it('refuses a vote while an edit is being stored, and the edit once a vote was counted', async () => {
    const poll = await createPoll(svc.app, alice, { title: 'Yarış sorusu' });
    const claim = await claimEdit(svc.app.polls, { id: poll.id, optionsCount: 2, expiresAt: null });
    expect(claim.status).toBe('claimed');
    const during = await vote(svc.app, poll.id, bob, 0);
    expect(during.statusCode).toBe(409);
    expect(during.json()).toEqual({ error: 'poll_being_edited', message: S.pollBeingEdited });
    // A second edit meanwhile waits its turn.
    const second = await edit(poll.id, { title: 'İkinci düzenleme' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(S.editInProgress);
    expect((await svc.app.polls.counters.countsOfOne({ id: poll.id, optionsCount: 2, expiresAt: null })).total).toBe(0);
    if (claim.status === 'claimed') await claim.release();
    expect(await svc.deps.redis.hexists(keys.counts(poll.id), 'ed')).toBe(0);

    expect((await vote(svc.app, poll.id, bob, 0)).statusCode).toBe(200);
    const late = await edit(poll.id, { title: 'Geç düzenleme' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('poll_answered');
    expect((await read(poll.id)).title).toBe('Yarış sorusu');
  });

  it('refuses a vote that arrives while an edit is being stored through the route: the edit wins, then votes count', async () => {
    const poll = await createPoll(svc.app, alice, { title: 'Uçuştaki düzenleme' });
    // The edit is held where it publishes its event: its claim is set and its text stored, its answer not yet given.
    const bus = svc.app.polls.bus;
    const publishReliably = bus.publishReliably.bind(bus);
    const gate = raceGate();
    const held = gate.hold();
    bus.publishReliably = (async (subject: string, payload: unknown, options: never) => {
      if (subject === events.polls.pollEdited) await gate.pass();
      return publishReliably(subject as never, payload as never, options);
    }) as typeof bus.publishReliably;
    try {
      const editing = edit(poll.id, { title: 'Uçuştaki düzenleme (yeni)' });
      await held.reached;
      const during = await vote(svc.app, poll.id, bob, 0);
      expect(during.statusCode).toBe(409);
      expect(during.json()).toEqual({ error: 'poll_being_edited', message: S.pollBeingEdited });
      held.release();
      const done = await editing;
      expect(done.statusCode, done.body).toBe(200);
    } finally {
      bus.publishReliably = publishReliably;
    }
    expect(await read(poll.id)).toMatchObject({ title: 'Uçuştaki düzenleme (yeni)', totalVotes: 0 });
    expect((await vote(svc.app, poll.id, bob, 0)).statusCode).toBe(200);
    expect((await edit(poll.id, { title: 'Bir daha' })).json().error).toBe('poll_answered');
  });

  it('never lets an edit and a first vote arriving together both win', async () => {
    const votes = collect(svc.deps.nats, events.polls.voteCast);
    const outcomes: string[] = [];
    for (let round = 0; round < 12; round++) {
      const poll = await createPoll(svc.app, alice, { title: `Aynı anda ${round}` });
      const voter = newUserId();
      const [edited, voted] = await Promise.all([
        edit(poll.id, { title: `Aynı anda düzenlendi ${round}` }),
        vote(svc.app, poll.id, voter, 1),
      ]);
      outcomes.push(`${edited.statusCode}/${voted.statusCode}`);
      const now = await read(poll.id);
      if (edited.statusCode === 200) {
        // The edit won: a vote was either refused while it was stored, or came after it (on the new text).
        expect(voted.statusCode === 409 ? voted.json().error : 'after').toMatch(/^(poll_being_edited|after)$/);
        expect(now.title).toBe(`Aynı anda düzenlendi ${round}`);
        if (voted.statusCode === 200) {
          await until(() => votes.received.some((m) => m.data['pollId'] === poll.id));
          const cast = votes.received.find((m) => m.data['pollId'] === poll.id)!;
          expect(Date.parse(String(cast.data['at']))).toBeGreaterThanOrEqual(Date.parse(now.editedAt));
        }
      } else {
        // The vote won: the question is the one it answered.
        expect(edited.statusCode).toBe(409);
        expect(edited.json().error).toBe('poll_answered');
        expect(voted.statusCode).toBe(200);
        expect(now).toMatchObject({ title: `Aynı anda ${round}`, editedAt: null, totalVotes: 1 });
      }
    }
    votes.stop();
    expect(outcomes).toHaveLength(12);
  });

  it('drops what every replica keeps of a poll edited through another replica when it hears the event', async () => {
    const poll = await createPoll(svc.app, alice, { title: 'Eski metin' }, '/api/polls/shareable');
    const page = async () =>
      (await svc.app.inject({ method: 'GET', url: `/api/s/${poll.shortUrl}`, headers: asVisitor() })).json().poll;
    // This replica keeps the document for a few seconds.
    expect((await page()).title).toBe('Eski metin');
    // Another replica stored the edit and dropped the shared Redis copy; only its event tells this one.
    const editedAt = new Date();
    await svc.app.polls.models.Poll.updateOne({ _id: poll.id }, { $set: { title: 'Yeni metin', editedAt } });
    await svc.deps.redis.del(keys.doc(poll.id));
    expect((await page()).title).toBe('Eski metin');
    await svc.deps.bus.publish(events.polls.pollEdited, {
      pollId: poll.id,
      creatorId: alice,
      title: 'Yeni metin',
      description: null,
      previousTitle: 'Eski metin',
      previousDescription: null,
      editedAt: editedAt.toISOString(),
      at: editedAt.toISOString(),
    });
    // Well inside the 5 s the replica would otherwise keep it.
    await until(async () => (await page()).title === 'Yeni metin', 2_000, 'the edited text on this replica');
    expect((await page()).editedAt).toBe(editedAt.toISOString());
  });
});
