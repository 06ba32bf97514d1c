/**
 * Result visibility in a real Chromium against the real stack (issue 27): the create dialog's 'Sonuçları kim, ne zaman
 * görsün?' radio group, an after-close poll whose card says when its results show and whose socket frames carry no
 * counts until the creator closes it (then the counts arrive live), a creator-only poll's card for its creator (its
 * counts live on the creator's socket) and for another member, an always poll's results before voting, the presenter view, a share-link page and an embed of
 * polls with hidden results, and an unknown choice refused in Turkish. Accessibility checked; screenshots taken.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import type { Stack } from './stack.js';
import {
  browserRun,
  call,
  elementScreenshot,
  pollCard,
  pollUpdates,
  screenshot,
  socketFrames,
  toastWith,
  uniqueTag,
  untilFollowing,
  untilPollUpdate,
  type Member,
} from './support.js';

const run = browserRun([
  ['selin', 'Selin Ak'],
  ['kaan', 'Kaan Er'],
]);
let stack: Stack;
let selin: Member;
let kaan: Member;
beforeAll(() => {
  stack = run.stack;
  [selin, kaan] = run.members as [Member, Member];
});

/** A page of the member, with every socket frame it receives kept (to prove what the socket did not say). */
async function open(sid?: string): Promise<{ page: Page; errors: string[]; frames: string[] }> {
  const { page, errors } = await run.open(sid ? { sid } : {});
  const frames = socketFrames(page);
  return { page, errors, frames };
}

async function createWith(member: Member, title: string, resultsVisibility: string) {
  const res = await call<{ id: string }>(stack, 'POST', '/api/polls', {
    sid: member.sid,
    body: { title, category: 'genel', options: ['Evet', 'Hayır'], durationHours: 24, resultsVisibility },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('result visibility in Chromium', { timeout: 120_000 }, () => {
  it('creates an after-close poll in the dialog, hides its counts from voters and sockets until it is closed, then shows them live', async () => {
    const title = `Yılın filmi hangisi? ${uniqueTag()}`;
    const creator = await open(selin.sid);
    await creator.page.goto('/kesfet');
    await creator.page.getByRole('button', { name: 'Soru Fırlat' }).click();
    const create = creator.page.getByRole('dialog', { name: 'Kafa Açalım' });
    await create.getByRole('heading', { name: 'Kafa Açalım' }).waitFor();
    const choice = create.getByRole('radiogroup', { name: 'Sonuçları kim, ne zaman görsün?' });
    // The default: the results after the vote.
    expect(await choice.getByRole('radio', { name: /^Oy verince/ }).getAttribute('aria-checked')).toBe('true');
    await create.getByLabel('Soru').fill(title);
    await create.getByRole('button', { name: /Film, Dizi/ }).click();
    await create.getByLabel('1. şık', { exact: true }).fill('Dram');
    await create.getByLabel('2. şık', { exact: true }).fill('Komedi');
    await choice.getByRole('radio', { name: /^Anket bitince/ }).click();
    expect(await choice.getByRole('radio', { name: /^Anket bitince/ }).getAttribute('aria-checked')).toBe('true');
    await expectNoAxeViolations(creator.page, 'create dialog with the results visibility choice');
    await choice.scrollIntoViewIfNeeded();
    await screenshot(creator.page, 'create-poll-results-visibility-desktop-dark');
    await create.getByRole('button', { name: 'Soruyu Fırlat' }).click();
    await toastWith(creator.page, 'Sorun fırlatıldı').waitFor();

    const mine = pollCard(creator.page, title);
    await mine.waitFor();
    const pollId = (await mine.getAttribute('data-poll-id'))!;
    expect(
      (await call<{ resultsVisibility: string }>(stack, 'GET', `/api/polls/${pollId}`, { sid: kaan.sid })).body
        .resultsVisibility,
    ).toBe('after-close');
    await mine.locator('[data-results-hidden]', { hasText: 'Sonuçlar anket bitince görünecek' }).waitFor();
    // The creator's results file waits for the end too.
    expect(await mine.getByRole('link', { name: 'Sonuçları indir (CSV)' }).count()).toBe(0);

    const voter = await open(kaan.sid);
    await voter.page.goto('/kesfet');
    const theirs = pollCard(voter.page, title);
    await theirs.locator('[data-results-hidden]', { hasText: 'Sonuçlar anket bitince görünecek' }).waitFor();
    // Both sockets follow the poll before the vote: its one update goes out once, to the sockets following it then.
    for (const frames of [creator.frames, voter.frames]) {
      await untilFollowing(frames, pollId);
    }
    await theirs.getByRole('button', { name: 'Komedi' }).click();
    // Voted: the options with the choice marked, no bars, no figures.
    await theirs.locator('[data-results-hidden-list] [data-chosen][data-option="1"]').waitFor();
    expect(await theirs.locator('[data-results], [data-percent]').count()).toBe(0);
    // The creator's page hears the vote live: the total, never a count.
    await mine.locator('[data-count="votes"]', { hasText: '1 oy' }).waitFor({ timeout: 10_000 });
    expect(await mine.locator('[data-results], [data-percent]').count()).toBe(0);
    // Each page's socket hears the vote on its own schedule: the creator's card showing it says nothing of the voter's.
    for (const frames of [creator.frames, voter.frames]) {
      await expect.poll(() => pollUpdates(frames, pollId).length, { timeout: 10_000 }).toBeGreaterThan(0);
      for (const frame of pollUpdates(frames, pollId)) expect(frame).toContain('"voteCounts":{}');
    }
    await expectNoAxeViolations(voter.page, 'a voted after-close poll card');
    await elementScreenshot(theirs, 'poll-results-after-close-hidden-card');

    // The creator closes it: the voter's card shows the counts at once, from the socket.
    await mine.getByRole('button', { name: 'Sonlandır' }).click();
    await creator.page.locator('[data-dialog="close-poll"]').getByRole('button', { name: 'Evet, sonlandır' }).click();
    await toastWith(creator.page, 'Anket sonlandırıldı').waitFor();
    await theirs
      .locator('[data-results] [data-chosen][data-option="1"] [data-percent]', { hasText: '%100,0' })
      .waitFor({ timeout: 10_000 });
    expect(await theirs.locator('[data-results-hidden]').count()).toBe(0);
    await untilPollUpdate(voter.frames, pollId, '"voteCounts":{"0":0,"1":1}');
    await expectNoAxeViolations(voter.page, 'an after-close poll card once closed');
    await elementScreenshot(theirs, 'poll-results-after-close-revealed-card');
    expect([...creator.errors, ...voter.errors]).toEqual([]);
  });

  it('shows a creator-only poll’s results to its creator before voting, and only the reason to another member', async () => {
    const title = `Ekip yemeği nerede? ${uniqueTag()}`;
    const pollId = await createWith(selin, title, 'creator');
    const creator = await open(selin.sid);
    await creator.page.goto('/kesfet');
    const mine = pollCard(creator.page, title);
    await mine.locator('[data-results] [data-option="0"] [data-votes]', { hasText: '0 oy' }).waitFor();
    // The card follows the poll once the server acknowledged it.
    await untilFollowing(creator.frames, pollId);

    // Another member's vote: the creator's socket brings the counts (theirs to see), and the card shows them.
    expect(
      (await call(stack, 'POST', `/api/polls/${pollId}/vote`, { sid: kaan.sid, body: { optionIndex: 0 } })).status,
    ).toBe(200);
    await mine
      .locator('[data-results] [data-option="0"] [data-votes]', { hasText: '1 oy' })
      .waitFor({ timeout: 10_000 });
    await untilPollUpdate(creator.frames, pollId, '"voteCounts":{"0":1,"1":0}');
    // Results that show before voting are the vote buttons too.
    await mine.getByRole('button', { name: /Hayır/ }).click();
    await mine.locator('[data-chosen][data-option="1"] [data-percent]', { hasText: '%50,0' }).waitFor();
    await mine.getByRole('link', { name: 'Sonuçları indir (CSV)' }).waitFor();

    const other = await open(kaan.sid);
    await other.page.goto('/kesfet');
    const theirs = pollCard(other.page, title);
    await theirs
      .locator('[data-results-hidden]', {
        hasText: 'Sonuçları yalnızca anketi oluşturan görebilir; anket bitince herkes görecek',
      })
      .waitFor();
    await theirs.locator('[data-results-hidden-list] [data-chosen][data-option="0"]').waitFor();
    expect(await theirs.locator('[data-percent]').count()).toBe(0);
    await expectNoAxeViolations(other.page, 'a creator-only poll card for another member');
    await elementScreenshot(theirs, 'poll-results-creator-only-card');

    // The presenter view follows the same rule.
    await other.page.goto(`/sunum/${pollId}`);
    await other.page
      .locator('[data-results-hidden]', { hasText: 'Sonuçları yalnızca anketi oluşturan görebilir' })
      .waitFor();
    expect(await other.page.locator('[data-percent]').count()).toBe(0);
    await expectNoAxeViolations(other.page, 'presenter view of a creator-only poll');
    expect([...creator.errors, ...other.errors]).toEqual([]);
  });

  it('keeps a share-link page and an embed to the total and the reason while the results are hidden', async () => {
    const title = `Linkle sorulan gizli soru ${uniqueTag()}`;
    const created = await call<{ poll: { shortUrl: string } }>(stack, 'POST', '/api/polls/shareable', {
      sid: selin.sid,
      body: {
        title,
        category: 'genel',
        options: ['Evet', 'Hayır'],
        durationHours: 24,
        resultsVisibility: 'after-close',
      },
    });
    expect(created.status).toBe(201);
    const { page, errors } = await open();
    await page.goto(`/s/${created.body.poll.shortUrl}`);
    await page.locator('[data-results-hidden]', { hasText: 'Sonuçlar anket bitince görünecek' }).waitFor();
    await page.getByRole('button', { name: 'Hayır' }).click();
    await page.locator('[data-results-hidden-list] [data-chosen][data-option="1"]').waitFor();
    await page.locator('[data-total] strong', { hasText: '1 oy' }).waitFor();
    expect(await page.locator('[data-percent]').count()).toBe(0);
    await expectNoAxeViolations(page, 'share-link page of an after-close poll');
    await screenshot(page, 'share-link-results-after-close-desktop-dark');

    const pollId = await createWith(selin, `Gömülü gizli soru ${uniqueTag()}`, 'after-close');
    expect(
      (await call(stack, 'POST', `/api/polls/${pollId}/vote`, { sid: kaan.sid, body: { optionIndex: 0 } })).status,
    ).toBe(200);
    await page.goto(`/embed/anket/${pollId}`);
    await page.locator('[data-results-hidden]', { hasText: 'Sonuçlar anket bitince görünecek' }).waitFor();
    await page.locator('[data-results-hidden-list]').waitFor();
    expect(await page.locator('[data-percent]').count()).toBe(0);
    await expectNoAxeViolations(page, 'embed of an after-close poll');
    expect(errors).toEqual([]);
  });

  it('shows an always poll’s results before voting, and refuses an unknown choice in Turkish', async () => {
    const title = `Kışın deniz mi? ${uniqueTag()}`;
    const pollId = await createWith(selin, title, 'always');
    expect(
      (await call(stack, 'POST', `/api/polls/${pollId}/vote`, { sid: selin.sid, body: { optionIndex: 1 } })).status,
    ).toBe(200);
    const { page, errors } = await open(kaan.sid);
    await page.goto('/kesfet');
    const theirs = pollCard(page, title);
    await theirs.locator('[data-results] [data-option="1"] [data-percent]', { hasText: '%100,0' }).waitFor();
    await theirs.getByRole('button', { name: /Evet/ }).click();
    await theirs.locator('[data-chosen][data-option="0"] [data-percent]', { hasText: '%50,0' }).waitFor();
    await expectNoAxeViolations(page, 'an always poll card');

    const refused = await call<{ error: string; message: string }>(stack, 'POST', '/api/polls', {
      sid: selin.sid,
      body: { title: `Geçersiz ${uniqueTag()}`, category: 'genel', options: ['A', 'B'], resultsVisibility: 'gizli' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'validation',
      message:
        'Sonuç görünürlüğü oy verince (after-vote), her zaman (always), anket bitince (after-close) ya da yalnızca oluşturana (creator) olmalıdır',
    });
    expect(errors).toEqual([]);
  });
});
