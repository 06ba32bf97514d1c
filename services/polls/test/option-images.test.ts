/**
 * Options with images (issue 41, 2: 'Görsel ekle'): an upload is decoded and stored as a WebP without its metadata,
 * under a digest of its bytes, and served cached for good; what is not a JPEG, PNG or WebP, too large a file or too
 * many pixels is a Turkish refusal with nothing stored. A poll names uploaded images beside its options with the alt
 * text its creator wrote (required); every answer that shows the poll carries them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import {
  events,
  limits,
  pollMessages as M,
  pollServiceMessages as S,
  validate,
  type Poll,
  type PollCreateInput,
} from '@meydan/proto';
import { asMember, asVisitor } from '@meydan/testing';
import { hugePng } from '../../../test/images.js';
import { cardImageSlots, type CardImageSlot } from '../src/domain/poll-card.js';
import { exportMemberData } from '../src/usecases/member-data.js';
import {
  asShareVisitor,
  castBallot,
  createPoll,
  newUserId,
  startPolls,
  until,
  validPoll,
  type PollsTestService,
} from './support.js';

const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();

/** A photo as a phone gives one: a 3000×2000 JPEG with EXIF (a camera and a place). */
const photo = (background = '#c2410c') =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background } })
    .jpeg({ quality: 70 })
    .withExif({ IFD0: { Make: 'Meydan Kamera', Copyright: 'Ayşe Yılmaz' } })
    .toBuffer();

describe('options with images', () => {
  let svc: PollsTestService;
  const alice = newUserId();

  beforeAll(async () => {
    svc = await startPolls();
  });
  afterAll(async () => {
    await svc?.close();
  });

  const upload = (body: Buffer, contentType = 'image/jpeg', headers = asMember(alice)) =>
    svc.app.inject({
      method: 'POST',
      url: '/api/option-images',
      headers: { ...headers, 'content-type': contentType },
      payload: body,
    });
  const uploaded = async (body: Buffer, contentType = 'image/png') => {
    const res = await upload(body, contentType);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; url: string; width: number; height: number };
  };
  const storedImages = () => svc.app.polls.models.OptionImage.countDocuments();
  const square = (background: string, format: 'png' | 'webp' = 'png') =>
    sharp({ create: { width: 40, height: 40, channels: 3, background } })
      [format]()
      .toBuffer();
  const create = (body: Partial<PollCreateInput>, userId = alice, path = '/api/polls') =>
    svc.app.inject({ method: 'POST', url: path, headers: asMember(userId), payload: validPoll(body) });

  it('stores a photo as an 800-pixel WebP without its EXIF, served with an immutable Cache-Control', async () => {
    const res = await upload(await photo());
    expect(res.statusCode, res.body).toBe(201);
    expect(validate('meydan/option-image-upload', res.json()).ok).toBe(true);
    const { id, url, width, height } = res.json();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(url).toBe(`/api/option-images/${id}`);
    expect([width, height]).toEqual([800, 533]);

    const image = await svc.app.inject({ url, headers: asVisitor() });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 533 });
    expect(meta.exif).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('Meydan Kamera'))).toBe(false);

    const again = await svc.app.inject({
      url,
      headers: { ...asVisitor(), 'if-none-match': image.headers['etag'] as string },
    });
    expect(again.statusCode).toBe(304);
    // The same picture again is the same file, stored once.
    const before = await storedImages();
    expect((await upload(await photo())).json().id).toBe(id);
    expect(await storedImages()).toBe(before);
  });

  it('refuses what is not a JPEG, PNG or WebP, too large a file or too many pixels: Turkish, nothing stored', async () => {
    const before = await storedImages();
    const png = await square('#16a34a');
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const huge = hugePng(16_000, 16_000);
    expect(huge.length).toBeLessThan(limits.poll.optionImageMaxBytes);
    const cases: [Buffer, string, number, string][] = [
      [Buffer.from('Bu bir görsel değil, düz bir metin.'), 'text/plain', 415, S.optionImageType],
      [Buffer.from('merhaba'), 'image/png', 415, S.optionImageType],
      [gif, 'image/gif', 415, S.optionImageType],
      // A PNG's header with half its body: it reads as a PNG but does not decode.
      [png.subarray(0, Math.floor(png.length / 2)), 'image/png', 415, S.optionImageType],
      [Buffer.alloc(0), 'image/png', 415, S.optionImageType],
      [huge, 'image/png', 413, S.optionImagePixels],
      [Buffer.alloc(limits.poll.optionImageMaxBytes + 1, 7), 'image/jpeg', 413, S.optionImageTooLarge],
    ];
    for (const [body, type, status, message] of cases) {
      const res = await upload(body, type);
      expect(res.statusCode, `${type} ${body.length}: ${res.body}`).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const visitor = await upload(png, 'image/png', asVisitor());
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe(S.signInToUpload);
    expect(await storedImages()).toBe(before);
    const missing = await svc.app.inject({ url: `/api/option-images/${'0'.repeat(32)}`, headers: asVisitor() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(S.optionImageNotFound);
  });

  it('makes a poll whose options carry images and alt texts, shown on every read of it', async () => {
    const cat = await uploaded(await square('#f59e0b'));
    const dog = await uploaded(await square('#1d4ed8', 'webp'), 'image/webp');
    const body = {
      title: 'Hangisi daha sevimli?',
      options: ['Kedi', '  ', 'Köpek', 'İkisi de'],
      optionImages: [
        { id: cat.id, alt: '  Turuncu bir kedi yavrusu  ' },
        { id: dog.id, alt: 'Mavi tasmalı bir köpek' },
        null,
      ],
    };
    const made = await create(body);
    expect(made.statusCode, made.body).toBe(201);
    const poll = made.json() as Poll;
    const expected = [
      { id: cat.id, url: cat.url, alt: 'Turuncu bir kedi yavrusu' },
      { id: dog.id, url: dog.url, alt: 'Mavi tasmalı bir köpek' },
      null,
    ];
    expect(poll.options.map((o) => o.text)).toEqual(['Kedi', 'Köpek', 'İkisi de']);
    expect(poll.optionImages).toEqual(expected);
    expect(validate('meydan/poll', poll).ok).toBe(true);

    const bob = newUserId();
    const byId = (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(bob) })).json();
    expect(byId.optionImages).toEqual(expected);
    const linked = await create(body, alice, '/api/polls/shareable');
    expect(linked.json().poll.optionImages).toEqual(expected);
    const code = linked.json().poll.shortUrl;
    const share = await svc.app.inject({ url: `/api/s/${code}`, headers: asShareVisitor('img-visitor') });
    expect(share.json().poll.optionImages).toEqual(expected);
    expect(validate('meydan/share-link-poll', share.json()).ok).toBe(true);
    const feed = (await svc.app.inject({ url: '/api/polls?limit=50', headers: asVisitor() })).json();
    expect(feed.polls.find((p: Poll) => p.id === poll.id)?.optionImages).toEqual(expected);

    // Votes count by index as on any poll.
    const ballot = await castBallot(svc.app, poll.id, bob, { optionIndex: 1 });
    expect(ballot.statusCode, ballot.body).toBe(200);
    const after = (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(bob) })).json() as Poll;
    expect(after.options.map((o) => o.votes)).toEqual([0, 1, 0]);
    expect(after.optionImages).toEqual(expected);

    // A poll without images says nothing of them.
    expect((await createPoll(svc.app, alice)).optionImages).toBeUndefined();
  });

  it('keeps them through search, a vote change and counts hidden by the results mode', async () => {
    const image = await uploaded(await square('#4d7c0f'));
    const expected = [{ id: image.id, url: image.url, alt: 'Yeşil bir kare' }, null];
    const poll = await createPoll(svc.app, alice, {
      title: 'Görselaramasi yeşil mi?',
      resultsVisibility: 'creator',
      allowVoteChange: true,
      optionImages: [{ id: image.id, alt: 'Yeşil bir kare' }],
    });
    const found = await svc.app.inject({ url: '/api/search?q=gorselaramasi', headers: asVisitor() });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().polls.find((p: Poll) => p.id === poll.id)?.optionImages).toEqual(expected);

    const voter = newUserId();
    expect((await castBallot(svc.app, poll.id, voter, { optionIndex: 0 })).statusCode).toBe(200);
    const moved = await svc.app.inject({
      method: 'PUT',
      url: `/api/polls/${poll.id}/vote`,
      headers: asMember(voter),
      payload: { optionIndex: 1 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Only its creator sees the counts; everyone sees the images.
    const seen = (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(voter) })).json() as Poll;
    expect(seen).toMatchObject({ resultsVisible: false, userChoice: 1, optionImages: expected });
    const own = (await svc.app.inject({ url: `/api/polls/${poll.id}`, headers: asMember(alice) })).json() as Poll;
    expect(own.options.map((o) => o.votes)).toEqual([0, 1]);
    expect(own.optionImages).toEqual(expected);
  });

  it('exports a member’s images with their polls; deletes those no other poll names with the account, unties the rest', async () => {
    const gone = newUserId();
    const other = newUserId();
    const upload = async (userId: string, background: string) => {
      const res = await svc.app.inject({
        method: 'POST',
        url: '/api/option-images',
        headers: { ...asMember(userId), 'content-type': 'image/png' },
        payload: await square(background),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const own = await upload(gone, '#831843');
    const shared = await upload(gone, '#134e4a');
    // The same picture from another member is the same file; their poll names it.
    expect(await upload(other, '#134e4a')).toBe(shared);
    await createPoll(svc.app, gone, { optionImages: [{ id: own, alt: 'Bordo bir kare' }] });
    await createPoll(svc.app, other, { optionImages: [{ id: shared, alt: 'Koyu yeşil bir kare' }] });

    // Their data export names the image of their poll, with its alt text.
    const exported = await exportMemberData(svc.app.polls, gone);
    expect(validate('meydan/nats-polls-user-export-reply', exported).ok).toBe(true);
    expect(exported.polls[0]?.optionImages).toEqual([
      { id: own, url: `/api/option-images/${own}`, alt: 'Bordo bir kare' },
      null,
    ]);

    await svc.deps.bus.publish(
      events.auth.userDeleted,
      { userId: gone, at: new Date().toISOString() },
      { requestId: 'test' },
    );
    const { OptionImage } = svc.app.polls.models;
    await until(async () => (await OptionImage.countDocuments({ _id: own })) === 0, 15_000, 'the own image deleted');
    await until(async () => (await OptionImage.countDocuments({ uploaderId: gone })) === 0, 15_000, 'images untied');
    expect(await OptionImage.findById(shared, { uploaderId: 1 }).lean()).toMatchObject({ uploaderId: null });
    const served = await svc.app.inject({ url: `/api/option-images/${shared}`, headers: asVisitor() });
    expect(served.statusCode).toBe(200);
  });

  it('lets any kind carry images: multiple choice, quiz and ranked', async () => {
    const image = await uploaded(await square('#7c3aed'));
    const optionImages = [null, { id: image.id, alt: 'Mor bir kare' }];
    for (const over of [
      { maxChoices: 2 },
      { kind: 'quiz' as const, correctOptionIndexes: [1] },
      { kind: 'ranked' as const },
    ]) {
      const poll = await createPoll(svc.app, alice, { ...over, optionImages });
      expect(poll.optionImages, JSON.stringify(over)).toEqual([
        null,
        { id: image.id, url: image.url, alt: 'Mor bir kare' },
      ]);
    }
  });

  it('refuses images without alt text, unknown, malformed or more than the options: Turkish 400, nothing stored', async () => {
    const image = await uploaded(await square('#0f766e'));
    const user = newUserId();
    const cases: [unknown, string][] = [
      [[{ id: image.id }], M.optionImageAltRequired],
      [[{ id: image.id, alt: '' }], M.optionImageAltRequired],
      [[{ id: image.id, alt: '   ' }], M.optionImageAltRequired],
      [[{ id: image.id, alt: 'ç'.repeat(limits.poll.optionImageAltMax + 1) }], M.optionImageAltMax],
      [[{ id: 'f'.repeat(32), alt: 'Yüklenmemiş görsel' }], M.optionImageUnknown],
      [[{ id: '../../etc/passwd', alt: 'Yol' }], M.optionImages],
      [[{ id: image.id, alt: 'Fazla', url: 'https://example.com/x.png' }], M.optionImages],
      [['kedi.png'], M.optionImages],
      [{ id: image.id, alt: 'Liste değil' }, M.optionImages],
      [[null, null, { id: image.id, alt: 'Üçüncü şık yok' }], M.optionImagesOverOptions],
    ];
    for (const path of ['/api/polls', '/api/polls/shareable'])
      for (const [optionImages, message] of cases) {
        const res = await create({ optionImages: optionImages as never }, user, path);
        expect(res.statusCode, `${JSON.stringify(optionImages)}: ${res.body}`).toBe(400);
        expect(res.json().message).toBe(message);
      }
    expect(await svc.app.polls.models.Poll.countDocuments({ creatorId: user })).toBe(0);
  });

  it('draws the images on the link preview card, each at the start of its option', async () => {
    const orange = await uploaded(await square('#f97316'));
    const blue = await uploaded(await square('#2563eb'));
    const poll = await createPoll(svc.app, alice, {
      title: 'Hangi renk?',
      options: ['Turuncu', 'Gri', 'Mavi'],
      optionImages: [{ id: orange.id, alt: 'Turuncu bir kare' }, null, { id: blue.id, alt: 'Mavi bir kare' }],
    });
    const preview = (await svc.app.inject({ url: `/api/polls/${poll.id}/preview`, headers: asVisitor() })).json().poll;
    expect(validate('meydan/nats-poll-preview-reply', { status: 'visible', poll: preview }).ok).toBe(true);
    expect(preview.optionImages.map((image: { alt: string } | null) => image?.alt ?? null)).toEqual([
      'Turuncu bir kare',
      null,
      'Mavi bir kare',
    ]);
    const slots = cardImageSlots(preview, false);
    expect(slots.map((slot) => slot.id)).toEqual([orange.id, blue.id]);
    const card = await svc.app.inject({ url: `/api/polls/${poll.id}/card.png`, headers: asVisitor() });
    expect(card.statusCode).toBe(200);
    const { data, info } = await sharp(card.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const centre = (slot: CardImageSlot) => pixel(slot.left + slot.size / 2, slot.top + slot.size / 2);
    // The images are stored lossy (WebP): their colours within a few steps.
    const near = (rgb: number[], [r, g, b]: number[]) =>
      Math.max(Math.abs(rgb[0]! - r!), Math.abs(rgb[1]! - g!), Math.abs(rgb[2]! - b!));
    expect(near(centre(slots[0]!), [0xf9, 0x73, 0x16])).toBeLessThan(6);
    expect(near(centre(slots[1]!), [0x25, 0x63, 0xeb])).toBeLessThan(6);
    // The option without an image keeps its row's plain colour there.
    const gray = { ...slots[0]!, top: slots[0]!.top + (slots[1]!.top - slots[0]!.top) / 2 };
    expect(centre(gray)).toEqual([0xee, 0xf2, 0xff]);
  });

  it('ends its creator’s results file with each option’s image address and alt text', async () => {
    const image = await uploaded(await square('#ca8a04'));
    const poll = await createPoll(svc.app, alice, {
      title: 'Sarı mı, düz mü?',
      resultsVisibility: 'always',
      optionImages: [null, { id: image.id, alt: '=Sarı bir kare' }],
    });
    const csv = await svc.app.inject({ url: `/api/polls/${poll.id}/results.csv`, headers: asMember(alice) });
    expect(csv.statusCode).toBe(200);
    const [header, ...rows]: string[][] = parse(csv.body.slice(1), { delimiter: ';' });
    expect(header!.slice(-2)).toEqual(['gorsel', 'gorsel_aciklamasi']);
    expect(rows.map((row) => row.slice(-2))).toEqual([
      ['', ''],
      [`${svc.app.polls.config.PUBLIC_ORIGIN!.replace(/\/+$/, '')}/api/option-images/${image.id}`, "'=Sarı bir kare"],
    ]);
    // A poll without images has no such columns.
    const plain = await createPoll(svc.app, alice, { resultsVisibility: 'always' });
    const plainCsv = await svc.app.inject({ url: `/api/polls/${plain.id}/results.csv`, headers: asMember(alice) });
    expect(plainCsv.body).not.toContain('gorsel');
  });

  it('keeps the options of a scheduled poll with images; its title may still be edited', async () => {
    const image = await uploaded(await square('#be123c'));
    const poll = await createPoll(svc.app, alice, {
      startsAt: inMs(3_600_000),
      optionImages: [{ id: image.id, alt: 'Kırmızı bir kare' }],
    });
    const patch = (payload: Record<string, unknown>) =>
      svc.app.inject({ method: 'PATCH', url: `/api/polls/${poll.id}`, headers: asMember(alice), payload });
    const options = await patch({ options: ['Köpek', 'Kedi'] });
    expect(options.statusCode).toBe(400);
    expect(options.json().message).toBe(M.optionImagesOptionsLocked);
    const title = await patch({ title: 'Hangisi daha iyi? (düzeltildi)' });
    expect(title.statusCode, title.body).toBe(200);
    expect(title.json().optionImages[0]).toMatchObject({ id: image.id, alt: 'Kırmızı bir kare' });
    expect(title.json().options.map((o: { text: string }) => o.text)).toEqual(['Kedi', 'Köpek']);
  });
});
