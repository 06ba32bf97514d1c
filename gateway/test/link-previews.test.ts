/**
 * Link previews as a crawler sees them: a plain fetch of /anket/{id} and /s/{code} (no JavaScript) through a real
 * gateway in front of the real polls service, the og: tags read from the HTML and the og:image fetched and measured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseConfig } from '@meydan/kit';
import { openingTime } from '@meydan/proto';
import { asMember, startTestService, until, type TestService } from '@meydan/testing';
import { buildApp as buildPolls } from '../../services/polls/src/app.js';
import { newUserId } from '../../services/polls/test/support.js';
import { previewHead, shellWithPreview } from '../src/link-previews.js';
import { startTestGateway, type TestGateway } from './support.js';

const CRAWLER = { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' };

/** The content of `<meta property|name="key">`, unescaped the way an HTML parser would. */
function metaOf(html: string, key: string): string | undefined {
  const found = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)"`).exec(
    html,
  )?.[1];
  return found
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function pngSize(png: Buffer) {
  expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('preview tags', () => {
  it('escapes every value and replaces the shell’s own title and description', () => {
    const tags = {
      title: '"><script>alert(1)</script>',
      description: "Çay & 'kahve'",
      url: 'http://meydan.test/anket/1',
      image: null,
    };
    const html = shellWithPreview(
      '<html><head><meta name="description" content="eski" /><title>Meydan</title></head><body></body></html>',
      tags,
    );
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
    expect(html).not.toContain('content="eski"');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(metaOf(html, 'og:description')).toBe("Çay & 'kahve'");
    expect(metaOf(html, 'twitter:card')).toBe('summary');
    expect(previewHead({ ...tags, image: 'http://meydan.test/x.png' })).toContain('content="summary_large_image"');
  });

  it("puts a title's $` $' $& $1 in the tags as written, copying nothing of the page", () => {
    const shell =
      '<html><head><title>Meydan</title><script src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';
    const title = "Hangisi $` mi $' yoksa $& ya da $1 $$?";
    for (const page of [shell, shell.replace(/<\/?head>/g, '')]) {
      const html = shellWithPreview(page, {
        title,
        description: "Açıklama $'",
        url: 'http://meydan.test/anket/1',
        image: 'http://meydan.test/x.png',
      });
      expect(html.match(/<script/g)).toHaveLength(1);
      expect(html.match(/<html/g)).toHaveLength(1);
      expect(metaOf(html, 'og:title')).toBe(title);
      expect(metaOf(html, 'twitter:title')).toBe(title);
      expect(metaOf(html, 'og:description')).toBe("Açıklama $'");
      expect(html).toContain('<div id="root"></div></body></html>');
    }
  });
});

describe('link previews through the gateway (real polls)', () => {
  let polls: TestService;
  let gateway: TestGateway;
  const creator = newUserId();
  const made: Record<'public' | 'private' | 'friends', string> = { public: '', private: '', friends: '' };
  let code = '';

  const create = async (url: string, payload: Record<string, unknown>) => {
    const res = await polls.app.inject({
      method: 'POST',
      url,
      headers: asMember(creator),
      payload: { category: 'teknoloji-ai', options: ['Çay', 'Kahve <sade>'], ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  beforeAll(async () => {
    // Polls counts share-link vote attempts per IP network in the worker's Redis too, where other files' polls
    // services and stacks vote from 127.0.0.1 in the same minute: raised here, as this file tests no limit.
    polls = await startTestService('polls', buildPolls, {
      listen: true,
      config: { SHARE_VOTE_IP_LIMIT: 100_000 } as Partial<BaseConfig>,
    });
    // The worker's Redis counts requests per IP for every gateway and stack of the run (rate limits are shared by
    // design): scaled up so that other files' share-link votes from 127.0.0.1 in the same minute never refuse this one's.
    gateway = await startTestGateway({ polls }, { listen: true, config: { RATE_LIMIT_SCALE: 100 } });
    for (const type of ['public', 'private', 'friends'] as const)
      made[type] = (await create('/api/polls', { type, title: `Sabah "${type}" içeceği: çay mı?` })).id;
    code = (await create('/api/polls/shareable', { title: 'Işıklı İğdır & Şile' })).poll.shortUrl;
  });
  afterAll(async () => {
    await gateway?.close();
    await polls?.close();
  });

  const crawl = (path: string) => fetch(`${gateway.base}${path}`, { headers: CRAWLER });

  it("finds each poll's title in og:title and a 1200×630 PNG at og:image, for /anket/{id} and /s/{code}", async () => {
    const pages = [
      {
        path: `/anket/${made.public}`,
        title: 'Sabah "public" içeceği: çay mı?',
        image: `/api/polls/${made.public}/card.png`,
      },
      { path: `/s/${code}`, title: 'Işıklı İğdır & Şile', image: `/api/s/${code}/card.png` },
    ];
    for (const page of pages) {
      const res = await crawl(page.path);
      expect(res.status, page.path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(metaOf(html, 'og:title')).toBe(page.title);
      expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
      expect(metaOf(html, 'og:url')).toBe(`http://meydan.test${page.path}`);
      expect(metaOf(html, 'og:description')).toContain('Kahve <sade>');
      const image = metaOf(html, 'og:image')!;
      expect(image).toBe(`http://meydan.test${page.image}`);
      const png = await fetch(`${gateway.base}${new URL(image).pathname}`, { headers: CRAWLER });
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await png.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
    }
  });

  it('says in og:description that a scheduled poll opens later, and when', async () => {
    const startsAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const upcoming = await create('/api/polls', { type: 'public', title: 'Yarın açılacak anket', startsAt });
    const html = await (await crawl(`/anket/${upcoming.id}`)).text();
    expect(metaOf(html, 'og:title')).toBe('Yarın açılacak anket');
    expect(metaOf(html, 'og:description')).toBe(
      `Çay · Kahve <sade> — Yakında · oylama ${openingTime(startsAt)} tarihinde açılacak`,
    );
  });

  it('shows an edited title at once, though a preview is otherwise kept a few seconds', async () => {
    const poll = await create('/api/polls', { title: 'Düzenlenmeden önce' });
    const title = async () => metaOf(await (await crawl(`/anket/${poll.id}`)).text(), 'og:title');
    expect(await title()).toBe('Düzenlenmeden önce');
    const edit = await polls.app.inject({
      method: 'PATCH',
      url: `/api/polls/${poll.id}`,
      headers: asMember(creator),
      payload: { title: 'Düzenlendikten sonra' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // Inside the 3 s a preview is kept: only the edited event drops it.
    await until(async () => (await title()) === 'Düzenlendikten sonra', 2_000, 'the edited og:title');
  });

  it("answers a members' or friends' poll as an unknown one: the plain shell with 404, nothing of the poll", async () => {
    const unknown = await (await crawl('/anket/000000000000000000000000')).text();
    for (const type of ['private', 'friends'] as const) {
      const res = await crawl(`/anket/${made[type]}`);
      expect(res.status, type).toBe(404);
      const html = await res.text();
      expect(html).toBe(unknown);
      expect(html).not.toContain('içeceği');
      expect(metaOf(html, 'og:title')).toBeUndefined();
      const card = await fetch(`${gateway.base}/api/polls/${made[type]}/card.png`);
      expect(card.status).toBe(404);
    }
  });

  it('answers an unknown poll, a share-link poll by id and an unknown code with the not-found shell (404)', async () => {
    const shared = (await polls.app.inject({ method: 'GET', url: `/api/s/${code}`, headers: asMember(creator) })).json()
      .poll.id;
    for (const path of [
      '/anket/000000000000000000000000',
      '/anket/bozuk',
      `/anket/${shared}`,
      '/s/yok12345',
      `/anket/${'a'.repeat(80)}`,
    ]) {
      const res = await crawl(path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(metaOf(html, 'og:title')).toBeUndefined();
    }
    expect((await fetch(`${gateway.base}/api/s/yok12345/card.png`)).status).toBe(404);
  });

  it('lets other sites frame the embeds only, and every other page stays unframeable', async () => {
    for (const path of [`/embed/${code}`, `/embed/anket/${made.public}`]) {
      const res = await fetch(`${gateway.base}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-frame-options'), path).toBeNull();
      expect(res.headers.get('content-security-policy'), path).toContain('frame-ancestors *');
      expect(res.headers.get('content-security-policy'), path).toContain("script-src 'self'");
    }
    for (const path of [
      `/embed/anket/${made.private}`,
      `/embed/anket/${made.friends}`,
      '/embed/yok12345',
      '/embed/anket/000000000000000000000000',
    ]) {
      expect((await fetch(`${gateway.base}${path}`)).status, path).toBe(404);
    }
    for (const path of [
      '/',
      `/anket/${made.public}`,
      `/s/${code}`,
      '/kesfet',
      '/bu-sayfa-yok',
      `/api/polls/${made.public}`,
    ]) {
      const res = await fetch(`${gateway.base}${path}`);
      expect(res.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });

  it('lets an embed vote as a visitor with the signed id it was given, never with a forged one', async () => {
    const minted = await fetch(`${gateway.base}/api/embed/visitor`);
    expect(minted.status).toBe(200);
    expect(minted.headers.get('cache-control')).toBe('no-store');
    const { visitor } = (await minted.json()) as { visitor: string };
    const vote = (headers: Record<string, string>) =>
      fetch(`${gateway.base}/api/s/${code}/vote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ optionIndex: 1 }),
      });
    const forged = await vote({ 'x-meydan-visitor': `${visitor.split('.')[0]}.AAAAAAAAAAAAAAAAAAAAAA` });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: string }).error).toBe('visitor_required');
    const counted = await vote({ 'x-meydan-visitor': visitor });
    expect(counted.status, await counted.clone().text()).toBe(200);
    const poll = await fetch(`${gateway.base}/api/s/${code}`, { headers: { 'x-meydan-visitor': visitor } });
    expect(((await poll.json()) as { hasVoted: boolean; userChoice: number }).userChoice).toBe(1);
    expect((await vote({ 'x-meydan-visitor': visitor })).status).toBe(409);
  });
});
