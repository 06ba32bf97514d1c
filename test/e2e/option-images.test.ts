/**
 * Options with images (issue 41, 2: 'Görsel ekle') in a real Chromium against the real stack: the creator picks a photo
 * and a picture for two options in the create dialog (a text file told in Turkish on the spot, a fake PNG refused by
 * the server beside its option), is asked for the alt texts, and makes the poll; the photo is served as a WebP without
 * its EXIF with an immutable Cache-Control; another member votes on the card by the picture. A share-link poll with
 * images is voted on its share page (mobile) and in its embed. Through the gateway, what is not an image, too large a
 * file and an image without its alt text are Turkish refusals with nothing stored. Accessibility checked on the
 * dialog, the card before and after the vote, the share page and the embed; screenshots taken.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { SESSION_COOKIE } from '@meydan/proto';
import { expectNoAxeViolations } from './axe.js';
import type { Stack } from './stack.js';
import {
  browserRun,
  call,
  elementScreenshot,
  fillCreateDialog,
  mobile,
  pollCard,
  screenshot,
  toastWith,
  uniqueTag,
  voteAnswered,
  type Member,
} from './support.js';

const run = browserRun([
  ['selingr', 'Selin Gür'],
  ['tolgagr', 'Tolga Er'],
]);
let stack: Stack;
let selin: Member;
let tolga: Member;
beforeAll(() => {
  stack = run.stack;
  [selin, tolga] = run.members as [Member, Member];
});

interface ImagesAnswer {
  id: string;
  totalVotes: number;
  optionImages?: ({ id: string; url: string; alt: string } | null)[];
}

/** A picture of one colour; a JPEG carries EXIF, as a phone's photo does. */
const picture = (background: string, format: 'png' | 'jpeg', width = 1200, height = 900) => {
  const image = sharp({ create: { width, height, channels: 3, background } });
  return format === 'jpeg'
    ? image
        .jpeg({ quality: 70 })
        .withExif({ IFD0: { Make: 'Meydan Kamera' } })
        .toBuffer()
    : image.png().toBuffer();
};

/** An upload through the gateway: the file itself as the body. */
async function upload(body: Buffer, contentType: string, sid = selin.sid) {
  const res = await fetch(`${stack.origin}/api/option-images`, {
    method: 'POST',
    headers: { cookie: `${SESSION_COOKIE}=${sid}`, 'content-type': contentType },
    body: new Uint8Array(body),
  });
  return { status: res.status, body: (await res.json()) as { id: string; url: string; message: string } };
}

/** Whether each image in `scope` was loaded and drawn by the browser. */
const drawn = (scope: Locator) =>
  scope.locator('img').evaluateAll((images) => images.map((i) => (i as HTMLImageElement).naturalWidth > 0));

describe('options with images in Chromium', { timeout: 150_000 }, () => {
  it('are picked in the dialog with their alt texts, and voted by on the card', async () => {
    const title = `Hangisi daha sevimli? ${uniqueTag()}`;
    const creator = await run.open({ sid: selin.sid, theme: 'light' });
    const create = await fillCreateDialog(creator.page, title, ['Kedi', 'Köpek', 'İkisi de']);
    const input = (i: number) => create.locator(`[data-option-image-input="${i}"]`);
    // A text file is told on the spot; bytes that only claim to be a PNG are refused by the server, beside the option.
    await input(0).setInputFiles({ name: 'notlar.txt', mimeType: 'text/plain', buffer: Buffer.from('merhaba') });
    await create.getByText('Bu dosya desteklenmiyor. Lütfen JPG, PNG ya da WebP bir görsel seç.').waitFor();
    await input(0).setInputFiles({ name: 'sahte.png', mimeType: 'image/png', buffer: Buffer.from('merhaba') });
    await create
      .getByText('Bu dosya bir görsel değil ya da desteklenmiyor. Lütfen JPG, PNG ya da WebP bir görsel seç.')
      .waitFor();

    await input(0).setInputFiles({
      name: 'kedi.jpg',
      mimeType: 'image/jpeg',
      buffer: await picture('#ea580c', 'jpeg'),
    });
    await input(1).setInputFiles({ name: 'kopek.png', mimeType: 'image/png', buffer: await picture('#1d4ed8', 'png') });
    const catAlt = create.getByRole('textbox', { name: 'Görselin açıklaması (1. şık)' });
    const dogAlt = create.getByRole('textbox', { name: 'Görselin açıklaması (2. şık)' });
    await dogAlt.waitFor();
    await catAlt.waitFor();
    // No alt text: asked for it, nothing made.
    await create.getByRole('button', { name: 'Soruyu Fırlat' }).click();
    await create.getByText(/^Her görsel için bir açıklama yazmalısın/).waitFor();
    await catAlt.fill('Turuncu bir kedi yavrusu');
    await dogAlt.fill('Mavi tasmalı bir köpek');
    await expectNoAxeViolations(creator.page, 'the create dialog with two option images [member, light, desktop]');
    await elementScreenshot(create, 'option-images-dialog-light');
    await create.getByRole('button', { name: 'Soruyu Fırlat' }).click();
    await toastWith(creator.page, 'Sorun fırlatıldı').waitFor();
    const pollId = (await pollCard(creator.page, title).getAttribute('data-poll-id'))!;
    const made = await call<ImagesAnswer>(stack, 'GET', `/api/polls/${pollId}`, { sid: selin.sid });
    expect(made.body.optionImages?.map((image) => image?.alt ?? null)).toEqual([
      'Turuncu bir kedi yavrusu',
      'Mavi tasmalı bir köpek',
      null,
    ]);

    // The photo, through the gateway: a WebP at most 800 px, without its EXIF, kept for good.
    const photo = await fetch(`${stack.origin}${made.body.optionImages![0]!.url}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(photo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await photo.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 800, 600, undefined]);
    expect(bytes.includes(Buffer.from('Meydan Kamera'))).toBe(false);

    // Another member votes by the picture on the card.
    const voter = await run.open({ sid: tolga.sid, theme: 'dark' });
    await voter.page.goto('/kesfet');
    const card = pollCard(voter.page, title);
    const catButton = card.getByRole('button', { name: 'Turuncu bir kedi yavrusu Kedi' });
    await catButton.waitFor();
    await expect.poll(() => drawn(card.getByRole('list', { name: 'Seçenekler' }))).toEqual([true, true]);
    await expectNoAxeViolations(voter.page, 'a card with option images before voting [member, dark, desktop]');
    await elementScreenshot(card, 'option-images-card-before-vote-dark');
    expect(await voteAnswered(voter.page, () => catButton.click())).toBe(200);
    const results = card.getByRole('list', { name: 'Sonuçlar' });
    await results.locator('[data-chosen]', { hasText: 'Kedi' }).waitFor();
    await expect.poll(() => drawn(results)).toEqual([true, true]);
    expect(await results.getByRole('img', { name: 'Mavi tasmalı bir köpek' }).count()).toBe(1);
    await expectNoAxeViolations(voter.page, 'a card with option images after the vote [member, dark, desktop]');
    await elementScreenshot(card, 'option-images-card-after-vote-dark');
    const mine = await call<ImagesAnswer & { userChoice: number }>(stack, 'GET', `/api/polls/${pollId}`, {
      sid: tolga.sid,
    });
    expect(mine.body).toMatchObject({ userChoice: 0, totalVotes: 1 });
    expect(creator.errors).toEqual([]);
    expect(voter.errors).toEqual([]);
  });

  it('are voted by on the share page and in the embed without an account', async () => {
    const sun = await upload(await picture('#facc15', 'png', 300, 300), 'image/png');
    const sea = await upload(await picture('#0891b2', 'jpeg', 600, 400), 'image/jpeg');
    expect([sun.status, sea.status]).toEqual([201, 201]);
    const created = await call<{ poll: { id: string; shortUrl: string } }>(stack, 'POST', '/api/polls/shareable', {
      sid: selin.sid,
      body: {
        title: `Tatilde ne yapalım? ${uniqueTag()}`,
        category: 'genel',
        options: ['Güneşlenmek', 'Yüzmek'],
        optionImages: [
          { id: sun.body.id, alt: 'Sarı bir güneş' },
          { id: sea.body.id, alt: 'Turkuaz bir deniz' },
        ],
      },
    });
    expect(created.status).toBe(201);
    const { shortUrl } = created.body.poll;

    const visitor = await run.open({ viewport: mobile, theme: 'light' });
    await visitor.page.goto(`/s/${shortUrl}`);
    const seaButton = visitor.page.getByRole('button', { name: 'Turkuaz bir deniz Yüzmek' });
    await seaButton.waitFor();
    await expect.poll(() => drawn(visitor.page.getByRole('list', { name: 'Seçenekler' }))).toEqual([true, true]);
    await expectNoAxeViolations(visitor.page, '/s/{code} with option images before voting [visitor, light, mobile]');
    await seaButton.click();
    await visitor.page.locator('[data-chosen]', { hasText: 'Yüzmek' }).waitFor();
    await expectNoAxeViolations(visitor.page, '/s/{code} with option images after the vote [visitor, light, mobile]');
    await screenshot(visitor.page, 'option-images-share-page-after-vote-mobile');

    const embed = await run.open();
    await embed.page.goto(`/embed/${shortUrl}`);
    const sunButton = embed.page.getByRole('button', { name: 'Sarı bir güneş Güneşlenmek' });
    await sunButton.waitFor();
    await expectNoAxeViolations(embed.page, '/embed/{code} with option images before voting');
    expect(await voteAnswered(embed.page, () => sunButton.click())).toBe(200);
    await embed.page.locator('[data-chosen]', { hasText: 'Güneşlenmek' }).waitFor();
    await expect.poll(() => drawn(embed.page.getByRole('list', { name: 'Sonuçlar' }))).toEqual([true, true]);
    await expectNoAxeViolations(embed.page, '/embed/{code} with option images after the vote');
    await screenshot(embed.page, 'option-images-embed-after-vote');

    const shared = await call<{ poll: ImagesAnswer }>(stack, 'GET', `/api/s/${shortUrl}`);
    expect(shared.body.poll.totalVotes).toBe(2);
    expect(shared.body.poll.optionImages?.map((image) => image?.alt)).toEqual(['Sarı bir güneş', 'Turkuaz bir deniz']);
    expect(visitor.errors).toEqual([]);
    expect(embed.errors).toEqual([]);
  });

  it('refuses what is not an image, too large a file and an image without alt text in Turkish, storing nothing', async () => {
    const text = await upload(Buffer.from('Bu bir görsel değil.'), 'text/plain');
    expect(text.status).toBe(415);
    expect(text.body.message).toBe(
      'Bu dosya bir görsel değil ya da desteklenmiyor. Lütfen JPG, PNG ya da WebP bir görsel seç.',
    );
    const big = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 7), 'image/jpeg');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Görsel dosyası çok büyük: en fazla 5 MB olabilir.');

    const image = await upload(await picture('#16a34a', 'png', 100, 100), 'image/png');
    const title = `Açıklamasız görsel ${uniqueTag()}`;
    const refused = await call<{ message: string }>(stack, 'POST', '/api/polls', {
      sid: selin.sid,
      body: { title, category: 'genel', options: ['Yeşil', 'Mor'], optionImages: [{ id: image.body.id, alt: ' ' }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Her görsel için bir açıklama yazmalısın/);
    const mine = await call<{ title: string }[]>(stack, 'GET', '/api/users/me/polls', { sid: selin.sid });
    expect(mine.status).toBe(200);
    // Hers from the journeys above are listed; the refused one is not.
    expect(mine.body.length).toBeGreaterThan(0);
    expect(mine.body.some((poll) => poll.title === title)).toBe(false);
  });
});
