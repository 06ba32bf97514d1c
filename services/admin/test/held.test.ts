/**
 * The word filter's hold reviewed by moderators (issue 40), with the real polls and auth services beside admin on the
 * test servers: a poll, a comment and a bio caught only by a holding entry wait in the moderation queue (oldest first,
 * with their waiting time); a moderator approves or removes them (a member gets 403 and changes nothing); the audit
 * names the moderator; a bio held keeps the old public one until approved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { heldTexts as H, wordFilterRefusal, type ReportQueue } from '@meydan/proto';
import { asAdmin, asMember, asModerator, startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../auth/src/app.js';
import { userModel } from '../../auth/src/model/user.js';
import { buildApp as buildPolls } from '../../polls/src/app.js';
import { startAdmin, until } from './support.js';

const objectId = () => new Types.ObjectId().toHexString();

describe('admin: texts held for review by the word filter', () => {
  let polls: TestService;
  let auth: TestService;
  let admin: TestService;
  const administrator = objectId();
  const moderator = objectId();
  const author = objectId();
  const other = objectId();

  beforeAll(async () => {
    polls = await startTestService('polls', buildPolls);
    auth = await startTestService('auth', buildAuth);
    admin = await startAdmin({}, { listen: false, rebuilt: false });
    for (const [pattern, action] of [
      ['kıro*', 'hold'],
      ['salak', 'refuse'],
    ] as const) {
      const res = await admin.app.inject({
        method: 'POST',
        url: '/api/admin/word-filter',
        headers: asAdmin(administrator),
        payload: { pattern, action },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => {
    await admin?.close();
    await auth?.close();
    await polls?.close();
  });

  const queue = async () =>
    (await admin.app.inject({ url: '/api/admin/report-queue', headers: asModerator(moderator) })).json() as ReportQueue;
  const decide = (headers: Record<string, string>, kind: string, id: string, decision: 'approve' | 'remove') =>
    admin.app.inject({ method: 'POST', url: `/api/admin/held/${kind}/${id}/${decision}`, headers, payload: {} });
  const pollsPost = (url: string, userId: string, payload: object) =>
    polls.app.inject({ method: 'POST', url, headers: asMember(userId), payload });
  const newPoll = { category: 'teknoloji-ai', options: ['Evet', 'Hayır'] };

  it('lists a held poll and comment oldest first; a member gets 403, a moderator approves and removes, the audit names them', async () => {
    const created = await pollsPost('/api/polls', author, { ...newPoll, title: 'Kıro modası geri mi dönüyor?' });
    expect(created.statusCode, created.body).toBe(201);
    const pollId = created.json().id as string;
    const open = (await pollsPost('/api/polls', author, { ...newPoll, title: 'Yazın tatil nerede?' })).json();
    const comment = await pollsPost(`/api/polls/${open.id}/comments`, other, { text: 'Kırolara göre deniz' });
    expect(comment.statusCode, comment.body).toBe(201);
    const commentId = comment.json().id as string;

    await until(async () => (await queue()).held.length === 2, 10_000, 'the poll and the comment in the queue');
    const { held } = await queue();
    expect(held.map((h) => [h.kind, h.id])).toEqual([
      ['poll', pollId],
      ['comment', commentId],
    ]);
    expect(held[0]).toMatchObject({ authorId: author, link: `/anket/${pollId}` });
    expect(held[0]!.preview).toContain('Kıro modası');
    expect(held[1]).toMatchObject({ authorId: other, preview: 'Kırolara göre deniz', link: `/anket/${open.id}` });
    expect(held[0]!.waitingSeconds).toBeGreaterThanOrEqual(0);

    const byMember = await decide(asMember(other), 'poll', pollId, 'approve');
    expect(byMember.statusCode).toBe(403);
    expect((await polls.app.inject({ url: `/api/polls/${pollId}`, headers: asMember(other) })).statusCode).toBe(404);

    const approved = await decide(asModerator(moderator), 'poll', pollId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().message).toBe(H.approved);
    expect((await polls.app.inject({ url: `/api/polls/${pollId}`, headers: asMember(other) })).statusCode).toBe(200);
    const again = await decide(asModerator(moderator), 'poll', pollId, 'approve');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(H.notFound);

    const removed = await decide(asModerator(moderator), 'comment', commentId, 'remove');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await polls.app.polls.models.Comment.countDocuments({ _id: commentId })).toBe(0);
    expect((await queue()).held).toEqual([]);

    const bad = await decide(asModerator(moderator), 'yorumlar', commentId, 'remove');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(H.kind);

    const audit = (await admin.app.inject({ url: '/api/admin/audit', headers: asAdmin(administrator) })).json();
    const decisions = audit.items.filter((e: { action: string }) => e.action.startsWith('held.'));
    expect(decisions).toMatchObject([
      { action: 'held.remove', targetType: 'comment', targetId: commentId, adminId: moderator },
      { action: 'held.approve', targetType: 'poll', targetId: pollId, adminId: moderator },
    ]);
  });

  it('keeps a held bio pending while the old one stays public, until a moderator approves it; a refusing word still refuses', async () => {
    const user = await userModel(auth.deps.mongo).create({
      username: `uye_${Date.now().toString(36)}`,
      usernameLower: `uye_${Date.now().toString(36)}`,
      email: `held.${Date.now()}@example.com`,
      emailLower: `held.${Date.now()}@example.com`,
      displayName: 'Deniz',
      passwordHash: 'x',
      emailVerified: true,
      bio: 'Anket sever.',
    });
    const id = user._id.toString();
    // Display name and bio are settings: multipart, as the settings page sends them.
    const patch = (fields: Record<string, string>) =>
      auth.app.inject({
        method: 'PATCH',
        url: `/api/users/${id}/profile`,
        headers: { ...asMember(id), 'content-type': 'multipart/form-data; boundary=sinir' },
        payload: Buffer.from(
          [
            ...Object.entries(fields).map(
              ([k, v]) => `--sinir\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
            ),
            '--sinir--\r\n',
          ].join(''),
        ),
      });
    const profile = async (viewer: string) =>
      (await auth.app.inject({ url: `/api/users/${id}`, headers: asMember(viewer) })).json();

    const refused = await patch({ bio: 'Kıro ve salak' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(wordFilterRefusal('bio'));
    const held = await patch({ bio: 'Tam bir kıro' });
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({ bio: 'Anket sever.', pendingProfile: { bio: 'Tam bir kıro' } });
    const seen = await profile(other);
    expect(seen.bio).toBe('Anket sever.');
    expect(seen.pendingProfile).toBeUndefined();

    await until(
      async () => (await queue()).held.some((h) => h.kind === 'profile' && h.id === id),
      10_000,
      'the bio in the queue',
    );
    expect((await decide(asMember(other), 'profile', id, 'approve')).statusCode).toBe(403);
    const approved = await decide(asModerator(moderator), 'profile', id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await profile(other)).bio).toBe('Tam bir kıro');
    expect((await profile(id)).pendingProfile).toBeUndefined();
  });
});
