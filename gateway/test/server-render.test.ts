/**
 * Server-rendered poll pages (server-render.ts) through a real gateway in front of real auth and polls, drawn by the
 * web's built server rendering (web/dist-server/entry-server.js, made by `npm run build -w @meydan/web`): what a plain
 * fetch of /s/{code} and /anket/{id} gets — the poll drawn in `#root`, the answers it was drawn from, the visitor's
 * cookie — and what it never gets (a poll it may not see, a member's session in a visitor's page, a title that ends the
 * page's script).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ANSWERS_ID, SESSION_COOKIE, type ServerAnswer } from '@meydan/proto';
import { startTestService, type TestService } from '@meydan/testing';
import { buildApp as buildAuth } from '../../services/auth/src/app.js';
import { createUser } from '../../services/auth/test/support.js';
import { buildApp as buildPolls } from '../../services/polls/src/app.js';
import { answersBlock, shellWithPage, themeOf } from '../src/server-render.js';
import { startTestGateway, type TestGateway } from './support.js';

const entry = fileURLToPath(new URL('../../web/dist-server/entry-server.js', import.meta.url));

/** The answers a page carries, by API address. */
function answersOf(html: string): Record<string, ServerAnswer> {
  const block = new RegExp(`<script type="application/json" id="${SERVER_ANSWERS_ID}">(.*?)</script>`).exec(html);
  expect(block, 'the answers block').not.toBeNull();
  return JSON.parse(block![1]!) as Record<string, ServerAnswer>;
}

/** What `#root` holds. */
const rootOf = (html: string) =>
  /<div id="root"[^>]*>([\s\S]*)<\/div>\s*<script type="application\/json"/.exec(html)?.[1];

describe('the parts of a drawn page', () => {
  it('puts the answers in a data block nothing in them can end or escape', () => {
    const block = answersBlock({
      '/api/s/x': { status: 200, body: { title: '</script><script>alert(1)</script> <!-- \u2028 $& $1' } },
    });
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block).not.toContain('<!--');
    const json = /^<script type="application\/json" id="meydan-answers">(.*)<\/script>$/.exec(block)![1]!;
    expect(JSON.parse(json)['/api/s/x'].body.title).toBe('</script><script>alert(1)</script> <!-- \u2028 $& $1');
  });

  it("puts the drawing in the shell's root and head as written, copying nothing of the page for a `$&`", () => {
    const shell =
      '<html><head><title>Meydan</title></head><body><div id="root"></div><script src="/a.js"></script></body></html>';
    const html = shellWithPage(shell, {
      html: '<h1>Çay $&amp; $` kahve</h1>',
      styles: '<style data-styled="active">.a{}</style>',
      parts: ['BallotForm', 'RankedChoice'],
      answers: {},
      theme: 'light',
    });
    expect(html).toContain(
      '<div id="root" data-rendered-theme="light" data-rendered-parts="BallotForm,RankedChoice"><h1>Çay $&amp; $` kahve</h1></div>',
    );
    expect(html).toMatch(/^<html data-theme="light">/);
    expect(
      shellWithPage('<html lang="tr" data-theme="dark"><head></head><div id="root"></div></html>', {
        html: '',
        styles: '',
        parts: [],
        answers: {},
        theme: 'light',
      }),
    ).toMatch(/^<html lang="tr" data-theme="light">/);
    expect(html).toContain('<style data-styled="active">.a{}</style>\n  </head>');
    expect(html.match(/<div id="root"/g)).toHaveLength(1);
  });

  it("draws in the member's chosen palette (cookie), else the device's (client hint), else dark", () => {
    const request = (cookies: Record<string, string>, headers: Record<string, string> = {}) =>
      ({ cookies, headers }) as unknown as Parameters<typeof themeOf>[0];
    expect(themeOf(request({ theme: 'light' }, { 'sec-ch-prefers-color-scheme': 'dark' }))).toBe('light');
    expect(themeOf(request({}, { 'sec-ch-prefers-color-scheme': '"light"' }))).toBe('light');
    expect(themeOf(request({ theme: 'mor' }, { 'sec-ch-prefers-color-scheme': 'dark' }))).toBe('dark');
    expect(themeOf(request({}))).toBe('dark');
  });
});

describe('poll pages drawn on the server (real auth and polls)', () => {
  let auth: TestService;
  let polls: TestService;
  let gateway: TestGateway;
  let sid = '';
  let memberName = '';
  let memberEmail = '';
  let code = '';
  let publicId = '';
  let privateId = '';

  const post = async (url: string, payload: unknown) => {
    const res = await fetch(`${gateway.base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${sid}` },
      body: JSON.stringify(payload),
    });
    expect(res.status, url).toBe(201);
    return res.json();
  };
  const page = (path: string, cookie?: string) =>
    fetch(`${gateway.base}${path}`, { headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    auth = await startTestService('auth', buildAuth, { listen: true });
    polls = await startTestService('polls', buildPolls, { listen: true });
    gateway = await startTestGateway(
      { auth, polls },
      { listen: true, config: { WEB_SERVER_RENDER: entry, RATE_LIMIT_SCALE: 100 } },
    );
    const member = await createUser(auth.deps, { displayName: 'Çizen Üye' });
    memberName = member.username;
    memberEmail = member.email;
    const login = await fetch(`${gateway.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(login.status).toBe(200);
    sid = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(login.headers.get('set-cookie') ?? '')![1]!;
    const poll = { category: 'genel', options: ['Çay', 'Kahve <sade>'], durationHours: 24, description: null };
    code = (await post('/api/polls/shareable', { ...poll, type: 'public', title: 'Sabah </script> içeceği' })).poll
      .shortUrl;
    publicId = (await post('/api/polls', { ...poll, type: 'public', title: 'Öğle içeceği: ayran mı?' })).id;
    privateId = (await post('/api/polls', { ...poll, type: 'private', title: 'Üyelere özel içecek' })).id;
  });
  afterAll(async () => {
    await gateway?.close();
    await polls?.close();
    await auth?.close();
  });

  it('draws a share link for a visitor: the poll in #root, the answers it was drawn from, and their visitor id', async () => {
    const res = await page(`/s/${code}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('vary')).toMatch(/cookie/i);
    expect(res.headers.get('critical-ch')).toBe('Sec-CH-Prefers-Color-Scheme');
    const visitorCookie = res.headers.get('set-cookie') ?? '';
    expect(visitorCookie).toMatch(/^vid=/);
    const html = await res.text();
    const root = rootOf(html)!;
    expect(html).toMatch(/<div id="root" data-rendered-theme="dark" data-rendered-parts="[A-Za-z,]*">/);
    expect(root).toContain('Sabah &lt;/script&gt; içeceği');
    expect(root).toContain('Kahve &lt;sade&gt;');
    expect(root).toContain('Giriş Yap');
    // The title never ends a script of the page: the data block's and the document's scripts are all there is.
    expect(html).not.toContain('Sabah </script>');
    expect(html).toMatch(/<style data-styled="[^"]+" data-styled-version=/);

    const answers = answersOf(html);
    expect(Object.keys(answers)).toEqual(['/api/auth/session', `/api/s/${code}`]);
    expect(answers['/api/auth/session']!.status).toBe(401);
    // The same answer the API gives this visitor (their id from the page's cookie).
    const api = await fetch(`${gateway.base}/api/s/${code}`, { headers: { cookie: visitorCookie.split(';')[0]! } });
    expect(answers[`/api/s/${code}`]).toEqual({ status: 200, body: await api.json() });
  });

  it("draws a poll's page for its member with their session and the poll's comments, in their palette", async () => {
    const res = await page(`/anket/${publicId}`, `${SESSION_COOKIE}=${sid}; theme=light`);
    expect(res.status).toBe(200);
    // The member's choice decided the palette: no need to ask the browser for the device's again.
    expect(res.headers.get('critical-ch')).toBeNull();
    expect(res.headers.get('accept-ch')).toBe('Sec-CH-Prefers-Color-Scheme');
    const html = await res.text();
    expect(html).toMatch(/<div id="root" data-rendered-theme="light" data-rendered-parts="[A-Za-z,]*">/);
    expect(rootOf(html)).toContain('Öğle içeceği: ayran mı?');
    const answers = answersOf(html);
    expect(Object.keys(answers)).toEqual([
      '/api/auth/session',
      `/api/polls/${publicId}`,
      `/api/polls/${publicId}/comments`,
    ]);
    expect((answers['/api/auth/session']!.body as { username: string }).username).toBe(memberName);
    expect(answers[`/api/polls/${publicId}/comments`]!.status).toBe(200);

    expect(html).toContain(memberEmail);
    // Nothing of the member's session is in a visitor's page of the same poll, drawn just after.
    const visitor = await (await page(`/anket/${publicId}`)).text();
    expect(visitor).not.toContain(memberEmail);
    expect(answersOf(visitor)['/api/auth/session']!.status).toBe(401);
  });

  it('names the lazily loaded parts it drew, which the app loads before hydrating: a ranked ballot', async () => {
    const ranked = (
      await post('/api/polls/shareable', {
        category: 'genel',
        options: ['Kış', 'Yaz', 'Bahar'],
        durationHours: 24,
        description: null,
        type: 'public',
        title: 'Mevsimleri sırala',
        kind: 'ranked',
      })
    ).poll.shortUrl;
    const parts = (html: string) => /data-rendered-parts="([^"]*)"/.exec(html)?.[1]?.split(',');
    expect(parts(await (await page(`/s/${ranked}`)).text())).toContain('RankedChoice');
    expect(parts(await (await page(`/s/${code}`)).text())).not.toContain('RankedChoice');
  });

  it("draws nothing of a poll a visitor may not see: a members' poll is the plain shell with 404", async () => {
    const res = await page(`/anket/${privateId}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(SERVER_ANSWERS_ID);
    expect(html).not.toContain('Üyelere özel');
  });

  it('answers with the plain shell when a read the drawing needs fails (auth gone), as before drawing existed', async () => {
    const plain = await startTestGateway({ polls }, { listen: true, config: { WEB_SERVER_RENDER: entry } });
    try {
      const res = await fetch(`${plain.base}/s/${code}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain(SERVER_ANSWERS_ID);
    } finally {
      await plain.close();
    }
  });
});
