/** Link previews: what `polls.preview` tells of each kind of poll, and the 1200×630 card image of a visible one. */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { subjects } from '@meydan/proto';
import { asVisitor, until } from '@meydan/testing';
import { PollCards } from '../src/usecases/previews.js';
import { CARD_HEIGHT, CARD_WIDTH, pollCardSvg, wrapText } from '../src/domain/poll-card.js';
import { CARD_FRESH_MS } from '../src/usecases/previews.js';
import { createPoll, newUserId, startPolls, vote, type PollsTestService } from './support.js';

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('poll card domain', () => {
  it('escapes markup and keeps Turkish letters as they are', () => {
    const svg = pollCardSvg(
      {
        title: 'Çay mı <kahve> & "İğdır"?',
        options: [
          { text: 'Şöyle', votes: 1 },
          { text: 'Üstü', votes: 3 },
        ],
        totalVotes: 4,
      },
      true,
    );
    expect(svg).toContain('Çay mı &lt;kahve&gt; &amp; &quot;İğdır&quot;?');
    expect(svg).not.toContain('<kahve>');
    expect(svg).toContain('%75');
    expect(svg).toContain(`width="${CARD_WIDTH}" height="${CARD_HEIGHT}"`);
  });

  it('leaves out what XML cannot hold (control characters, lone surrogates), so sharp still draws the card', async () => {
    const title = '\u008b\u0087\ud84e\udefc\udb7dr \ud800x Çay\u0001';
    const svg = pollCardSvg(
      {
        title,
        options: [
          { text: '\ud99f\udde4\u00ad\u0001a', votes: 1 },
          { text: 'b\uffff', votes: 0 },
        ],
        totalVotes: 1,
      },
      true,
    );
    expect(svg).toContain('\ud84e\udefc');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the card must have dropped these control characters
    expect(svg).not.toMatch(/[\u0001\u0087\u008b\uffff]/);
    const sharp = (await import('sharp')).default;
    expect(pngSize(await sharp(Buffer.from(svg)).png().toBuffer())).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
  });

  it('draws no counts when results are not shown', () => {
    const svg = pollCardSvg(
      {
        title: 'Soru',
        options: [
          { text: 'A', votes: 5 },
          { text: 'B', votes: 0 },
        ],
        totalVotes: 5,
      },
      false,
    );
    expect(svg).not.toContain('%');
    expect(svg).not.toContain('5 oy');
  });

  it('wraps a long title into two lines with an ellipsis', () => {
    const lines = wrapText(
      'bir iki üç dört beş altı yedi sekiz dokuz on on bir on iki on üç on dört on beş on altı',
      20,
      2,
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(lines.every((l) => [...l].length <= 20)).toBe(true);
  });

  it('has a font with the Turkish letters installed (fonts-dejavu-core)', () => {
    expect(execFileSync('fc-match', ['DejaVu Sans:charset=11f 131 130 15f'], { encoding: 'utf8' })).toMatch(
      /DejaVuSans/,
    );
  });
});

describe('poll previews and cards', () => {
  let svc: PollsTestService;
  const creator = newUserId();
  const ids = {} as Record<'public' | 'private' | 'friends' | 'share', string>;
  let code = '';

  beforeAll(async () => {
    svc = await startPolls();
    for (const type of ['public', 'private', 'friends'] as const)
      ids[type] = (await createPoll(svc.app, creator, { type, title: `${type} çay mı kahve mi?` })).id;
    const shared = await createPoll(svc.app, creator, { title: 'Paylaşılan ılık süt' }, '/api/polls/shareable');
    ids.share = shared.id;
    code = shared.shortUrl!;
  });
  afterAll(() => svc?.close());

  const preview = (payload: { pollId: string } | { shortUrl: string }) =>
    svc.deps.bus.request(subjects.polls.preview, payload);

  it('tells a visitor only what a visitor may see', async () => {
    const visible = await preview({ pollId: ids.public });
    expect(visible.status).toBe('visible');
    expect(visible.poll).toMatchObject({
      id: ids.public,
      title: 'public çay mı kahve mi?',
      options: [
        { text: 'Kedi', votes: 0 },
        { text: 'Köpek', votes: 0 },
      ],
    });
    expect(await preview({ pollId: ids.private })).toEqual({ status: 'members' });
    expect(await preview({ pollId: ids.friends })).toEqual({ status: 'circle' });
    // A share-link poll is found by its code, never by its id.
    expect(await preview({ pollId: ids.share })).toEqual({ status: 'missing' });
    expect((await preview({ shortUrl: code })).poll?.title).toBe('Paylaşılan ılık süt');
    expect(await preview({ shortUrl: 'yok12345' })).toEqual({ status: 'missing' });
    expect(await preview({ pollId: '000000000000000000000000' })).toEqual({ status: 'missing' });
    expect(await preview({ pollId: 'bozuk' })).toEqual({ status: 'missing' });
  });

  it('renders a 1200×630 PNG for a public poll and a share link', async () => {
    for (const url of [`/api/polls/${ids.public}/card.png`, `/api/s/${code}/card.png`]) {
      const res = await svc.app.inject({ method: 'GET', url, headers: asVisitor() });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=5');
      expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
    }
  });

  it('answers 404 for a poll a visitor may not see, a share-link poll by id and an unknown one', async () => {
    for (const url of [
      `/api/polls/${ids.private}/card.png`,
      `/api/polls/${ids.friends}/card.png`,
      `/api/polls/${ids.share}/card.png`,
      '/api/polls/000000000000000000000000/card.png',
      '/api/s/yok12345/card.png',
    ]) {
      const res = await svc.app.inject({ method: 'GET', url, headers: asVisitor() });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
  });

  it('draws a card again at most every few seconds under votes', async () => {
    // A poll whose bars a visitor's card draws before voting (an after-vote poll's card draws none, votes or not).
    const { id } = await createPoll(svc.app, creator, { title: 'kart hep açık', resultsVisibility: 'always' });
    const url = `/api/polls/${id}/card.png`;
    const first = (await svc.app.inject({ method: 'GET', url, headers: asVisitor() })).rawPayload;
    expect((await vote(svc.app, id, newUserId(), 1)).statusCode).toBe(200);
    const soon = (await svc.app.inject({ method: 'GET', url, headers: asVisitor() })).rawPayload;
    expect(soon.equals(first)).toBe(true);
    // The card's clock (Date alone is faked: servers and timers run as usual) moves on by the card's freshness.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    let later: Buffer;
    try {
      vi.setSystemTime(Date.now() + CARD_FRESH_MS);
      later = (await svc.app.inject({ method: 'GET', url, headers: asVisitor() })).rawPayload;
    } finally {
      vi.useRealTimers();
    }
    expect(later.equals(first)).toBe(false);
    expect(pngSize(later)).toEqual({ width: 1200, height: 630 });
  });

  it('renders at most `atOnce` cards at a time in the process, queues `waiting` more, sends a kept card or 503 past them', async () => {
    const polls = await Promise.all(
      Array.from({ length: 4 }, (_, i) => createPoll(svc.app, creator, { title: `kart ${i}` })),
    );
    const started: string[] = [];
    const finish: (() => void)[] = [];
    const render = (svg: string) => {
      started.push(svg);
      return new Promise<Buffer>((resolve) => finish.push(() => resolve(Buffer.from(`png ${started.length}`))));
    };
    const cards = new PollCards({ atOnce: 2, waiting: 1, render });
    const ctx = svc.app.polls;
    const asked = polls.slice(0, 3).map((p) => cards.png(ctx, { pollId: p.id }));
    await until(() => started.length === 2, 5000, 'two renders started');
    // Two render, one waits; a fourth poll's card finds no slot and none kept: 503, and nothing is drawn for it.
    await expect(cards.png(ctx, { pollId: polls[3]!.id })).rejects.toMatchObject({
      statusCode: 503,
      headers: { 'retry-after': '2' },
    });
    expect(started).toHaveLength(2);
    finish.shift()!();
    await until(() => started.length === 3, 5000, 'the waiting render started');
    for (const done of finish.splice(0)) done();
    const pngs = await Promise.all(asked);
    expect(pngs.every((png) => png instanceof Buffer)).toBe(true);
    expect(started).toHaveLength(3);
  });

  it('shows a visitor a public poll by id, and answers every other one (members’, friends’, share-link, missing) with one 404', async () => {
    const get = (id: string) =>
      svc.app.inject({ method: 'GET', url: `/api/polls/${id}/preview`, headers: asVisitor() });
    const visible = await get(ids.public);
    expect(visible.json().poll.title).toBe('public çay mı kahve mi?');
    const missing = await get('000000000000000000000000');
    for (const id of [ids.private, ids.friends, ids.share, 'bozuk']) {
      const res = await get(id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual(missing.json());
      expect(res.headers['cache-control'], id).toBe(missing.headers['cache-control']);
    }
    expect(missing.json().message).toBe('Anket bulunamadı');
  });

  it('answers oEmbed (rich) with an iframe of the embed for our poll pages, 404 for anything else', async () => {
    const origin = svc.app.polls.config.PUBLIC_ORIGIN!.replace(/\/+$/, '');
    const oembed = (url: string, extra = '') =>
      svc.app.inject({
        method: 'GET',
        url: `/api/oembed?url=${encodeURIComponent(url)}&format=json${extra}`,
        headers: asVisitor(),
      });
    const byId = await oembed(`${origin}/anket/${ids.public}`);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(byId.json()).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'Meydan',
      title: 'public çay mı kahve mi?',
      width: 480,
      height: 420,
    });
    expect(byId.json().html).toBe(
      `<iframe src="${origin}/embed/anket/${ids.public}" width="480" height="420" style="border:0;max-width:100%" title="Meydan anketi: public çay mı kahve mi?" loading="lazy"></iframe>`,
    );
    const byCode = await oembed(`${origin}/s/${code}`, '&maxwidth=300');
    expect(byCode.json().html).toContain(`src="${origin}/embed/${code}" width="300"`);
    expect((await oembed(`${origin}/embed/${code}`)).statusCode).toBe(200);
    for (const url of [
      `https://elsewhere.example/anket/${ids.public}`,
      `${origin}/anket/${ids.private}`,
      `${origin}/anket/${ids.friends}`,
      `${origin}/anket/${ids.share}`,
      `${origin}/anket/000000000000000000000000`,
      `${origin}/kesfet`,
      'bir adres değil',
    ]) {
      const res = await oembed(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    const xml = await oembed(`${origin}/anket/${ids.public}`, '&format=xml');
    expect(xml.statusCode).toBe(400); // format given twice: refused by the schema
    const onlyXml = await svc.app.inject({
      method: 'GET',
      url: `/api/oembed?url=${encodeURIComponent(`${origin}/anket/${ids.public}`)}&format=xml`,
      headers: asVisitor(),
    });
    expect(onlyXml.statusCode).toBe(501);
    expect(onlyXml.json().message).toBe('Yalnızca JSON biçimi destekleniyor (format=json).');
    expect((await svc.app.inject({ method: 'GET', url: '/api/oembed', headers: asVisitor() })).statusCode).toBe(400);
  });
});
