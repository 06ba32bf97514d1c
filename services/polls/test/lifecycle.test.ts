import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events, pollMessages as M, pollServiceMessages as S, subjects, type CanViewRequest } from '@meydan/proto';
import { asMember, asVisitor, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { sweepEndedPolls } from '../src/jobs/ended-polls.js';
import { keys } from '../src/store/keys.js';
import {
  asShareVisitor,
  collect,
  createPoll,
  newUserId,
  startPolls,
  until,
  vote,
  endNow,
  type PollsTestService,
} from './support.js';

describe('a poll’s life: edit, delete, likes, comments, shares, reports, end', () => {
  let svc: PollsTestService;
  const alice = newUserId();
  const bob = newUserId();

  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
  });

  const ctx = () => svc.app.polls;
  const inject = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => svc.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  /** Moves a poll's creation time back (mongoose keeps createdAt immutable, so straight on the collection). */
  const age = (pollId: string, ms: number) =>
    ctx().models.Poll.collection.updateOne(
      { _id: ctx().models.Poll.castObject({ _id: pollId })._id },
      { $set: { createdAt: new Date(Date.now() - ms) } },
    );

  describe('editing within one minute', () => {
    it('lets the creator change title and description, nothing else, and only in the first minute', async () => {
      const poll = await createPoll(svc.app, alice);
      const ok = await inject('PATCH', `/api/polls/${poll.id}`, asMember(alice), {
        title: '  Yeni başlık ',
        description: 'Yeni açıklama',
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({
        id: poll.id,
        title: 'Yeni başlık',
        description: 'Yeni açıklama',
        options: poll.options,
      });

      const locked = await inject('PATCH', `/api/polls/${poll.id}`, asMember(alice), { options: ['X', 'Y'] });
      expect(locked.statusCode).toBe(400);
      expect(locked.json().message).toBe(S.editLocked);
      for (const body of [{ durationHours: 1 }, { expiresAt: null }, { duration: 24 }]) {
        expect((await inject('PATCH', `/api/polls/${poll.id}`, asMember(alice), body)).json().message).toBe(
          S.editLocked,
        );
      }
      expect((await inject('PATCH', `/api/polls/${poll.id}`, asMember(alice), {})).json().message).toBe(S.editNothing);
      expect((await inject('PATCH', `/api/polls/${poll.id}`, asMember(alice), { title: ' ' })).json().message).toBe(
        M.titleRequired,
      );
      expect(
        (await inject('PATCH', `/api/polls/${poll.id}`, asMember(alice), { description: 'd'.repeat(501) })).json()
          .message,
      ).toBe(M.descriptionMax);

      const other = await inject('PATCH', `/api/polls/${poll.id}`, asMember(bob), { title: 'Benim' });
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe(S.editOnlyCreator);
      const visitor = await inject('PATCH', `/api/polls/${poll.id}`, asVisitor(), { title: 'Benim' });
      expect(visitor.statusCode).toBe(401);

      await age(poll.id, 59_000);
      expect(
        (await inject('PATCH', `/api/polls/${poll.id}`, asMember(alice), { description: null })).json().description,
      ).toBeNull();
      await age(poll.id, 61_000);
      const late = await inject('PATCH', `/api/polls/${poll.id}`, asMember(alice), { title: 'Geç kaldım' });
      expect(late.statusCode).toBe(403);
      expect(late.json()).toEqual({ error: 'edit_window_over', message: S.editWindowOver });
      expect((await inject('GET', `/api/polls/${poll.id}`, asMember(alice))).json().title).toBe('Yeni başlık');
    });
  });

  describe('deleting', () => {
    it('is for the creator only and takes votes, likes and comments with it', async () => {
      const poll = await createPoll(svc.app, alice);
      await vote(svc.app, poll.id, bob, 0);
      await vote(svc.app, poll.id, alice, 1);
      await inject('POST', `/api/polls/${poll.id}/like`, asMember(bob));
      await inject('POST', `/api/polls/${poll.id}/comments`, asMember(bob), { text: 'Güzel soru' });
      const { Vote, Like, Comment, Poll } = ctx().models;
      await until(async () => (await Vote.countDocuments({ pollId: poll.id })) === 2);
      expect(await Like.countDocuments({ pollId: poll.id })).toBe(1);
      expect(await Comment.countDocuments({ pollId: poll.id })).toBe(1);

      const notMine = await inject('DELETE', `/api/polls/${poll.id}`, asMember(bob));
      expect(notMine.statusCode).toBe(403);
      expect(notMine.json().message).toBe(S.deleteOnlyCreator);
      expect((await inject('DELETE', `/api/polls/${poll.id}`, asVisitor())).statusCode).toBe(401);

      const stream = collect(svc.deps.nats, events.polls.pollDeleted);
      const res = await inject('DELETE', `/api/polls/${poll.id}`, asMember(alice));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Anket başarıyla silindi' });
      expect(await Poll.exists({ _id: poll.id })).toBeNull();
      expect(await Vote.countDocuments({ pollId: poll.id })).toBe(0);
      expect(await Like.countDocuments({ pollId: poll.id })).toBe(0);
      expect(await Comment.countDocuments({ pollId: poll.id })).toBe(0);
      expect(await svc.deps.redis.exists(keys.counts(poll.id), keys.voters(poll.id), keys.meta(poll.id))).toBe(0);
      expect((await inject('GET', `/api/polls/${poll.id}`, asMember(alice))).statusCode).toBe(404);
      expect((await vote(svc.app, poll.id, newUserId(), 0)).statusCode).toBe(404);
      await until(() => stream.received.length === 1);
      expect(stream.received[0]!.data).toMatchObject({ pollId: poll.id, creatorId: alice, by: alice });
      expect((await inject('DELETE', `/api/polls/${poll.id}`, asMember(alice))).statusCode).toBe(404);
      stream.stop();
    });

    it('follows an administrator’s removal event with the same cascade', async () => {
      const poll = await createPoll(svc.app, alice);
      await vote(svc.app, poll.id, bob, 0);
      await until(async () => (await ctx().models.Vote.countDocuments({ pollId: poll.id })) === 1);
      const stream = collect(svc.deps.nats, events.polls.pollDeleted);
      await svc.deps.bus.publish(events.admin.pollRemoved, {
        pollId: poll.id,
        by: 'admin-1',
        at: new Date().toISOString(),
      });
      await until(() => stream.received.some((m) => m.data['pollId'] === poll.id), 10_000, 'poll deleted event');
      expect(stream.received.find((m) => m.data['pollId'] === poll.id)!.data).toMatchObject({
        creatorId: alice,
        by: 'admin-1',
      });
      expect(await ctx().models.Poll.exists({ _id: poll.id })).toBeNull();
      expect(await ctx().models.Vote.countDocuments({ pollId: poll.id })).toBe(0);
      stream.stop();
    });
  });

  describe('likes', () => {
    it('toggle per member, count, show on the poll and publish an event; visitors must sign in', async () => {
      const poll = await createPoll(svc.app, alice);
      const stream = collect(svc.deps.nats, events.polls.pollLiked);
      const like = await inject('POST', `/api/polls/${poll.id}/like`, asMember(bob));
      expect(like.json()).toEqual({ pollId: poll.id, liked: true, likesCount: 1 });
      expect((await inject('POST', `/api/polls/${poll.id}/like`, asMember(alice))).json()).toEqual({
        pollId: poll.id,
        liked: true,
        likesCount: 2,
      });
      expect((await inject('GET', `/api/polls/${poll.id}`, asMember(bob))).json()).toMatchObject({
        isLiked: true,
        likesCount: 2,
      });
      const unlike = await inject('POST', `/api/polls/${poll.id}/like`, asMember(bob));
      expect(unlike.json()).toEqual({ pollId: poll.id, liked: false, likesCount: 1 });
      expect((await inject('GET', `/api/polls/${poll.id}`, asMember(bob))).json()).toMatchObject({
        isLiked: false,
        likesCount: 1,
      });
      const visitor = await inject('POST', `/api/polls/${poll.id}/like`, asVisitor());
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().message).toBe(S.signInToLike);
      await until(() => stream.received.length === 3);
      expect(stream.received.map((m) => [m.data['userId'], m.data['liked']])).toEqual([
        [bob, true],
        [alice, true],
        [bob, false],
      ]);
      expect(stream.received[0]!.data).toMatchObject({ pollId: poll.id, creatorId: alice });
      stream.stop();
    });

    it('counts likes exactly when many arrive at once, while votes are being persisted', async () => {
      const poll = await createPoll(svc.app, alice);
      const likers = Array.from({ length: 30 }, () => newUserId());
      // The edit goes first (a poll's text is frozen from its first vote), the votes right after it, the likes throughout.
      await Promise.all([
        ...likers.map((u) => inject('POST', `/api/polls/${poll.id}/like`, asMember(u))),
        inject('PATCH', `/api/polls/${poll.id}`, asMember(alice), { title: 'Düzeltilmiş başlık' }).then((edit) => {
          expect(edit.statusCode, edit.body).toBe(200);
          return Promise.all(likers.map((u) => vote(svc.app, poll.id, u, 0)));
        }),
      ]);
      await until(async () => (await ctx().models.Vote.countDocuments({ pollId: poll.id })) === 30);
      await vi.waitFor(
        async () =>
          expect((await inject('GET', `/api/polls/${poll.id}`, asVisitor())).json()).toMatchObject({
            likesCount: 30,
            totalVotes: 30,
            title: 'Düzeltilmiş başlık',
          }),
        { timeout: 5000, interval: 50 },
      );
    });
  });

  describe('comments', () => {
    it('are created up to 500 characters, listed newest first page by page, and deleted by their author only', async () => {
      const poll = await createPoll(svc.app, alice);
      const url = `/api/polls/${poll.id}/comments`;
      const stream = collect(svc.deps.nats, events.polls.commentCreated);
      expect((await inject('POST', url, asMember(bob), { text: '   ' })).json().message).toBe(M.commentRequired);
      expect((await inject('POST', url, asMember(bob), {})).json().message).toBe(M.commentRequired);
      expect((await inject('POST', url, asMember(bob), { text: 'y'.repeat(501) })).json().message).toBe(M.commentMax);
      const visitor = await inject('POST', url, asVisitor(), { text: 'merhaba' });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().message).toBe(S.signInToComment);

      const made = [];
      for (let i = 0; i < 5; i++) {
        const res = await inject('POST', url, asMember(i % 2 ? alice : bob), {
          text: i === 4 ? 'y'.repeat(500) : ` yorum ${i} `,
        });
        expect(res.statusCode).toBe(201);
        made.push(res.json());
      }
      expect(made[0]).toMatchObject({ pollId: poll.id, text: 'yorum 0', author: { id: bob } });
      expect((await inject('GET', `/api/polls/${poll.id}`, asVisitor())).json().commentsCount).toBe(5);

      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await inject('GET', `${url}?limit=2${cursor ? `&cursor=${cursor}` : ''}`, asVisitor());
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.totalCount).toBe(5);
        expect(body.comments.length).toBeLessThanOrEqual(2);
        seen.push(...body.comments.map((c: { id: string }) => c.id));
        cursor = body.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual(made.map((c) => c.id).reverse());
      expect((await inject('GET', `${url}?cursor=garbage`, asVisitor())).json().message).toBe(S.cursorInvalid);

      const notMine = await inject('DELETE', `${url}/${made[0].id}`, asMember(alice));
      expect(notMine.statusCode).toBe(403);
      expect(notMine.json().message).toBe(S.commentOnlyOwn);
      const mine = await inject('DELETE', `${url}/${made[0].id}`, asMember(bob));
      expect(mine.json()).toEqual({ message: S.commentDeleted });
      expect((await inject('DELETE', `${url}/${made[0].id}`, asMember(bob))).statusCode).toBe(404);
      expect((await inject('GET', url, asVisitor())).json().totalCount).toBe(4);
      expect((await inject('GET', `/api/polls/${poll.id}`, asVisitor())).json().commentsCount).toBe(4);

      await until(() => stream.received.length === 5);
      expect(stream.received[0]!.data).toMatchObject({
        pollId: poll.id,
        creatorId: alice,
        userId: bob,
        text: 'yorum 0',
        commentId: made[0].id,
      });
      stream.stop();
    });
  });

  describe('shares and reports', () => {
    it('counts shares by id and through the share link', async () => {
      const poll = await createPoll(svc.app, alice);
      expect((await inject('POST', `/api/polls/${poll.id}/share`, asShareVisitor(newUserId()))).json()).toEqual({
        pollId: poll.id,
        shareCount: 1,
      });
      expect((await inject('POST', `/api/polls/${poll.id}/share`, asMember(bob))).json()).toEqual({
        pollId: poll.id,
        shareCount: 2,
      });
      expect((await inject('GET', `/api/polls/${poll.id}`, asVisitor())).json().shareCount).toBe(2);
      const linked = await createPoll(svc.app, alice, {}, '/api/polls/shareable');
      expect((await inject('POST', `/api/s/${linked.shortUrl}/share`, asShareVisitor(newUserId()))).json()).toEqual({
        pollId: linked.id,
        shareCount: 1,
      });
      expect((await inject('POST', '/api/s/NOPE123456/share', asShareVisitor(newUserId()))).statusCode).toBe(404);
    });

    it('takes a report from a member and hands it to the admin service as an event', async () => {
      const poll = await createPoll(svc.app, alice);
      const url = `/api/polls/${poll.id}/report`;
      const stream = collect(svc.deps.nats, events.polls.pollReported);
      expect((await inject('POST', url, asMember(bob), { reason: ' ' })).json().message).toBe(M.reportReasonRequired);
      expect((await inject('POST', url, asMember(bob), { reason: 'r'.repeat(101) })).json().message).toBe(
        M.reportReasonMax,
      );
      expect(
        (await inject('POST', url, asMember(bob), { reason: 'spam', description: 'd'.repeat(501) })).json().message,
      ).toBe(M.reportDescriptionMax);
      const visitor = await inject('POST', url, asVisitor(), { reason: 'spam' });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().message).toBe(S.signInToReport);
      const res = await inject('POST', url, asMember(bob), { reason: 'Spam', description: 'Reklam yapıyor' });
      expect(res.statusCode).toBe(201);
      const { reportId, message } = res.json();
      expect(message).toBe(S.reportReceived);
      await until(() => stream.received.length === 1);
      expect(stream.received[0]!.data).toMatchObject({
        reportId,
        pollId: poll.id,
        reporterId: bob,
        reason: 'Spam',
        description: 'Reklam yapıyor',
      });
      stream.stop();
    });
  });

  describe('ending', () => {
    it('publishes one ended event per expired poll with its result, however many sweeps run', async () => {
      const poll = await createPoll(svc.app, alice, { options: ['A', 'B', 'C'] });
      const open = await createPoll(svc.app, alice, { duration: 0 });
      await vote(svc.app, poll.id, bob, 1);
      await vote(svc.app, poll.id, alice, 1);
      await vote(svc.app, poll.id, newUserId(), 2);
      await endNow(svc.app, poll.id);
      const stream = collect(svc.deps.nats, events.polls.pollEnded);
      const counts = await Promise.all([sweepEndedPolls(ctx()), sweepEndedPolls(ctx()), sweepEndedPolls(ctx())]);
      await sweepEndedPolls(ctx());
      expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      // Each sweep awaited its publish; a round trip to the server delivers whatever it routed to the collector.
      await stream.flush();
      const mine = stream.received.filter((m) => m.data['pollId'] === poll.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.data).toMatchObject({
        creatorId: alice,
        title: poll.title,
        voteCounts: [0, 2, 1],
        totalVotes: 3,
        winnerIndexes: [1],
      });
      expect(stream.received.some((m) => m.data['pollId'] === open.id)).toBe(false);
      stream.stop();
      // Never listed once expired.
      const list = (await inject('GET', '/api/polls?feed=new&limit=100', asMember(alice))).json();
      expect(list.polls.map((p: { id: string }) => p.id)).not.toContain(poll.id);
    });
  });

  describe('profile lists and NATS answers', () => {
    // Others' reads of a member's list ask auth whether the profile is public (these ids are unknown to it: public).
    let auth: TestService;
    beforeAll(async () => {
      auth = await startTestService('auth', buildAuth);
    });
    afterAll(async () => {
      await auth?.close();
    });

    it('lists a member’s polls (with share links for the owner) and their votes for the owner only', async () => {
      const carol = newUserId();
      const normal = await createPoll(svc.app, carol, { title: 'Normal' });
      const linked = await createPoll(svc.app, carol, { title: 'Linkli' }, '/api/polls/shareable');
      const priv = await createPoll(svc.app, carol, { title: 'Özel', type: 'private' });
      const ended = await createPoll(svc.app, carol, { title: 'Bitti' });
      await endNow(svc.app, ended.id);

      const own = (await inject('GET', `/api/users/${carol}/polls`, asMember(carol))).json();
      expect(own.map((p: { title: string }) => p.title)).toEqual(['Bitti', 'Özel', 'Linkli', 'Normal']);
      expect(own.find((p: { id: string }) => p.id === linked.id)).toMatchObject({
        isShareable: true,
        shortUrl: linked.shortUrl,
      });
      const byMember = (await inject('GET', `/api/users/${carol}/polls`, asMember(bob))).json();
      expect(byMember.map((p: { id: string }) => p.id)).toEqual([priv.id, normal.id]);
      const byVisitor = (await inject('GET', `/api/users/${carol}/polls`, asVisitor())).json();
      expect(byVisitor.map((p: { id: string }) => p.id)).toEqual([normal.id]);

      await vote(svc.app, normal.id, carol, 1);
      await svc.app.inject({
        method: 'POST',
        url: `/api/s/${linked.shortUrl}/vote`,
        headers: asMember(carol),
        payload: { optionIndex: 0 },
      });
      await until(async () => (await ctx().models.Vote.countDocuments({ userId: carol })) === 2);
      const votes = await inject('GET', `/api/users/${carol}/votes`, asMember(carol));
      expect(votes.statusCode).toBe(200);
      expect(votes.json()).toHaveLength(2);
      expect(votes.json()).toContainEqual({
        voteId: expect.any(String),
        pollId: normal.id,
        pollTitle: 'Normal',
        pollCategory: 'teknoloji-ai',
        selectedOption: 'Köpek',
        votedAt: expect.any(String),
      });
      const other = await inject('GET', `/api/users/${carol}/votes`, asMember(bob));
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe(S.votesOnlyOwner);
      expect((await inject('GET', `/api/users/${carol}/votes`, asVisitor())).statusCode).toBe(401);

      expect(await svc.deps.bus.request(subjects.polls.userCounts, { userId: carol })).toEqual({
        pollsCount: 4,
        votesCount: 2,
      });
      const canView = (payload: CanViewRequest) => svc.deps.bus.request(subjects.polls.canView, payload);
      expect(await canView({ pollId: priv.id, userId: null })).toEqual({ visible: false });
      // The answer says whether the viewer voted on it or made it (their socket joins those groups' live counts).
      expect(await canView({ pollId: priv.id, userId: bob })).toEqual({
        visible: true,
        pollId: priv.id,
        voted: false,
        creator: false,
      });
      expect(await canView({ pollId: '0123456789abcdef01234567', userId: bob })).toEqual({ visible: false });
      // A share-link poll is followed by its code, as over HTTP; by id only its creator may.
      expect(await canView({ pollId: linked.id, userId: null })).toEqual({ visible: false });
      expect(await canView({ pollId: linked.id, userId: bob })).toEqual({ visible: false });
      expect(await canView({ pollId: linked.id, userId: carol })).toEqual({
        visible: true,
        pollId: linked.id,
        voted: true,
        creator: true,
      });
      expect(await canView({ shortUrl: linked.shortUrl!, userId: null })).toEqual({
        visible: true,
        pollId: linked.id,
        voted: false,
        creator: false,
      });
      // A visitor by their visitor id.
      const visitorVote = await svc.app.inject({
        method: 'POST',
        url: `/api/s/${linked.shortUrl}/vote`,
        headers: asShareVisitor('lifecycle-visitor'),
        payload: { optionIndex: 1 },
      });
      expect(visitorVote.statusCode, visitorVote.body).toBe(200);
      expect(await canView({ shortUrl: linked.shortUrl!, userId: null, visitorId: 'lifecycle-visitor' })).toEqual({
        visible: true,
        pollId: linked.id,
        voted: true,
        creator: false,
      });
      expect(await canView({ shortUrl: 'NOPE123456', userId: null })).toEqual({ visible: false });
      expect(await canView({ shortUrl: priv.id, userId: carol })).toEqual({ visible: false });
    });
  });
});
