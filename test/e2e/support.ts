/** What the browser tests share: Chromium, members made through the real API, MailDev links, screenshots. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RENDERED_THEME_ATTRIBUTE, SERVER_ANSWERS_ID, SESSION_COOKIE, type ServerAnswer } from '@meydan/proto';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { until } from '../harness.js';
import type { Browser, BrowserContext, Download, Locator, Page } from 'playwright-core';
import { connectShared, launchChromium } from './chromium.js';
import { totpCode } from '../../services/auth/src/domain/totp.js';
import { leaveStack, workerStack, type Stack } from './stack.js';

export const screenshotDir = fileURLToPath(new URL('../../test-results/screenshots', import.meta.url));

/**
 * Chromium for a browser test: the lane's shared headless shell (test/e2e/chromium.ts), or with `full` a whole browser
 * of its own, for what only it has (the notification permission a service worker's push needs).
 */
export function launchBrowser({ full = false }: { full?: boolean } = {}): Promise<Browser> {
  const shared = inject('browserEndpoint');
  return !full && shared ? connectShared(shared) : launchChromium(full);
}

/**
 * The bytes of a finished download. Read through Playwright's stream, since a browser the file is connected to (the
 * lane's shared Chromium) keeps the file on its side: `download.path()` is for a browser of the file's own.
 */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const desktop = { width: 1280, height: 800 };
export const mobile = { width: 390, height: 844 };

/**
 * A new browser profile on the stack. The app's service worker is registered only with `serviceWorker`: three seconds
 * after a page's load it precaches every file of the build (about a hundred), which each test's new profile paid again,
 * where only the service worker's own tests need it (info-pages.test.ts, web-push.test.ts). Without it, registration
 * resolves with nothing and the app goes on as in a browser without service workers.
 */
export async function newContext(
  browser: Browser,
  stack: Stack,
  options: {
    sid?: string;
    viewport?: { width: number; height: number };
    theme?: 'dark' | 'light';
    /** The device's `prefers-color-scheme`, which picks the first theme when none is stored (dark unless said). */
    colorScheme?: 'dark' | 'light';
    serviceWorker?: boolean;
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
    baseURL: stack.origin,
    viewport: options.viewport ?? desktop,
    colorScheme: options.colorScheme ?? 'dark',
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  if (options.sid) await context.addCookies([{ name: SESSION_COOKIE, value: options.sid, url: stack.origin }]);
  if (options.theme) {
    await context.addInitScript((theme) => {
      if (!sessionStorage.getItem('e2e-theme-set')) {
        localStorage.setItem('theme', theme);
        sessionStorage.setItem('e2e-theme-set', '1');
      }
    }, options.theme);
  }
  return context;
}

/**
 * Waits until the app has taken the page over: a page the server drew (a share link, a poll's page) takes input only
 * once hydrated (web/src/main.tsx); keys pressed before then would be lost. At once on any other page.
 */
export async function appTookOver(page: Page): Promise<void> {
  await page.waitForFunction((marker) => document.querySelector(`#root[${marker}]`) === null, RENDERED_THEME_ATTRIBUTE);
}

/**
 * Waits until a screen has settled: its heading is there, no spinner is left, and the header knows who is looking
 * (the bell for a member, 'Giriş Yap' for a visitor).
 */
export async function settled(page: Page, role: 'visitor' | 'member'): Promise<void> {
  await page.locator('#main h1').first().waitFor();
  await page
    .locator(role === 'member' ? '[data-bell]' : 'header button:text-is("Giriş Yap")')
    .first()
    .waitFor({ state: 'attached' });
  await page.waitForFunction(() => document.querySelector('[data-spinner]') === null);
  await appTookOver(page);
}

/** Collects what went wrong in a page (uncaught errors, CSP refusals), to assert there was nothing. */
export function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|EvalError|Uncaught/i.test(msg.text()))
      problems.push(msg.text());
  });
  return problems;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, animations: 'disabled' });
  return path;
}

export async function elementScreenshot(locator: Locator, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await locator.screenshot({ path, animations: 'disabled' });
  return path;
}

// ---------------------------------------------------------------------------------------------------------------
// Members through the real API

export interface Member {
  id: string;
  username: string;
  email: string;
  displayName: string;
  password: string;
  sid: string;
}

export async function call<T = unknown>(
  stack: Stack,
  method: string,
  path: string,
  options: { sid?: string; body?: unknown } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (options.sid) headers['cookie'] = `${SESSION_COOKIE}=${options.sid}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${stack.origin}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (HTML pages)
  }
  return { status: res.status, body: body as T, headers: res.headers };
}

/** The first link matching `pattern` in the newest mail to `email` that has one (mails are sent from JetStream consumers). */
export function mailedLink(
  stack: Stack,
  email: string,
  pattern: RegExp,
  what: string,
  timeoutMs = 20_000,
): Promise<string> {
  return until(
    async () => {
      const mine = (await stack.mail.messages()).filter((m) =>
        m.to.some((t) => t.address.toLowerCase() === email.toLowerCase()),
      );
      return mine
        .map((m) => (m.text + m.html).match(pattern)?.[0])
        .filter(Boolean)
        .pop();
    },
    timeoutMs,
    `${what} for ${email}`,
  );
}

/** The activation link of the newest mail to `email`. */
export const activationLink = (stack: Stack, email: string) =>
  mailedLink(stack, email, /https?:\/\/[^\s"'<>]+\/api\/auth\/activate\/[A-Za-z0-9_-]+/, 'an activation mail');

export async function signIn(stack: Stack, email: string, password: string): Promise<{ sid: string; id: string }> {
  const res = await fetch(`${stack.origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const sid = new RegExp(`(?:^|,\\s*)${SESSION_COOKIE}=([^;]+)`).exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!sid) throw new Error('login answered without a sid cookie');
  const user = (await res.json()) as { id: string };
  return { sid, id: user.id };
}

/**
 * The authenticators the journeys enrolled, by stack and e-mail: the secret and the recovery codes left. A worker runs
 * file after file, on the worker's stack, where a later file finds the administrator enrolled, or on a stack of the
 * file's own, where the same administrator enrols anew.
 */
const authenticators = new Map<string, { secret: string; recoveryCodes: string[] }>();

const sidOf = (res: Response) =>
  new RegExp(`(?:^|,\\s*)${SESSION_COOKIE}=([^;]+)`).exec(res.headers.get('set-cookie') ?? '')?.[1];

async function post(stack: Stack, path: string, sid: string, body: unknown): Promise<Response> {
  return fetch(`${stack.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${sid}` },
    body: JSON.stringify(body),
  });
}

/**
 * Signs a staff member (the administrator from the environment, a moderator) in as the panel needs them: the password,
 * then the second factor. The first time, the authenticator is enrolled through the API (its secret kept here, codes
 * computed as an app would); later, a code of this time step, or of the next (one step of drift is taken) when this
 * one was used, or else one of the recovery codes. Returns the verified session.
 */
export async function signInStaff(
  stack: Stack,
  email: string,
  password: string,
): Promise<{ sid: string; id: string; secret: string }> {
  const { sid, id } = await signIn(stack, email, password);
  const key = `${stack.origin} ${email}`;
  let known = authenticators.get(key);
  if (!known) {
    const enrol = await post(stack, '/api/auth/totp/enrol', sid, {});
    if (enrol.status !== 200) throw new Error(`totp enrolment of ${email}: ${enrol.status} ${await enrol.text()}`);
    const { secret } = (await enrol.json()) as { secret: string };
    const confirmed = await post(stack, '/api/auth/totp/confirm', sid, { code: totpCode(secret) });
    if (confirmed.status !== 200)
      throw new Error(`totp confirmation of ${email}: ${confirmed.status} ${await confirmed.text()}`);
    known = { secret, recoveryCodes: ((await confirmed.json()) as { recoveryCodes: string[] }).recoveryCodes };
    authenticators.set(key, known);
    return { sid: sidOf(confirmed)!, id, secret };
  }
  const attempts = [{ code: totpCode(known.secret) }, { code: totpCode(known.secret, Date.now() + 30_000) }];
  const recovery = known.recoveryCodes.shift();
  if (recovery) attempts.push({ recoveryCode: recovery } as never);
  for (const attempt of attempts) {
    const verified = await post(stack, '/api/auth/totp/verify', sid, attempt);
    if (verified.status === 200) return { sid: sidOf(verified)!, id, secret: known.secret };
    if (verified.status !== 400)
      throw new Error(`totp verification of ${email}: ${verified.status} ${await verified.text()}`);
  }
  throw new Error(`totp verification of ${email}: every code was used`);
}

/** Registers, activates through the mailed link and signs in a member. */
export async function createMember(stack: Stack, name: string, displayName: string): Promise<Member> {
  const tag = Math.random().toString(36).slice(2, 8);
  const username = `${name}_${tag}`;
  const email = `${username}@example.com`;
  const password = 'gizli-sifre-123';
  const registered = await call(stack, 'POST', '/api/register', { body: { username, email, displayName, password } });
  if (registered.status !== 201)
    throw new Error(`register ${username}: ${registered.status} ${JSON.stringify(registered.body)}`);
  const link = await activationLink(stack, email);
  const activated = await fetch(link);
  if (activated.status !== 200) throw new Error(`activation of ${username}: ${activated.status}`);
  const { sid, id } = await signIn(stack, email, password);
  return { id, username, email, displayName, password, sid };
}

export interface NewPoll {
  title: string;
  category: string;
  options: string[];
  type?: 'public' | 'private' | 'friends';
  description?: string | null;
}

export async function createPoll(stack: Stack, member: Member, poll: NewPoll): Promise<{ id: string }> {
  const res = await call<{ id: string }>(stack, 'POST', '/api/polls', {
    sid: member.sid,
    body: { type: 'public', description: null, durationHours: 24, ...poll },
  });
  if (res.status !== 201) throw new Error(`create poll: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * Makes a public share-link poll through the gateway (24 hours, no description unless given), with the create body's
 * other fields as given (a kind, startsAt, …); its id and share code.
 */
export async function createShareLinkPoll(
  stack: Stack,
  member: Member,
  poll: NewPoll & Record<string, unknown>,
): Promise<{ id: string; shortUrl: string }> {
  const res = await call<{ poll: { id: string; shortUrl: string } }>(stack, 'POST', '/api/polls/shareable', {
    sid: member.sid,
    body: { type: 'public', description: null, durationHours: 24, ...poll },
  });
  if (res.status !== 201) throw new Error(`create share-link poll: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.poll;
}

/** A poll's card on a page, by its title. */
export const pollCard = (page: Page, title: string) =>
  page.locator('article[data-poll-id]', { has: page.getByRole('heading', { name: title }) });
/**
 * Opens the create dialog ('Soru Fırlat') on /kesfet and fills a 'Serbest Kürsü' poll's question and options (adding
 * option fields past the first two); the dialog, for the switches a journey turns on.
 */
export async function fillCreateDialog(page: Page, title: string, options: readonly string[]): Promise<Locator> {
  await page.goto('/kesfet');
  await page.getByRole('button', { name: 'Soru Fırlat' }).click();
  const create = page.getByRole('dialog', { name: 'Kafa Açalım' });
  await create.getByRole('heading', { name: 'Kafa Açalım' }).waitFor();
  await create.getByLabel('Soru').fill(title);
  await create.getByRole('button', { name: /Serbest Kürsü/ }).click();
  for (let i = 2; i < options.length; i++) await create.getByRole('button', { name: 'Şık ekle' }).click();
  for (const [i, text] of options.entries()) await create.getByLabel(`${i + 1}. şık`, { exact: true }).fill(text);
  return create;
}

/**
 * Runs `act` (a click or a key press that casts a vote) and resolves with the status of the server's answer to the
 * vote it sent. A card, the share page and the embed show a vote at once (the vote mutation's optimistic update),
 * before the server has it: a test that then reads the vote through the API waits for this answer, not for the tick.
 */
export async function voteAnswered(page: Page, act: () => Promise<unknown>): Promise<number> {
  const answer = page.waitForResponse(
    (res) => res.request().method() === 'POST' && /^\/api\/(polls|s)\/[^/]+\/vote$/.test(new URL(res.url()).pathname),
  );
  await act();
  return (await answer).status();
}

/** The first toast carrying a text. */
export const toastWith = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text }).first();
/** A few letters that keep one run's titles apart. */
export const uniqueTag = () => Math.random().toString(36).slice(2, 6);

/** Whether a socket frame seen by the page is the server's answer following `pollId` (the answer names refused polls too). */
const followsPoll = (frame: string, pollId: string) => new RegExp(`"subscribed":\\[[^\\]]*"${pollId}"`).test(frame);

/**
 * Waits until one of `frames` (see `socketFrames`) is the server's answer following `pollId`: a vote's counts go out
 * once, to the sockets following its poll at that moment, so a test waits for this before a vote from elsewhere.
 */
export const untilFollowing = (frames: readonly string[], pollId: string) =>
  expect.poll(() => frames.some((frame) => followsPoll(frame, pollId)), { timeout: 10_000 }).toBe(true);

/** The poll_update frames among `frames` (see `socketFrames`) for a poll. */
export const pollUpdates = (frames: readonly string[], pollId: string) =>
  frames.filter((f) => f.includes('"poll_update"') && f.includes(pollId));

/**
 * Waits until a poll_update frame for `pollId` carrying `fragment` has been heard. Playwright tells of a frame apart
 * from what the page shows: counts can be on the page before the test hears of the frame that brought them.
 */
export const untilPollUpdate = (frames: readonly string[], pollId: string, fragment: string) =>
  expect.poll(() => pollUpdates(frames, pollId).some((f) => f.includes(fragment)), { timeout: 10_000 }).toBe(true);

/** Every socket frame the page receives from now on, as text (watch before the page opens its socket). */
export function socketFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) =>
      frames.push(typeof payload === 'string' ? payload : payload.toString('utf8')),
    ),
  );
  return frames;
}

/**
 * Every JSON answer of the API the page reads from now on, with its address (watch before the page asks): those it
 * asks for, and those a server-drawn page carries in its HTML (gateway/src/server-render.ts), which it reads instead.
 */
export function apiAnswers(page: Page): { url: string; body: unknown }[] {
  const answers: { url: string; body: unknown }[] = [];
  page.on('response', async (response) => {
    if (response.request().isNavigationRequest()) {
      const carried = new RegExp(`<script type="application/json" id="${SERVER_ANSWERS_ID}">(.*?)</script>`).exec(
        await response.text().catch(() => ''),
      )?.[1];
      const origin = new URL(response.url()).origin;
      for (const [path, answer] of Object.entries(JSON.parse(carried ?? '{}') as Record<string, ServerAnswer>))
        answers.push({ url: `${origin}${path}`, body: answer.body });
      return;
    }
    if (!response.url().includes('/api/') || !(response.headers()['content-type'] ?? '').includes('json')) return;
    try {
      answers.push({ url: response.url(), body: await response.json() });
    } catch {
      // A redirect or an aborted read has no body to check.
    }
  });
  return answers;
}

export interface BrowserRun {
  stack: Stack;
  browser: Browser;
  /** The members made before the tests, in the order they were asked for. */
  members: Member[];
  /** A new page in a context of its own (a member's when `sid` is given), its page errors collected. */
  open(options?: Parameters<typeof newContext>[2]): Promise<{ page: Page; errors: string[] }>;
}

/**
 * The setup most browser test files share, as vitest hooks: a stack, Chromium, the members asked for (username,
 * display name), and every context opened through `open` closed at the end. Read its fields inside tests.
 */
export function browserRun(
  members: readonly (readonly [username: string, displayName: string])[],
  browserOptions: Parameters<typeof launchBrowser>[0] = {},
): BrowserRun {
  const contexts: BrowserContext[] = [];
  const run = {
    members: [] as Member[],
    async open(options: Parameters<typeof newContext>[2] = {}) {
      const context = await newContext(run.browser, run.stack, options);
      contexts.push(context);
      const page = await context.newPage();
      return { page, errors: watchErrors(page) };
    },
  } as BrowserRun;
  beforeAll(async () => {
    run.stack = await workerStack();
    run.browser = await launchBrowser(browserOptions);
    run.members = await Promise.all(members.map(([name, displayName]) => createMember(run.stack, name, displayName)));
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await run.browser?.close().catch(() => undefined);
    await leaveStack(run.stack);
  }, 60_000);
  return run;
}
