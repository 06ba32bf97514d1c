/**
 * Moderation in polls (issue 40): reports on comments (one per member and comment, never one's own) and their
 * event for the admin queue, a moderator's removal of a comment, and the word filter on poll texts and comments.
 * Real polls service on the test servers; admin's `admin.word-filter` answered by a stand-in on the same NATS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSONCodec, type Subscription } from 'nats';
import {
  events,
  moderationTexts as M,
  subjects,
  wordFilterRefusal,
  type PollCreateInput,
  type WordFilterReply,
} from '@meydan/proto';
import { asMember } from '@meydan/testing';
import { collect, createPoll, newUserId, startPolls, until, validPoll, type PollsTestService } from './support.js';

describe('polls: comment reports and the word filter', () => {
  let svc: PollsTestService;
  let standIn: Subscription;
  const alice = newUserId();
  const bob = newUserId();
  const codec = JSONCodec<{ ok: true; data: WordFilterReply }>();
  const entries: WordFilterReply['entries'] = [
    { pattern: 'salak', action: 'refuse' },
    { pattern: 'aptal*', action: 'refuse' },
    { pattern: 'geri zekalı', action: 'hold' },
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

  const post = (url: string, userId: string, payload: object) =>
    svc.app.inject({ method: 'POST', url, headers: asMember(userId), payload });
  const comment = async (pollId: string, userId: string, text: string) => {
    const res = await post(`/api/polls/${pollId}/comments`, userId, { text });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  describe('reports on comments', () => {
    it('takes a report, announces it with the comment as it was, and refuses a second one with 409 and nothing stored', async () => {
      const poll = await createPoll(svc.app, alice);
      const commentId = await comment(poll.id, alice, 'Bu anket harika');
      const stream = collect(svc.deps.nats, events.polls.commentReported);
      await stream.flush();
      const first = await post(`/api/comments/${commentId}/report`, bob, { reason: 'Spam', description: '  reklam  ' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().message).toBe(M.commentReportReceived);
      await until(() => stream.received.length === 1, 5_000, 'the comment report event');
      expect(stream.received[0]!.data).toMatchObject({
        reportId: first.json().reportId,
        commentId,
        pollId: poll.id,
        authorId: alice,
        reporterId: bob,
        reason: 'Spam',
        description: 'reklam',
        text: 'Bu anket harika',
      });

      const again = await post(`/api/comments/${commentId}/report`, bob, { reason: 'Hakaret' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: 'already_reported', message: M.commentAlreadyReported });
      expect(await svc.app.polls.models.CommentReport.countDocuments({ commentId })).toBe(1);
      stream.stop();
    });

    it('refuses a report on one’s own comment (400), without a reason (400), by a visitor (401) and on no comment (404)', async () => {
      const poll = await createPoll(svc.app, alice);
      const commentId = await comment(poll.id, alice, 'Kendi yorumum');
      const own = await post(`/api/comments/${commentId}/report`, alice, { reason: 'Spam' });
      expect(own.statusCode).toBe(400);
      expect(own.json()).toEqual({ error: 'own_content', message: M.commentOwnReport });
      const blank = await post(`/api/comments/${commentId}/report`, bob, { reason: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toMatch(/Şikayet nedeni/);
      const visitor = await svc.app.inject({
        method: 'POST',
        url: `/api/comments/${commentId}/report`,
        payload: { reason: 'Spam' },
      });
      expect(visitor.statusCode).toBe(401);
      const missing = await post(`/api/comments/${newUserId()}/report`, bob, { reason: 'Spam' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(M.commentNotFound);
      expect(await svc.app.polls.models.CommentReport.countDocuments({ commentId })).toBe(0);
    });

    it('removes the comment a moderator removed, and its count with it', async () => {
      const poll = await createPoll(svc.app, alice);
      const commentId = await comment(poll.id, bob, 'Kaldırılacak yorum');
      await comment(poll.id, alice, 'Kalacak yorum');
      const countOf = async () =>
        (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(alice) })).json().commentsCount;
      expect(await countOf()).toBe(2);
      await svc.deps.bus.publish(events.admin.commentRemoved, {
        commentId,
        pollId: poll.id,
        by: newUserId(),
        at: new Date().toISOString(),
      });
      await until(
        async () => (await svc.app.polls.models.Comment.countDocuments({ _id: commentId })) === 0,
        10_000,
        'the comment removed',
      );
      await until(async () => (await countOf()) === 1, 5_000, 'the comment count down by one');
      const page = await svc.app.inject({ url: `/api/polls/${poll.id}/comments`, headers: asMember(alice) });
      expect(page.json().comments.map((c: { text: string }) => c.text)).toEqual(['Kalacak yorum']);
    });
  });

  describe('the word filter', () => {
    it('refuses a poll whose title, option or description it catches, naming the field and not the word, storing nothing', async () => {
      const before = await svc.app.polls.models.Poll.countDocuments({});
      const cases: [Partial<PollCreateInput>, 'title' | 'options' | 'description'][] = [
        [{ title: 'Sence SALAK mı?' }, 'title'],
        [{ title: 'Şu ŞALAK soruya bak' }, 'title'],
        [{ options: ['Kedi', 'Aptallar'] }, 'options'],
        [{ description: 'Hangisi daha aptal?' }, 'description'],
      ];
      for (const [over, field] of cases) {
        const res = await post('/api/polls', alice, validPoll(over));
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(res.json().message).toBe(wordFilterRefusal(field));
        expect(res.json().fields).toEqual([{ path: field, message: wordFilterRefusal(field) }]);
        expect(res.body.toLocaleLowerCase('tr-TR')).not.toMatch(/salak|şalak|aptal/);
      }
      expect(await svc.app.polls.models.Poll.countDocuments({})).toBe(before);
    });

    it('passes words that only contain an entry (whole words unless the entry ends in *)', async () => {
      const res = await post('/api/polls', alice, validPoll({ title: 'Salakça bir soru değil, salaklık da değil' }));
      expect(res.statusCode, res.body).toBe(201);
    });

    it('refuses a comment it catches and an edit of the title, changing nothing', async () => {
      const poll = await createPoll(svc.app, alice);
      const refused = await post(`/api/polls/${poll.id}/comments`, bob, { text: 'Çok SaLaK bir soru' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(wordFilterRefusal('text'));
      expect(await svc.app.polls.models.Comment.countDocuments({ pollId: poll.id })).toBe(0);

      const edit = await svc.app.inject({
        method: 'PATCH',
        url: `/api/polls/${poll.id}`,
        headers: asMember(alice),
        payload: { title: 'aptal soru' },
      });
      expect(edit.statusCode).toBe(400);
      expect(edit.json().message).toBe(wordFilterRefusal('title'));
      expect((await svc.app.polls.models.Poll.findById(poll.id).lean())!.title).toBe(poll.title);
    });
  });
});
