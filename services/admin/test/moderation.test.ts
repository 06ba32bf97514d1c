/**
 * Moderation beyond polls (issue 40), with the real polls service beside admin on the test servers: a comment report
 * made through polls and a member report (its event) reach one queue, oldest first with their waiting times and the
 * count past 24 hours; a moderator removes the reported comment and polls deletes it; the word filter's entries are
 * kept here and polls refuses a title and a comment they catch within seconds of their being added.
 */
import { describe, expect, it } from 'vitest';
import { events, moderationTexts as M, subjects, wordFilterRefusal, type ReportQueue } from '@meydan/proto';
import { asAdmin, asMember } from '@meydan/testing';
import { objectId, pollsBesideAdmin, until } from './support.js';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

describe('admin: the moderation queue and the word filter', () => {
  const run = pollsBesideAdmin();
  const administrator = objectId();
  const author = objectId();
  const reporter = objectId();

  const asAdminDo = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    run.admin.app.inject({ method, url, headers: asAdmin(administrator), ...(payload ? { payload } : {}) });
  const queue = async () => (await asAdminDo('GET', '/api/admin/report-queue')).json() as ReportQueue;
  const pollsPost = (url: string, userId: string, payload: object) =>
    run.polls.app.inject({ method: 'POST', url, headers: asMember(userId), payload });

  it('lists poll, comment and member reports together, oldest first, with waiting times and the count past 24 hours', async () => {
    const poll = (
      await pollsPost('/api/polls', author, {
        title: 'Çay mı kahve mi?',
        category: 'teknoloji-ai',
        options: ['Çay', 'Kahve'],
      })
    ).json();
    const comment = (await pollsPost(`/api/polls/${poll.id}/comments`, author, { text: 'Kaba bir yorum' })).json();
    const reported = await pollsPost(`/api/comments/${comment.id}/report`, reporter, { reason: 'Hakaret' });
    expect(reported.statusCode, reported.body).toBe(201);
    const member = objectId();
    await run.admin.deps.bus.publish(events.social.userReported, {
      reportId: objectId(),
      userId: member,
      reporterId: reporter,
      reason: 'Taciz',
      description: null,
      at: hoursAgo(2).toISOString(),
    });
    await run.admin.app.admin.models.Report.create({
      _id: 'old-poll-report',
      pollId: poll.id,
      reporterId: reporter,
      reason: 'Spam',
      createdAt: hoursAgo(30),
    });

    await until(async () => (await queue()).totalCount === 3, 10_000, 'three reports in the queue');
    const { items, overdueCount } = await queue();
    expect(overdueCount).toBe(1);
    expect(items.map((i) => i.kind)).toEqual(['poll', 'user', 'comment']);
    expect(items[0]).toMatchObject({
      id: 'old-poll-report',
      overdue: true,
      target: { id: poll.id, link: `/anket/${poll.id}` },
    });
    expect(items[0]!.waitingSeconds).toBeGreaterThanOrEqual(30 * 3600);
    expect(items[1]).toMatchObject({ reason: 'Taciz', overdue: false, target: { id: member } });
    expect(items[1]!.waitingSeconds).toBeGreaterThanOrEqual(2 * 3600);
    expect(items[2]).toMatchObject({
      reason: 'Hakaret',
      target: {
        id: comment.id,
        pollId: poll.id,
        authorId: author,
        preview: 'Kaba bir yorum',
        link: `/anket/${poll.id}`,
      },
    });
    // The poll reports' own list keeps to polls.
    const pollReports = (await asAdminDo('GET', '/api/admin/reports?status=pending')).json();
    expect(pollReports.items.map((r: { id: string }) => r.id)).toEqual(['old-poll-report']);

    // A moderator removes the comment: polls deletes it, the report is resolved, the audit log says so.
    const notComment = await asAdminDo('POST', '/api/admin/reports/old-poll-report/remove-comment');
    expect(notComment.statusCode).toBe(400);
    expect(notComment.json().message).toBe(M.notACommentReport);
    const removed = await asAdminDo('POST', `/api/admin/reports/${items[2]!.id}/remove-comment`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(M.commentRemoved);
    await until(
      async () => (await run.polls.app.polls.models.Comment.countDocuments({ _id: comment.id })) === 0,
      10_000,
      'the comment deleted by polls',
    );
    expect((await queue()).items.map((i) => i.kind)).toEqual(['poll', 'user']);
    const audit = (await asAdminDo('GET', '/api/admin/audit')).json();
    expect(audit.items[0]).toMatchObject({ action: 'comment.remove', targetType: 'comment', targetId: comment.id });
    const missing = await asAdminDo('POST', `/api/admin/reports/${objectId()}/remove-comment`);
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the word filter: adds (once per folded word), lists, refuses bad entries in Turkish, removes', async () => {
    const added = await asAdminDo('POST', '/api/admin/word-filter', { pattern: 'salak', action: 'refuse' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ pattern: 'salak', action: 'refuse' });
    const twice = await asAdminDo('POST', '/api/admin/word-filter', { pattern: 'ŞALAK', action: 'hold' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.wordExists);
    for (const bad of [
      { pattern: 'a.*b', action: 'refuse' },
      { pattern: '  ', action: 'refuse' },
      { pattern: 'kelime', action: 'sil' },
      { pattern: 'kelime' },
    ]) {
      const res = await asAdminDo('POST', '/api/admin/word-filter', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toMatch(/İfade|Eylem/);
    }
    const held = (await asAdminDo('POST', '/api/admin/word-filter', { pattern: 'aptal*', action: 'hold' })).json();
    expect(
      (await asAdminDo('GET', '/api/admin/word-filter')).json().items.map((e: { pattern: string }) => e.pattern),
    ).toEqual(['salak', 'aptal*']);
    expect(await run.admin.deps.bus.request(subjects.admin.wordFilter, {})).toEqual({
      entries: [
        { pattern: 'salak', action: 'refuse' },
        { pattern: 'aptal*', action: 'hold' },
      ],
    });

    const gone = await asAdminDo('DELETE', `/api/admin/word-filter/${held.id}`);
    expect(gone.statusCode).toBe(200);
    expect((await asAdminDo('DELETE', `/api/admin/word-filter/${held.id}`)).statusCode).toBe(404);
    expect((await run.admin.deps.bus.request(subjects.admin.wordFilter, {})).entries).toEqual([
      { pattern: 'salak', action: 'refuse' },
    ]);
  });

  it('has polls refuse a title and a comment an entry catches, within seconds of its being added', async () => {
    await asAdminDo('POST', '/api/admin/word-filter', { pattern: 'gerizekalı', action: 'refuse' });
    const poll = (
      await pollsPost('/api/polls', author, {
        title: 'Hafta sonu planın?',
        category: 'teknoloji-ai',
        options: ['Ev', 'Dışarı'],
      })
    ).json();
    await until(
      async () =>
        (
          await pollsPost('/api/polls', author, {
            title: 'GERİZEKALI soru',
            category: 'teknoloji-ai',
            options: ['Evet', 'Hayır'],
          })
        ).statusCode === 400,
      10_000,
      'the new entry in force at polls',
    );
    const title = await pollsPost('/api/polls', author, {
      title: 'Bu gerizekali bir soru mu?',
      category: 'teknoloji-ai',
      options: ['Evet', 'Hayır'],
    });
    expect(title.json().message).toBe(wordFilterRefusal('title'));
    const comment = await pollsPost(`/api/polls/${poll.id}/comments`, reporter, { text: 'Gerizekâlı!' });
    expect(comment.statusCode).toBe(400);
    expect(comment.json().message).toBe(wordFilterRefusal('text'));
    expect(await run.polls.app.polls.models.Comment.countDocuments({ pollId: poll.id })).toBe(0);
  });
});
