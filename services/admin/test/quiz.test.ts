/**
 * Quizzes in the admin panel (issue 41, 3: 'Bilgi yarışması'), with the real polls service on the test servers: a quiz
 * made through polls is listed as a quiz, from its creation event and from the polls page a rebuild reads, and
 * neither ever carries its answer (the admin service is not told it). A ranked poll ('Sıralamalı oy') is listed as one
 * the same ways.
 */
import { describe, expect, it } from 'vitest';
import { validate } from '@meydan/proto';
import { asAdmin, asMember } from '@meydan/testing';
import { pollsPage } from '../../polls/src/usecases/read-model.js';
import { objectId, pollsBesideAdmin, until } from './support.js';

describe('admin read model: quizzes and ranked polls', () => {
  const run = pollsBesideAdmin();
  const creator = objectId();

  /** The admin's row of a poll once the read model has it, searched by a word of its title. */
  async function listedRow(word: string, pollId: string): Promise<Record<string, unknown>> {
    const listed = async () =>
      (
        (
          await run.admin.app.inject({
            url: `/api/admin/polls?q=${encodeURIComponent(word)}`,
            headers: asAdmin(objectId()),
          })
        ).json() as { items: Record<string, unknown>[] }
      ).items.find((p) => p['id'] === pollId);
    await until(async () => (await listed()) !== undefined, 15_000, `${pollId} in the read model`);
    return (await listed())!;
  }

  it('lists a quiz made through polls as a quiz, never with its answer', async () => {
    const made = await run.polls.app.inject({
      method: 'POST',
      url: '/api/polls',
      headers: asMember(creator),
      payload: {
        title: 'Yönetimde yarışma',
        category: 'genel',
        options: ['Ankara', 'İzmir', 'Bursa'],
        kind: 'quiz',
        // Two correct options of three: the admin service is told neither.
        correctOptionIndexes: [0, 2],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const pollId = made.json().id as string;
    const row = await listedRow('yarışma', pollId);
    expect(row['kind']).toBe('quiz');
    expect(validate('meydan/admin-poll', row).ok).toBe(true);
    expect(JSON.stringify(row)).not.toMatch(/correct/);
    expect(JSON.stringify(await run.admin.app.admin.models.Poll.findById(pollId).lean())).not.toMatch(/correct/);

    // What a rebuild reads from polls says quiz too, without the answer.
    const page = await pollsPage(run.polls.app.polls, { after: null, limit: 100 });
    expect(validate('meydan/nats-polls-page-reply', page).ok).toBe(true);
    const item = page.polls.find((p) => p.id === pollId);
    expect(item).toMatchObject({ kind: 'quiz' });
    expect(JSON.stringify(item)).not.toMatch(/correct/);
  });

  it('lists a ranked poll made through polls as ranked, from its creation event and the polls page', async () => {
    const made = await run.polls.app.inject({
      method: 'POST',
      url: '/api/polls',
      headers: asMember(creator),
      payload: { title: 'Yönetimde sıralama', category: 'genel', options: ['Ege', 'Karadeniz'], kind: 'ranked' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const pollId = made.json().id as string;
    const row = await listedRow('sıralama', pollId);
    expect(row['kind']).toBe('ranked');
    expect(validate('meydan/admin-poll', row).ok).toBe(true);
    const page = await pollsPage(run.polls.app.polls, { after: null, limit: 100 });
    expect(validate('meydan/nats-polls-page-reply', page).ok).toBe(true);
    expect(page.polls.find((p) => p.id === pollId)).toMatchObject({ kind: 'ranked' });
  });
});
