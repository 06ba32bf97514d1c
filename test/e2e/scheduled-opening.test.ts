/**
 * A poll that opens at a set time (issue 41, 4), in a real Chromium against the real stack: the creator picks
 * 'Başlangıç zamanı' a few seconds ahead in the create dialog; a member sees the card as 'Yakında' with a countdown
 * and no vote button, asks 'Açılınca haber ver', and when the countdown reaches zero the card offers its options and
 * the vote goes through; the member is told it opened. Before that a vote through the gateway is a Turkish 409. A
 * share-link poll opening at the same moment shows 'Yakında' on its share page and in its embed, then takes a visitor's
 * vote on each. Accessibility checked on the upcoming card and the opened share page and embed; screenshots taken.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import type { Stack } from './stack.js';
import {
  browserRun,
  call,
  elementScreenshot,
  mobile,
  pollCard,
  screenshot,
  toastWith,
  uniqueTag,
  voteAnswered,
  type Member,
} from './support.js';

const run = browserRun([
  ['selinso', 'Selin Su'],
  ['kaanso', 'Kaan Öz'],
]);
let stack: Stack;
let selin: Member;
let kaan: Member;
beforeAll(() => {
  stack = run.stack;
  [selin, kaan] = run.members as [Member, Member];
});

/** `ms` from now as the page's datetime-local field takes it, in the page's own time zone (with seconds). */
const localInput = (page: Page, ms: number) =>
  page.evaluate((at) => {
    const d = new Date(at);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  }, Date.now() + ms);

describe('a poll opening at a set time in Chromium', { timeout: 120_000 }, () => {
  it('is made in the create dialog, counts down as Yakında without vote buttons, then opens and takes the vote', async () => {
    const title = `Maç kimin? ${uniqueTag()}`;
    const creator = await run.open({ sid: selin.sid, theme: 'dark' });
    await creator.page.goto('/kesfet');
    await creator.page.getByRole('button', { name: 'Soru Fırlat' }).click();
    const create = creator.page.getByRole('dialog', { name: 'Kafa Açalım' });
    await create.getByRole('heading', { name: 'Kafa Açalım' }).waitFor();
    await create.getByLabel('Soru').fill(title);
    await create.getByRole('button', { name: /Serbest Kürsü/ }).click();
    await create.getByLabel('1. şık', { exact: true }).fill('Ev sahibi');
    await create.getByLabel('2. şık', { exact: true }).fill('Deplasman');
    // Far enough ahead for both pages to see it upcoming on a busy machine; the test then waits for the opening.
    await create.getByLabel('Başlangıç zamanı (isteğe bağlı)').fill(await localInput(creator.page, 30_000));
    await create.getByRole('button', { name: 'Soruyu Fırlat' }).click();
    await toastWith(creator.page, 'Sorun fırlatıldı').waitFor();
    const mine = pollCard(creator.page, title);
    await mine.waitFor();
    const pollId = (await mine.getAttribute('data-poll-id'))!;
    const stored = await call<{ startsAt?: string }>(stack, 'GET', `/api/polls/${pollId}`, { sid: selin.sid });
    const opensAt = Date.parse(stored.body.startsAt!);
    expect(opensAt).toBeGreaterThan(Date.now());
    await mine.getByText('Yakında').waitFor();

    // A share-link poll opening at the same moment, open on its share page (a visitor's phone) and in its embed.
    const shared = await call<{ poll: { id: string; shortUrl: string } }>(stack, 'POST', '/api/polls/shareable', {
      sid: selin.sid,
      body: {
        title: `Maçı nerede izleriz? ${uniqueTag()}`,
        category: 'genel',
        type: 'public',
        description: null,
        durationHours: 24,
        options: ['Evde', 'Kafede'],
        startsAt: stored.body.startsAt,
      },
    });
    expect(shared.status).toBe(201);
    const visitor = await run.open({ viewport: mobile, theme: 'light' });
    await visitor.page.goto(`/s/${shared.body.poll.shortUrl}`);
    await visitor.page.locator('[data-upcoming]').getByText('Yakında').waitFor();
    const embed = await run.open();
    await embed.page.goto(`/embed/${shared.body.poll.shortUrl}`);
    await embed.page.locator('[data-upcoming]').getByText('Yakında').waitFor();

    // Before the opening the gateway refuses a vote in Turkish, counting nothing.
    const early = await call<{ error: string; message: string }>(stack, 'POST', `/api/polls/${pollId}/vote`, {
      sid: kaan.sid,
      body: { optionIndex: 1 },
    });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ error: 'poll_not_open', message: 'Bu anket henüz oylamaya açılmadı.' });
    const untouched = await call<{ totalVotes: number }>(stack, 'GET', `/api/polls/${pollId}`, { sid: kaan.sid });
    expect(untouched.body.totalVotes).toBe(0);

    // Before it opens its creator may still change its options: a third one is added.
    await mine.locator('[data-action="edit"]').click();
    const editing = creator.page.getByRole('dialog', { name: 'Anketi düzenle' });
    await editing.getByRole('button', { name: 'Şık ekle' }).click();
    await editing.getByLabel('3. şık', { exact: true }).fill('Berabere');
    await expectNoAxeViolations(creator.page, 'editing an upcoming poll’s options [member, dark, desktop]');
    await editing.getByRole('button', { name: 'Kaydet' }).click();
    await toastWith(creator.page, 'Anket güncellendi').waitFor();

    // A member sees it upcoming: the countdown, the options to read, no vote button, and the reminder.
    const voter = await run.open({ sid: kaan.sid, theme: 'light' });
    await voter.page.goto('/kesfet');
    const theirs = pollCard(voter.page, title);
    await theirs.locator('[data-upcoming]').getByText('Yakında').waitFor();
    const timer = theirs.getByRole('timer');
    expect(await timer.textContent()).toMatch(/^0:\d\d$/);
    expect(await theirs.getByRole('button', { name: 'Ev sahibi' }).count()).toBe(0);
    const upcomingOptions = theirs.getByRole('list', { name: 'Seçenekler (oylama henüz açılmadı)' });
    await upcomingOptions.getByText('Berabere').waitFor();
    expect(await upcomingOptions.getByRole('listitem').allTextContents()).toEqual([
      'Ev sahibi',
      'Deplasman',
      'Berabere',
    ]);
    await theirs.getByRole('button', { name: 'Açılınca haber ver' }).click();
    await theirs.getByRole('button', { name: 'Açılınca haber verilecek', pressed: true }).waitFor();
    await expectNoAxeViolations(voter.page, 'an upcoming poll card [member, light, desktop]');
    await elementScreenshot(theirs, 'scheduled-opening-upcoming-card-light');

    // The countdown reaches zero: the card offers its options, and the vote goes through.
    const vote = theirs.getByRole('button', { name: 'Ev sahibi' });
    await vote.waitFor({ timeout: 60_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(opensAt - 1_000);
    expect(await theirs.locator('[data-upcoming]').count()).toBe(0);
    expect(await voteAnswered(voter.page, () => vote.click())).toBe(200);
    await theirs.locator('[data-chosen][data-option="0"]').waitFor();
    const after = await call<{ hasVoted: boolean; userChoice: number; totalVotes: number }>(
      stack,
      'GET',
      `/api/polls/${pollId}`,
      { sid: kaan.sid },
    );
    expect(after.body).toMatchObject({ hasVoted: true, userChoice: 0, totalVotes: 1 });
    await elementScreenshot(theirs, 'scheduled-opening-opened-card-light');

    // The share page and the embed opened with it: a visitor votes on each, and both votes count.
    const onPage = visitor.page.getByRole('button', { name: 'Evde' });
    await onPage.waitFor();
    expect(await visitor.page.locator('[data-upcoming]').count()).toBe(0);
    expect(await voteAnswered(visitor.page, () => onPage.click())).toBe(200);
    await visitor.page.locator('[data-chosen]', { hasText: 'Evde' }).waitFor();
    await expectNoAxeViolations(visitor.page, '/s/{code} of a poll just opened, voted [visitor, light, mobile]');
    await screenshot(visitor.page, 'scheduled-opening-share-page-opened-mobile');
    const inEmbed = embed.page.getByRole('button', { name: 'Kafede' });
    await inEmbed.waitFor();
    expect(await embed.page.locator('[data-upcoming]').count()).toBe(0);
    expect(await voteAnswered(embed.page, () => inEmbed.click())).toBe(200);
    await embed.page.locator('[data-chosen]', { hasText: 'Kafede' }).waitFor();
    await expectNoAxeViolations(embed.page, '/embed/{code} of a poll just opened, voted');
    const counted = await call<{ totalVotes: number; options: { votes: number }[] }>(
      stack,
      'GET',
      `/api/polls/${shared.body.poll.id}`,
      { sid: selin.sid },
    );
    expect(counted.body).toMatchObject({ totalVotes: 2, options: [{ votes: 1 }, { votes: 1 }] });

    // The member who asked is told it opened.
    await expect
      .poll(
        async () =>
          (await call<{ message: string }[]>(stack, 'GET', '/api/notifications', { sid: kaan.sid })).body.some(
            (n) => n.message === `“${title}” anketi oylamaya açıldı.`,
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(creator.errors).toEqual([]);
    expect(voter.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    expect(embed.errors).toEqual([]);
  });

  it('shows a share-link poll as Yakında on its page and in the embed, with no vote button and no reminder', async () => {
    const created = await call<{ poll: { shortUrl: string } }>(stack, 'POST', '/api/polls/shareable', {
      sid: selin.sid,
      body: {
        title: `Toplantı ne zaman? ${uniqueTag()}`,
        category: 'genel',
        type: 'public',
        description: null,
        durationHours: 24,
        options: ['Sabah', 'Akşam'],
        startsAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      },
    });
    expect(created.status).toBe(201);
    const { shortUrl } = created.body.poll;

    const { page, errors } = await run.open({ viewport: mobile, theme: 'light' });
    await page.goto(`/s/${shortUrl}`);
    await page.locator('[data-upcoming]').getByText('Yakında').waitFor();
    expect(await page.getByRole('timer').textContent()).toMatch(/^\d:\d\d:\d\d$/);
    expect(await page.getByRole('button', { name: 'Sabah' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Açılınca haber ver' }).count()).toBe(0);
    await expectNoAxeViolations(page, '/s/{code} of an upcoming poll [visitor, light, mobile]');
    await screenshot(page, 'scheduled-opening-share-page-mobile');

    const embed = await run.open();
    await embed.page.goto(`/embed/${shortUrl}`);
    await embed.page.locator('[data-upcoming]').getByText('Yakında').waitFor();
    expect(await embed.page.getByRole('button', { name: 'Sabah' }).count()).toBe(0);
    await expectNoAxeViolations(embed.page, '/embed/{code} of an upcoming poll');
    expect(errors).toEqual([]);
    expect(embed.errors).toEqual([]);
  });

  it('shows an upcoming poll as Yakında with its opening on the presenter’s screen and in its oEmbed', async () => {
    const title = `Sunum ne zaman açılır? ${uniqueTag()}`;
    const startsAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const created = await call<{ id: string }>(stack, 'POST', '/api/polls', {
      sid: selin.sid,
      body: { title, category: 'genel', options: ['Evet', 'Hayır'], startsAt, resultsVisibility: 'always' },
    });
    expect(created.status).toBe(201);
    const pollId = created.body.id;

    const { page, errors } = await run.open({ sid: selin.sid, theme: 'light' });
    await page.goto(`/sunum/${pollId}`);
    const upcoming = page.locator('[data-presenter-upcoming]');
    await upcoming.getByText('Yakında').waitFor();
    const opensAt = await upcoming.locator('[data-opens-at]').textContent();
    expect(opensAt).toMatch(/^Oylama \d{1,2} \S+ \d{4} \d{2}:\d{2} tarihinde açılacak$/);
    expect(await upcoming.getByRole('timer').textContent()).toMatch(/^\d:\d\d:\d\d$/);
    expect(await page.locator('[data-percent]').count()).toBe(0);
    expect(await page.locator('[data-count="votes"]').textContent()).toBe('0 oy · Yakında');
    await expectNoAxeViolations(page, '/sunum/{id} of an upcoming poll [creator, light, desktop]');
    await screenshot(page, 'scheduled-opening-presenter-light');

    // oEmbed names the opening beside the title; the preview card's PNG is served.
    const oembed = await call<{ title: string; thumbnail_url: string }>(
      stack,
      'GET',
      `/api/oembed?url=${encodeURIComponent(`${stack.origin}/anket/${pollId}`)}&format=json`,
    );
    expect(oembed.status).toBe(200);
    expect(oembed.body.title).toMatch(
      new RegExp(
        `^${title.replace(/[?]/g, '\\?')} \\(Yakında · oylama \\d{1,2} \\S+ \\d{4} \\d{2}:\\d{2} tarihinde açılacak\\)$`,
      ),
    );
    const card = await fetch(oembed.body.thumbnail_url);
    expect([card.status, card.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(errors).toEqual([]);
  });
});
