/**
 * The default results mode keeps its promise in a real Chromium against the real stack (issue 38): an after-vote poll's
 * per-option counts never reach a page (no API answer it reads, no card, share page or embed) nor a socket frame of a
 * visitor or member who has not voted on it; the total does. They appear once the viewer votes, on the page and in the
 * frames from then on. Accessibility checked; screenshots taken.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import type { Stack } from './stack.js';
import {
  apiAnswers,
  browserRun,
  call,
  elementScreenshot,
  pollCard,
  pollUpdates,
  socketFrames,
  uniqueTag,
  untilFollowing,
  untilPollUpdate,
  type Member,
} from './support.js';

const run = browserRun([
  ['defne', 'Defne Su'],
  ['emre', 'Emre Kaya'],
  ['ilke', 'İlke Tan'],
]);
let stack: Stack;
let defne: Member;
let emre: Member;
let ilke: Member;
beforeAll(() => {
  stack = run.stack;
  [defne, emre, ilke] = run.members as [Member, Member, Member];
});

/** A page with every socket frame it receives and every JSON answer of the API it reads kept, each with when it came. */
async function open(sid?: string) {
  const { page, errors } = await run.open(sid ? { sid } : {});
  return { page, errors, frames: socketFrames(page), answers: apiAnswers(page) };
}

/** Every per-option count an API answer gives of a poll: its options' votes, and `voteCounts` next to it (share page). */
function countsOf(body: unknown, pollId: string): number[] {
  const found: number[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const object = value as Record<string, unknown>;
    const about =
      object['id'] === pollId ||
      object['pollId'] === pollId ||
      (object['poll'] as { id?: string } | undefined)?.id === pollId;
    if (about && object['id'] === pollId && Array.isArray(object['options']))
      for (const o of object['options'] as { votes?: number }[]) found.push(o.votes ?? 0);
    if (about && object['voteCounts'] && typeof object['voteCounts'] === 'object')
      found.push(...Object.values(object['voteCounts'] as Record<string, number>));
    Object.values(object).forEach(walk);
  };
  walk(body);
  return found;
}

/** Nothing the page read or heard of the poll so far carried a count: every answer's counts 0, every frame the total. */
function expectNoCounts(
  viewer: { frames: readonly string[]; answers: readonly { url: string; body: unknown }[] },
  pollId: string,
) {
  const answered = viewer.answers.flatMap((a) => countsOf(a.body, pollId).map((n) => ({ url: a.url, n })));
  expect(answered.filter((a) => a.n !== 0)).toEqual([]);
  for (const frame of pollUpdates(viewer.frames, pollId)) expect(frame).toContain('"voteCounts":{},');
}

async function createAfterVote(
  member: Member,
  title: string,
  path: '/api/polls' | '/api/polls/shareable' = '/api/polls',
) {
  const res = await call<{ id: string; poll?: { id: string; shortUrl: string } }>(stack, 'POST', path, {
    sid: member.sid,
    body: { title, category: 'genel', options: ['Evet', 'Hayır'], durationHours: 24 },
  });
  expect(res.status).toBe(201);
  return res.body.poll ?? { id: res.body.id, shortUrl: '' };
}

const noFigures = async (page: Page | ReturnType<typeof pollCard>) =>
  expect(await page.locator('[data-results], [data-percent]').count()).toBe(0);

describe('after-vote results in Chromium', { timeout: 120_000 }, () => {
  it('shows a visitor who has not voted no count on the feed, the embed or the share page, nor in a socket frame; the counts once they vote', async () => {
    const title = `Çay mı kahve mi? ${uniqueTag()}`;
    const { id: pollId } = await createAfterVote(defne, title);
    expect(
      (await call(stack, 'POST', `/api/polls/${pollId}/vote`, { sid: emre.sid, body: { optionIndex: 0 } })).status,
    ).toBe(200);

    const visitor = await open();
    await visitor.page.goto('/kesfet');
    const card = pollCard(visitor.page, title);
    await card.locator('[data-count="votes"]', { hasText: '1 oy' }).waitFor();
    await noFigures(card);
    await untilFollowing(visitor.frames, pollId);
    // A vote from elsewhere: the visitor's socket hears the total, never the split.
    expect(
      (await call(stack, 'POST', `/api/polls/${pollId}/vote`, { sid: ilke.sid, body: { optionIndex: 1 } })).status,
    ).toBe(200);
    await card.locator('[data-count="votes"]', { hasText: '2 oy' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => pollUpdates(visitor.frames, pollId).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await noFigures(card);
    await expectNoAxeViolations(visitor.page, 'an after-vote poll card before voting');
    await elementScreenshot(card, 'poll-results-after-vote-before-voting');

    await visitor.page.goto(`/embed/anket/${pollId}`);
    await visitor.page.getByRole('heading', { name: title }).waitFor();
    await noFigures(visitor.page);
    expectNoCounts(visitor, pollId);

    // A share-link poll: the page shows the total until the visitor votes, then the counts, live from then on.
    const shared = await createAfterVote(defne, `Linkle sorulan ${uniqueTag()}`, '/api/polls/shareable');
    expect(
      (await call(stack, 'POST', `/api/s/${shared.shortUrl}/vote`, { sid: emre.sid, body: { optionIndex: 0 } })).status,
    ).toBe(200);
    await visitor.page.goto(`/s/${shared.shortUrl}`);
    await visitor.page.locator('[data-total] strong', { hasText: '1 oy' }).waitFor();
    await noFigures(visitor.page);
    await expect
      .poll(() => visitor.frames.some((f) => f.includes('"subscribedCodes":[') && f.includes(shared.shortUrl)), {
        timeout: 10_000,
      })
      .toBe(true);
    expectNoCounts(visitor, shared.id);
    await visitor.page.getByRole('button', { name: 'Hayır' }).click();
    // The share page's percentages are whole.
    await visitor.page
      .locator('[data-results] [data-chosen][data-option="1"] [data-percent]', { hasText: '%50' })
      .waitFor();
    // Another vote: its counts reach the visitor's socket and page.
    expect(
      (await call(stack, 'POST', `/api/s/${shared.shortUrl}/vote`, { sid: ilke.sid, body: { optionIndex: 1 } })).status,
    ).toBe(200);
    await visitor.page
      .locator('[data-results] [data-chosen][data-option="1"] [data-percent]', { hasText: '%67' })
      .waitFor({ timeout: 10_000 });
    await untilPollUpdate(visitor.frames, shared.id, '"voteCounts":{"0":1,"1":2}');
    await expectNoAxeViolations(visitor.page, 'a share-link page once voted');
    expect(visitor.errors).toEqual([]);
  });

  it('shows a member the split of an after-vote poll only once they voted, on the card and in the frames', async () => {
    const title = `Hafta sonu dağ mı deniz mi? ${uniqueTag()}`;
    const { id: pollId } = await createAfterVote(defne, title);
    expect(
      (await call(stack, 'POST', `/api/polls/${pollId}/vote`, { sid: emre.sid, body: { optionIndex: 0 } })).status,
    ).toBe(200);

    const member = await open(ilke.sid);
    await member.page.goto('/kesfet');
    const card = pollCard(member.page, title);
    await card.locator('[data-count="votes"]', { hasText: '1 oy' }).waitFor();
    await noFigures(card);
    await untilFollowing(member.frames, pollId);
    expectNoCounts(member, pollId);

    await card.getByRole('button', { name: /Hayır/ }).click();
    await card.locator('[data-results] [data-chosen][data-option="1"] [data-percent]', { hasText: '%50,0' }).waitFor();
    // The creator votes: the member's socket, moved among the voters when the vote was accepted, brings the counts.
    expect(
      (await call(stack, 'POST', `/api/polls/${pollId}/vote`, { sid: defne.sid, body: { optionIndex: 1 } })).status,
    ).toBe(200);
    await card
      .locator('[data-results] [data-chosen][data-option="1"] [data-percent]', { hasText: '%66,7' })
      .waitFor({ timeout: 10_000 });
    await untilPollUpdate(member.frames, pollId, '"voteCounts":{"0":1,"1":2}');
    await expectNoAxeViolations(member.page, 'an after-vote poll card once voted');
    expect(member.errors).toEqual([]);
  });
});
