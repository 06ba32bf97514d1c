/**
 * Multiple choice ('Birden fazla seçim', issue 27) in a real Chromium against the real stack: the creator switches it
 * on in the create dialog and picks the maximum, a member ticks up to that many checkboxes on the card and sends
 * them with 'Oy ver' as one ballot, a visitor does the same on the share page and in the embed; percentages are of
 * the voters. Bad ballots through the real gateway get a Turkish 400. Accessibility checked; screenshots taken.
 */
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
  type Member,
} from './support.js';

const run = browserRun([
  ['selinmc', 'Selin Ak'],
  ['kaanmc', 'Kaan Er'],
]);
let stack: Stack;
let selin: Member;
let kaan: Member;
beforeAll(() => {
  stack = run.stack;
  [selin, kaan] = run.members as [Member, Member];
});

const open = run.open;

interface PollAnswer {
  id: string;
  shortUrl: string | null;
  maxChoices: number;
  votersCount: number;
  userChoices: number[];
  options: { votes: number }[];
}

async function shareablePoll(title: string, options: string[], maxChoices: number): Promise<PollAnswer> {
  const created = await call<{ poll: PollAnswer }>(stack, 'POST', '/api/polls/shareable', {
    sid: selin.sid,
    body: { title, category: 'yemek-mekan', type: 'public', description: null, durationHours: 24, options, maxChoices },
  });
  expect(created.status).toBe(201);
  return created.body.poll;
}

describe('multiple choice in Chromium', { timeout: 90_000 }, () => {
  it('is switched on in the create dialog with a maximum, and a member sends a ballot of two options with “Oy ver”', async () => {
    const title = `Hangi dilleri konuşuyorsun? ${uniqueTag()}`;
    const creator = await open({ sid: selin.sid, theme: 'dark' });
    await creator.page.goto('/kesfet');
    await creator.page.getByRole('button', { name: 'Soru Fırlat' }).click();
    const create = creator.page.getByRole('dialog');
    await create.getByRole('heading', { name: 'Kafa Açalım' }).waitFor();
    await create.getByLabel('Soru').fill(title);
    await create.getByRole('button', { name: /Serbest Kürsü/ }).click();
    await create.getByLabel('1. şık', { exact: true }).fill('Türkçe');
    await create.getByLabel('2. şık', { exact: true }).fill('İngilizce');
    await create.getByRole('button', { name: 'Şık ekle' }).click();
    await create.getByLabel('3. şık', { exact: true }).fill('Almanca');
    await create.getByRole('button', { name: 'Şık ekle' }).click();
    await create.getByLabel('4. şık', { exact: true }).fill('Kürtçe');

    const multiple = create.getByRole('switch', { name: 'Birden fazla seçim' });
    expect(await multiple.getAttribute('aria-checked')).toBe('false');
    expect(await create.getByLabel('En fazla kaç seçenek işaretlenebilir?').count()).toBe(0);
    await multiple.click();
    const max = create.getByLabel('En fazla kaç seçenek işaretlenebilir?');
    await max.waitFor();
    // 2 … the number of options.
    expect(await max.locator('option').allTextContents()).toEqual([
      'En fazla 2 seçenek',
      'En fazla 3 seçenek',
      'En fazla 4 seçenek',
    ]);
    await max.selectOption('3');
    // Removing an option keeps the maximum within the options.
    await create.getByRole('button', { name: '4. şıkkı kaldır' }).click();
    expect(await max.inputValue()).toBe('3');
    expect(await max.locator('option').count()).toBe(2);
    await max.selectOption('2');
    await expectNoAxeViolations(creator.page, 'create dialog with multiple choice on [member, dark, desktop]');
    await elementScreenshot(create, 'multiple-choice-create-dialog-dark');
    await create.getByRole('button', { name: 'Soruyu Fırlat' }).click();
    await toastWith(creator.page, 'Sorun fırlatıldı, artık herkes görebilir!').waitFor();
    const mine = pollCard(creator.page, title);
    await mine.waitFor();
    const pollId = (await mine.getAttribute('data-poll-id'))!;
    const created = await call<PollAnswer>(stack, 'GET', `/api/polls/${pollId}`, { sid: selin.sid });
    expect(created.body).toMatchObject({ maxChoices: 2, votersCount: 0, userChoices: [] });

    const voter = await open({ sid: kaan.sid, theme: 'light' });
    await voter.page.goto('/kesfet');
    const theirs = pollCard(voter.page, title);
    await theirs.getByText('En fazla 2 seçenek işaretleyebilirsin.').waitFor();
    const submit = theirs.getByRole('button', { name: 'Oy ver' });
    expect(await submit.isDisabled()).toBe(true);
    await theirs.getByRole('checkbox', { name: 'Türkçe' }).check();
    await theirs.getByRole('checkbox', { name: 'Almanca' }).check();
    // Two ticked: the third cannot be.
    expect(await theirs.getByRole('checkbox', { name: 'İngilizce' }).isDisabled()).toBe(true);
    await theirs.getByText('2/2 seçenek işaretlendi').waitFor();
    await expectNoAxeViolations(voter.page, 'a multiple-choice card before voting [member, light, desktop]');
    await elementScreenshot(theirs, 'multiple-choice-card-ballot-light');
    // Untick one: the third is free again.
    await theirs.getByRole('checkbox', { name: 'Almanca' }).uncheck();
    expect(await theirs.getByRole('checkbox', { name: 'İngilizce' }).isDisabled()).toBe(false);
    await theirs.getByRole('checkbox', { name: 'İngilizce' }).check();
    await submit.click();

    await theirs.locator('[data-results]').waitFor();
    expect(
      await theirs.locator('[data-chosen]').evaluateAll((els) => els.map((e) => e.getAttribute('data-option'))),
    ).toEqual(['0', '1']);
    // Each option's share of the voters: one ballot, two options at 100 %.
    expect(await theirs.locator('[data-option="0"] [data-percent]').textContent()).toBe('%100,0');
    expect(await theirs.locator('[data-option="1"] [data-percent]').textContent()).toBe('%100,0');
    expect(await theirs.locator('[data-option="2"] [data-percent]').textContent()).toBe('%0,0');
    expect(await theirs.locator('[data-voters]').textContent()).toBe('1 kişi oy verdi · Yüzdeler oy verenlere göre');
    await expectNoAxeViolations(voter.page, 'a multiple-choice card after voting [member, light, desktop]');
    await elementScreenshot(theirs, 'multiple-choice-card-results-light');

    // The creator's open card (still a ballot: they have not voted) hears the ballot live, without reloading.
    await mine.locator('[data-count="votes"]', { hasText: '1 oy' }).waitFor({ timeout: 10_000 });
    const read = await call<PollAnswer>(stack, 'GET', `/api/polls/${pollId}`, { sid: kaan.sid });
    expect(read.body).toMatchObject({ votersCount: 1, userChoices: [0, 1] });
    expect(read.body.options.map((o) => o.votes)).toEqual([1, 1, 0]);
    // A second ballot is refused, whatever it marks.
    const again = await call<{ message: string }>(stack, 'POST', `/api/polls/${pollId}/vote`, {
      sid: kaan.sid,
      body: { optionIndexes: [2] },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Bu ankete zaten oy verdin');
    // After a reload the card still marks both of the member's options.
    await voter.page.reload();
    await pollCard(voter.page, title).locator('[data-chosen]').nth(1).waitFor();
    expect(creator.errors).toEqual([]);
    expect(voter.errors).toEqual([]);
  });

  it('lets a visitor send a ballot on the share page (mobile) and in the embed', async () => {
    const poll = await shareablePoll(
      `Kahvaltıda neler olmalı? ${uniqueTag()}`,
      ['Simit', 'Peynir', 'Zeytin', 'Menemen'],
      3,
    );
    const { page, errors } = await open({ viewport: mobile, theme: 'light' });
    await page.goto(`/s/${poll.shortUrl}`);
    await page.getByText('En fazla 3 seçenek işaretleyebilirsin.').waitFor();
    for (const name of ['Peynir', 'Zeytin', 'Menemen']) await page.getByRole('checkbox', { name }).check();
    expect(await page.getByRole('checkbox', { name: 'Simit' }).isDisabled()).toBe(true);
    await expectNoAxeViolations(page, '/s/{code} multiple-choice ballot [visitor, light, mobile]');
    await screenshot(page, 'multiple-choice-share-page-mobile');
    await page.getByRole('button', { name: 'Oy ver' }).click();
    await page.locator('[data-results]').waitFor();
    expect(await page.locator('[data-chosen]').count()).toBe(3);
    await page.locator('[data-total] strong', { hasText: '1 oy' }).waitFor();
    expect(await page.locator('[data-option="3"] [data-percent]').textContent()).toBe('%100');
    await expectNoAxeViolations(page, '/s/{code} multiple-choice results [visitor, light, mobile]');
    // The split, as its creator reads it (a visitor who has not voted is told the total alone).
    const counted = await call<{ voteCounts: Record<string, number>; poll: PollAnswer }>(
      stack,
      'GET',
      `/api/s/${poll.shortUrl}`,
      { sid: selin.sid },
    );
    expect(counted.body.voteCounts).toEqual({ '0': 0, '1': 1, '2': 1, '3': 1 });
    expect(counted.body.poll.votersCount).toBe(1);

    const embed = await open();
    await embed.page.goto(`/embed/${poll.shortUrl}`);
    await embed.page.getByText('En fazla 3 seçenek işaretleyebilirsin.').waitFor();
    await embed.page.getByRole('checkbox', { name: 'Simit' }).check();
    await embed.page.getByRole('button', { name: 'Oy ver' }).click();
    await embed.page.locator('[data-results]').waitFor();
    await expectNoAxeViolations(embed.page, '/embed/{code} multiple-choice results');
    const after = await call<{ voteCounts: Record<string, number>; poll: PollAnswer }>(
      stack,
      'GET',
      `/api/s/${poll.shortUrl}`,
      { sid: selin.sid },
    );
    expect(after.body.voteCounts).toEqual({ '0': 1, '1': 1, '2': 1, '3': 1 });
    expect(after.body.poll.votersCount).toBe(2);
    expect(errors).toEqual([]);
    expect(embed.errors).toEqual([]);
  });

  it('refuses bad ballots and a bad maximum through the gateway in Turkish, and documents both in the OpenAPI document', async () => {
    const shared = await shareablePoll(`Tatil nerede? ${uniqueTag()}`, ['Ege', 'Karadeniz', 'Akdeniz'], 2);
    const created = await call<PollAnswer>(stack, 'POST', '/api/polls', {
      sid: selin.sid,
      body: {
        title: `Tatil ne zaman? ${uniqueTag()}`,
        category: 'yemek-mekan',
        type: 'public',
        options: ['Haziran', 'Temmuz', 'Ağustos'],
        maxChoices: 2,
      },
    });
    expect(created.status).toBe(201);
    const poll = created.body;
    const cases: [unknown, string][] = [
      [{ optionIndexes: [1, 1] }, 'Aynı seçeneği iki kez işaretleyemezsin'],
      [{ optionIndexes: [0, 1, 2] }, 'Bu ankette en fazla 2 seçenek işaretleyebilirsin'],
      [{ optionIndexes: [0, 9] }, 'Geçersiz seçenek'],
      [{ optionIndexes: [] }, 'Bir seçenek seçmelisin'],
    ];
    for (const [body, message] of cases) {
      for (const path of [`/api/polls/${poll.id}/vote`, `/api/s/${shared.shortUrl}/vote`]) {
        const res = await call<{ message: string }>(stack, 'POST', path, { sid: kaan.sid, body });
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.message).toBe(message);
      }
    }
    const untouched = await call<PollAnswer>(stack, 'GET', `/api/polls/${poll.id}`, { sid: kaan.sid });
    expect(untouched.body).toMatchObject({ votersCount: 0, userChoices: [] });
    const sharedUntouched = await call<{ hasVoted: boolean; poll: PollAnswer }>(
      stack,
      'GET',
      `/api/s/${shared.shortUrl}`,
      { sid: kaan.sid },
    );
    expect(sharedUntouched.body).toMatchObject({ hasVoted: false, poll: { votersCount: 0 } });

    const tooHigh = await call<{ message: string }>(stack, 'POST', '/api/polls', {
      sid: selin.sid,
      body: { title: 'Çok seçimli', category: 'yemek-mekan', type: 'public', options: ['A', 'B'], maxChoices: 3 },
    });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.message).toBe('En fazla seçim sayısı şık sayısından büyük olamaz');

    const doc = await call<{
      components: { schemas: Record<string, { properties?: Record<string, { description?: string }> }> };
    }>(stack, 'GET', '/api/openapi.json');
    const schemas = Object.values(doc.body.components.schemas);
    expect(schemas.some((s) => s.properties?.['maxChoices']?.description?.startsWith('Birden fazla seçim'))).toBe(true);
    expect(schemas.some((s) => s.properties?.['optionIndexes'])).toBe(true);
    expect(schemas.some((s) => s.properties?.['votersCount'])).toBe(true);
  });
});
