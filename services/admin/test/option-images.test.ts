/**
 * Options with images in the admin panel (issue 41, 2), with the real polls service on the test servers: a poll whose
 * options carry images is listed with them (each image's address and alt text, for moderators to see), from its
 * creation event and from the polls page a rebuild reads; a poll without images has none.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { validate } from '@meydan/proto';
import { asAdmin, asMember } from '@meydan/testing';
import { pollsPage } from '../../polls/src/usecases/read-model.js';
import { objectId, pollsBesideAdmin, until } from './support.js';

describe('admin read model: options with images', () => {
  const run = pollsBesideAdmin();
  const creator = objectId();

  it('lists a poll with its options’ images and their alt texts', async () => {
    const picture = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#9333ea' } })
      .png()
      .toBuffer();
    const uploaded = await run.polls.app.inject({
      method: 'POST',
      url: '/api/option-images',
      headers: { ...asMember(creator), 'content-type': 'image/png' },
      payload: picture,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { id: imageId, url } = uploaded.json() as { id: string; url: string };
    const create = (title: string, over: Record<string, unknown> = {}) =>
      run.polls.app.inject({
        method: 'POST',
        url: '/api/polls',
        headers: asMember(creator),
        payload: { title, category: 'genel', options: ['Mor', 'Sarı'], ...over },
      });
    const made = await create('Yönetimde görselli anket', { optionImages: [{ id: imageId, alt: 'Mor bir kare' }] });
    expect(made.statusCode, made.body).toBe(201);
    const plain = await create('Yönetimde görselsiz anket');
    const pollId = made.json().id as string;
    const plainId = plain.json().id as string;

    const listed = async () =>
      (
        (await run.admin.app.inject({ url: '/api/admin/polls?q=Yönetimde', headers: asAdmin(objectId()) })).json() as {
          items: Record<string, unknown>[];
        }
      ).items;
    await until(
      async () => (await listed()).filter((p) => p['id'] === pollId || p['id'] === plainId).length === 2,
      15_000,
      'both polls in the read model',
    );
    const rows = await listed();
    const row = rows.find((p) => p['id'] === pollId)!;
    expect(row['images']).toEqual([{ url, alt: 'Mor bir kare' }]);
    expect(validate('meydan/admin-poll', row).ok).toBe(true);
    expect(rows.find((p) => p['id'] === plainId)).not.toHaveProperty('images');

    // What a rebuild reads from polls carries them too.
    const page = await pollsPage(run.polls.app.polls, { after: null, limit: 100 });
    expect(validate('meydan/nats-polls-page-reply', page).ok).toBe(true);
    expect(page.polls.find((p) => p.id === pollId)).toMatchObject({ images: [{ url, alt: 'Mor bir kare' }] });
    expect(page.polls.find((p) => p.id === plainId)).not.toHaveProperty('images');
  });
});
