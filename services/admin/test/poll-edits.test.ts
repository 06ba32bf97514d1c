/**
 * A poll's edits in the admin read model, with the real polls service on the test servers: an edit made through polls
 * shows on the poll's line and its open reports within seconds, its history (the texts it replaced, with times) is
 * the admin's to read, and redelivered or late events never count twice nor put an older text back.
 */
import { describe, expect, it } from 'vitest';
import { events, type PollEditedEvent } from '@meydan/proto';
import { asAdmin, asMember, drained } from '@meydan/testing';
import { objectId, pollsBesideAdmin, until } from './support.js';

describe('admin read model: poll edits', () => {
  const run = pollsBesideAdmin();
  const administrator = objectId();
  const creator = objectId();
  const reporter = objectId();

  const asAdminGet = (url: string) => run.admin.app.inject({ method: 'GET', url, headers: asAdmin(administrator) });
  const reportsNow = async () =>
    (await asAdminGet('/api/admin/reports?status=pending')).json().items as {
      poll: { id: string; title: string | null; editedAt?: string | null };
    }[];

  it('shows an edit made through polls on the poll, its open reports and its history', async () => {
    const created = await run.polls.app.inject({
      method: 'POST',
      url: '/api/polls',
      headers: asMember(creator),
      payload: {
        title: 'Hangi şehir daha güzel?',
        description: 'İlk hâli',
        category: 'teknoloji-ai',
        options: ['İzmir', 'Bursa'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const pollId = created.json().id as string;
    const report = await run.polls.app.inject({
      method: 'POST',
      url: `/api/polls/${pollId}/report`,
      headers: asMember(reporter),
      payload: { reason: 'spam' },
    });
    expect(report.statusCode, report.body).toBe(201);
    await until(
      async () => (await reportsNow()).some((r) => r.poll.id === pollId && r.poll.title === 'Hangi şehir daha güzel?'),
      15_000,
      'report in the read model',
    );

    const edit = await run.polls.app.inject({
      method: 'PATCH',
      url: `/api/polls/${pollId}`,
      headers: asMember(creator),
      payload: { title: 'Hangi şehirde yaşamak isterdin?' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const editedAt = edit.json().editedAt as string;

    await until(
      async () =>
        (await reportsNow()).find((r) => r.poll.id === pollId)?.poll.title === 'Hangi şehirde yaşamak isterdin?',
      15_000,
      'edited title on the report',
    );
    expect((await reportsNow()).find((r) => r.poll.id === pollId)!.poll.editedAt).toBe(editedAt);
    const listed = (await asAdminGet(`/api/admin/polls?q=${encodeURIComponent('YAŞAMAK')}`)).json();
    expect(listed.items.map((p: { id: string }) => p.id)).toEqual([pollId]);

    const history = await asAdminGet(`/api/admin/polls/${pollId}/edits`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toEqual({
      pollId,
      title: 'Hangi şehirde yaşamak isterdin?',
      description: 'İlk hâli',
      edits: [
        {
          title: 'Hangi şehirde yaşamak isterdin?',
          description: 'İlk hâli',
          previousTitle: 'Hangi şehir daha güzel?',
          previousDescription: 'İlk hâli',
          editedAt,
        },
      ],
    });
  });

  it('stores a redelivered edit once and never lets an older edit or a late creation event put an older text back', async () => {
    const pollId = objectId();
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, 0, ms)).toISOString();
    const editEvent = (title: string, previousTitle: string, ms: number): PollEditedEvent => ({
      pollId,
      creatorId: creator,
      type: 'public',
      isShareable: false,
      title,
      description: null,
      previousTitle,
      previousDescription: null,
      editedAt: at(ms),
      at: at(ms),
    });
    const second = editEvent('Üçüncü metin', 'İkinci metin', 2_000);
    const first = editEvent('İkinci metin', 'İlk metin', 1_000);
    // The newest edit first, then it again (redelivered), then the older one, and the creation event last of all.
    for (const e of [second, second, first]) await run.admin.deps.bus.publish(events.polls.pollEdited, e);
    await run.admin.deps.bus.publish(events.polls.pollCreated, {
      pollId,
      creatorId: creator,
      type: 'public',
      title: 'İlk metin',
      category: 'genel',
      description: null,
      isShareable: false,
      createdAt: at(0),
      expiresAt: null,
    });
    await drained(run.admin.deps, 'admin--polls-edited');
    await drained(run.admin.deps, 'admin--polls-created');

    const poll = await run.admin.app.admin.models.Poll.findById(pollId).lean();
    expect(poll).toMatchObject({ title: 'Üçüncü metin', editedAt: new Date(at(2_000)) });
    const history = (await asAdminGet(`/api/admin/polls/${pollId}/edits`)).json();
    expect(history.title).toBe('Üçüncü metin');
    expect(
      history.edits.map((e: { previousTitle: string; title: string; editedAt: string }) => [
        e.previousTitle,
        e.title,
        e.editedAt,
      ]),
    ).toEqual([
      ['İlk metin', 'İkinci metin', at(1_000)],
      ['İkinci metin', 'Üçüncü metin', at(2_000)],
    ]);
  });

  it('leaves each of many polls at its newest text when its edits and creation are handled side by side', async () => {
    // The consumers handle several events at once, and the MongoDB-wire server used here applies a conditional
    // update as a read and then a write: each poll's text must still end at its newest edit.
    const at = (ms: number) => new Date(Date.UTC(2026, 10, 28, 13, 0, 0, ms)).toISOString();
    const pollIds = Array.from({ length: 40 }, () => objectId());
    const texts = ['Birinci', 'İkinci', 'Üçüncü', 'Dördüncü'];
    const edit = (pollId: string, step: number): PollEditedEvent => ({
      pollId,
      creatorId: creator,
      type: 'public',
      isShareable: false,
      title: texts[step]!,
      description: null,
      previousTitle: texts[step - 1]!,
      previousDescription: null,
      editedAt: at(step * 1_000),
      at: at(step * 1_000),
    });
    const published: Promise<unknown>[] = [];
    for (const pollId of pollIds) {
      for (const step of [3, 1, 2])
        published.push(run.admin.deps.bus.publish(events.polls.pollEdited, edit(pollId, step)));
      published.push(
        run.admin.deps.bus.publish(events.polls.pollCreated, {
          pollId,
          creatorId: creator,
          type: 'public',
          title: texts[0]!,
          category: 'genel',
          description: null,
          isShareable: false,
          createdAt: at(0),
          expiresAt: null,
        }),
      );
    }
    await Promise.all(published);
    await drained(run.admin.deps, 'admin--polls-edited');
    await drained(run.admin.deps, 'admin--polls-created');

    const polls = await run.admin.app.admin.models.Poll.find({ _id: { $in: pollIds } }).lean();
    expect(polls.map((p) => [p._id, p.title, p.editedAt])).toEqual(
      expect.arrayContaining(pollIds.map((id) => [id, 'Dördüncü', new Date(at(3_000))])),
    );
    expect(polls).toHaveLength(pollIds.length);
  });

  it('answers 404 in Turkish for a poll it knows nothing of', async () => {
    const res = await asAdminGet(`/api/admin/polls/${objectId()}/edits`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Anket bulunamadı' });
  });
});
