/**
 * Changing or taking back a vote, and the flows (issue 38), in a real Chromium against the real stack: the creator
 * switches 'Oyunu değiştirebilsin' on in the create dialog; a member moves their vote on the card and takes it back;
 * the poll page and the presenter view show how opinion moved ('… seçeneğinden … seçeneğine 1 kişi geçti'), live,
 * naming nobody; a visitor changes and takes back their vote on the share page and in the embed. Accessibility
 * checked; screenshots taken.
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
  socketFrames,
  toastWith,
  uniqueTag,
  untilFollowing,
  type Member,
} from './support.js';

const run = browserRun([
  ['selinvc', 'Selin Ak'],
  ['kaanvc', 'Kaan Er'],
]);
let stack: Stack;
let selin: Member;
let kaan: Member;
beforeAll(() => {
  stack = run.stack;
  [selin, kaan] = run.members as [Member, Member];
});

/** A page of the member (or a visitor), with every socket frame it receives kept. */
async function open(
  options: Parameters<typeof run.open>[0] = {},
): Promise<{ page: Page; errors: string[]; frames: string[] }> {
  const { page, errors } = await run.open(options);
  return { page, errors, frames: socketFrames(page) };
}

interface PollAnswer {
  id: string;
  shortUrl: string | null;
  allowVoteChange: boolean;
  hasVoted: boolean;
  userChoice: number | null;
  totalVotes: number;
}

describe('changing a vote in Chromium', { timeout: 120_000 }, () => {
  it('is allowed in the create dialog; a member moves their vote and takes it back on the card; the flows follow live', async () => {
    const title = `Sabah ne içersin? ${uniqueTag()}`;
    const creator = await open({ sid: selin.sid, theme: 'dark' });
    await creator.page.goto('/kesfet');
    await creator.page.getByRole('button', { name: 'Soru Fırlat' }).click();
    const create = creator.page.getByRole('dialog', { name: 'Kafa Açalım' });
    await create.getByRole('heading', { name: 'Kafa Açalım' }).waitFor();
    await create.getByLabel('Soru').fill(title);
    await create.getByRole('button', { name: /Serbest Kürsü/ }).click();
    await create.getByLabel('1. şık', { exact: true }).fill('Çay');
    await create.getByLabel('2. şık', { exact: true }).fill('Kahve');
    const allow = create.getByRole('switch', { name: 'Oyunu değiştirebilsin' });
    // Off by default: a vote is final unless the creator says otherwise.
    expect(await allow.getAttribute('aria-checked')).toBe('false');
    await allow.click();
    expect(await allow.getAttribute('aria-checked')).toBe('true');
    await expectNoAxeViolations(creator.page, 'create dialog with the vote-change switch on [member, dark, desktop]');
    await allow.scrollIntoViewIfNeeded();
    await elementScreenshot(create, 'vote-change-create-dialog-dark');
    await create.getByRole('button', { name: 'Soruyu Fırlat' }).click();
    await toastWith(creator.page, 'Sorun fırlatıldı').waitFor();
    const mine = pollCard(creator.page, title);
    await mine.waitFor();
    const pollId = (await mine.getAttribute('data-poll-id'))!;
    expect(
      (await call<PollAnswer>(stack, 'GET', `/api/polls/${pollId}`, { sid: selin.sid })).body.allowVoteChange,
    ).toBe(true);

    // The creator watches the poll's own page: no one has moved yet.
    await creator.page.goto(`/anket/${pollId}`);
    const flows = creator.page.locator('[data-flows]');
    await flows.getByText('Henüz kimse oyunu değiştirmedi.').waitFor();
    await untilFollowing(creator.frames, pollId);

    const voter = await open({ sid: kaan.sid, theme: 'light' });
    await voter.page.goto('/kesfet');
    const theirs = pollCard(voter.page, title);
    await theirs.getByRole('button', { name: 'Çay' }).click();
    await theirs.locator('[data-chosen][data-option="0"]').waitFor();
    await theirs.getByText('Bu ankette oyunu anket bitene kadar değiştirebilir ya da geri çekebilirsin.').waitFor();

    // Move the vote: the current choice is ticked, and saving needs another.
    await theirs.getByRole('button', { name: 'Oyumu değiştir' }).click();
    const form = theirs.locator('[data-vote-change-form]');
    expect(await form.getByRole('radio', { name: 'Çay' }).isChecked()).toBe(true);
    expect(await form.getByRole('button', { name: 'Değişikliği kaydet' }).isDisabled()).toBe(true);
    await form.getByRole('radio', { name: 'Kahve' }).check();
    await expectNoAxeViolations(voter.page, 'a card changing its vote [member, light, desktop]');
    await elementScreenshot(theirs, 'vote-change-card-form-light');
    await form.getByRole('button', { name: 'Değişikliği kaydet' }).click();
    await toastWith(voter.page, 'Oyun değiştirildi').waitFor();
    await theirs.locator('[data-chosen][data-option="1"]').waitFor();
    expect(await theirs.locator('[data-chosen]').count()).toBe(1);
    const moved = await call<PollAnswer>(stack, 'GET', `/api/polls/${pollId}`, { sid: kaan.sid });
    expect(moved.body).toMatchObject({ hasVoted: true, userChoice: 1, totalVotes: 1 });

    // The creator's page hears it live, naming nobody.
    await flows
      .locator('[data-flow="0>1"]', { hasText: '«Çay» seçeneğinden «Kahve» seçeneğine 1 kişi geçti' })
      .waitFor({ timeout: 10_000 });
    expect(await flows.textContent()).not.toContain('Kaan');

    // Take it back: the options are vote buttons again.
    await theirs.getByRole('button', { name: 'Oyumu geri çek' }).click();
    await toastWith(voter.page, 'Oyun geri çekildi').waitFor();
    await theirs.getByRole('button', { name: 'Çay' }).waitFor();
    expect(await theirs.locator('[data-chosen]').count()).toBe(0);
    const back = await call<PollAnswer>(stack, 'GET', `/api/polls/${pollId}`, { sid: kaan.sid });
    expect(back.body).toMatchObject({ hasVoted: false, userChoice: null, totalVotes: 0 });
    await flows
      .locator('[data-flow="1>"]', { hasText: '«Kahve» seçeneğinden 1 kişi oyunu geri çekti' })
      .waitFor({ timeout: 10_000 });
    await flows.getByText('Toplam 2 oy değişikliği').waitFor();
    await expectNoAxeViolations(creator.page, '/anket/{id} with its flows [member, dark, desktop]');
    await screenshot(creator.page, 'vote-change-poll-page-flows-dark');

    // The presenter view shows the flows too.
    await creator.page.goto(`/sunum/${pollId}`);
    await creator.page.locator('[data-presenter] [data-flows="2"]').waitFor();
    await expectNoAxeViolations(creator.page, '/sunum/{id} with its flows');
    await screenshot(creator.page, 'vote-change-presenter-flows-dark');

    // Through the real gateway: the same ballot again is a Turkish 409, and nothing moved.
    await call(stack, 'POST', `/api/polls/${pollId}/vote`, { sid: kaan.sid, body: { optionIndex: 0 } });
    const same = await call<{ message: string }>(stack, 'PUT', `/api/polls/${pollId}/vote`, {
      sid: kaan.sid,
      body: { optionIndex: 0 },
    });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe('Zaten bu seçeneğe oy verdin; oyunu değiştirmek için başka bir seçenek seçmelisin.');
    expect(creator.errors).toEqual([]);
    expect(voter.errors).toEqual([]);
  });

  it('lets a visitor change and take back their vote on the share page (mobile) and in the embed', async () => {
    const created = await call<{ poll: PollAnswer }>(stack, 'POST', '/api/polls/shareable', {
      sid: selin.sid,
      body: {
        title: `Tatil nerede? ${uniqueTag()}`,
        category: 'kesfet-seyahat',
        type: 'public',
        description: null,
        durationHours: 24,
        options: ['Deniz', 'Dağ', 'Şehir'],
        allowVoteChange: true,
      },
    });
    expect(created.status).toBe(201);
    const { shortUrl } = created.body.poll;

    const { page, errors } = await open({ viewport: mobile, theme: 'light' });
    await page.goto(`/s/${shortUrl}`);
    await page.getByRole('button', { name: 'Deniz' }).click();
    await page.locator('[data-chosen][data-option="0"]').waitFor();
    await page.getByRole('button', { name: 'Oyumu değiştir' }).click();
    await page.locator('[data-vote-change-form]').getByRole('radio', { name: 'Dağ' }).check();
    await expectNoAxeViolations(page, '/s/{code} changing a vote [visitor, light, mobile]');
    await screenshot(page, 'vote-change-share-page-mobile');
    await page.getByRole('button', { name: 'Değişikliği kaydet' }).click();
    await toastWith(page, 'Oyun değiştirildi').waitFor();
    await page.locator('[data-chosen][data-option="1"]').waitFor();
    // Read as the poll's creator: an after-vote poll's counts are hidden from a visitor who has not voted.
    const asCreator = { sid: selin.sid };
    let counted = await call<{ voteCounts: Record<string, number> }>(stack, 'GET', `/api/s/${shortUrl}`, asCreator);
    expect(counted.body.voteCounts).toEqual({ '0': 0, '1': 1, '2': 0 });
    await page.getByRole('button', { name: 'Oyumu geri çek' }).click();
    await toastWith(page, 'Oyun geri çekildi').waitFor();
    await page.getByRole('button', { name: 'Şehir' }).waitFor();
    counted = await call<{ voteCounts: Record<string, number> }>(stack, 'GET', `/api/s/${shortUrl}`, asCreator);
    expect(counted.body.voteCounts).toEqual({ '0': 0, '1': 0, '2': 0 });

    const embed = await open();
    await embed.page.goto(`/embed/${shortUrl}`);
    await embed.page.getByRole('button', { name: 'Şehir' }).click();
    await embed.page.locator('[data-chosen][data-option="2"]').waitFor();
    await embed.page.getByRole('button', { name: 'Oyumu değiştir' }).click();
    await embed.page.getByRole('radio', { name: 'Deniz' }).check();
    await embed.page.getByRole('button', { name: 'Değişikliği kaydet' }).click();
    await embed.page.locator('[role="status"]', { hasText: 'Oyun değiştirildi.' }).waitFor();
    await embed.page.locator('[data-chosen][data-option="0"]').waitFor();
    await expectNoAxeViolations(embed.page, '/embed/{code} after changing a vote');
    counted = await call<{ voteCounts: Record<string, number> }>(stack, 'GET', `/api/s/${shortUrl}`, asCreator);
    expect(counted.body.voteCounts).toEqual({ '0': 1, '1': 0, '2': 0 });
    expect(errors).toEqual([]);
    expect(embed.errors).toEqual([]);
  });
});
