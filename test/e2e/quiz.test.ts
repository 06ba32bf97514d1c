/**
 * A quiz ('Bilgi yarışması', issue 41, 3) in a real Chromium against the real stack: the creator switches 'Bilgi
 * yarışması' on in the create dialog and marks the correct option; another member sees the card say the answer comes
 * with the vote, while nothing the page read from the API or heard on its socket names the answer (a vote from elsewhere
 * arrives meanwhile); they vote wrong on the card and are told 'Yanlış — doğru cevap: …' with the share who answered
 * right. Their vote is final (a change through the gateway is a Turkish 403). A share-link quiz with two correct options
 * keeps its answers off the share page and the embed until the visitor votes there, then names both to a wrong voter. Accessibility checked on the dialog, the card, the share page
 * and the embed; screenshots taken.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import type { Stack } from './stack.js';
import {
  apiAnswers,
  browserRun,
  call,
  createShareLinkPoll,
  elementScreenshot,
  fillCreateDialog,
  mobile,
  pollCard,
  pollUpdates,
  screenshot,
  socketFrames,
  toastWith,
  uniqueTag,
  untilFollowing,
  type Member,
} from './support.js';

const run = browserRun([
  ['zeynepqz', 'Zeynep Ak'],
  ['burakqz', 'Burak Tan'],
  ['ecemqz', 'Ecem Er'],
]);
let stack: Stack;
let zeynep: Member;
let burak: Member;
let ecem: Member;
beforeAll(() => {
  stack = run.stack;
  [zeynep, burak, ecem] = run.members as [Member, Member, Member];
});

/** Whether a text names a quiz's answer in any field the API has for it. */
const namesAnswer = (text: string) => /correctOptionIndexes|correctVotesCount|"correct"/.test(text);

describe('a quiz in Chromium', { timeout: 120_000 }, () => {
  it('is made with its correct option marked, keeps the answer off the page until the vote, then tells the voter', async () => {
    const title = `Türkiye’nin başkenti neresidir? ${uniqueTag()}`;
    const creator = await run.open({ sid: zeynep.sid, theme: 'light' });
    const create = await fillCreateDialog(creator.page, title, ['İstanbul', 'Ankara', 'İzmir']);
    await create.getByRole('switch', { name: 'Bilgi yarışması' }).click();
    await create.getByRole('checkbox', { name: '2. şık doğru cevap' }).check();
    expect(await create.getByRole('switch', { name: 'Oyunu değiştirebilsin' }).count()).toBe(0);
    await expectNoAxeViolations(creator.page, 'the create dialog with a quiz marked [member, light, desktop]');
    await create.getByRole('button', { name: 'Soruyu Fırlat' }).click();
    await toastWith(creator.page, 'Sorun fırlatıldı').waitFor();
    const mine = pollCard(creator.page, title);
    // Its creator reads the answer on the card from the start.
    await mine.locator('[data-quiz-verdict="answer"]', { hasText: 'Doğru cevap: Ankara' }).waitFor();
    const pollId = (await mine.getAttribute('data-poll-id'))!;

    // Another member's page: every API answer and socket frame it gets is kept.
    const voter = await run.open({ sid: burak.sid, theme: 'dark' });
    const frames = socketFrames(voter.page);
    const answers = apiAnswers(voter.page);
    await voter.page.goto('/kesfet');
    const card = pollCard(voter.page, title);
    await card.locator('[data-quiz-verdict="hidden"]', { hasText: 'Oy verince doğru bilip bilmediğini' }).waitFor();
    await untilFollowing(frames, pollId);
    // A vote from elsewhere (right) reaches this page's socket before its own vote.
    const elsewhere = await call(stack, 'POST', `/api/polls/${pollId}/vote`, {
      sid: ecem.sid,
      body: { optionIndex: 1 },
    });
    expect(elsewhere.status).toBe(200);
    await expect.poll(() => pollUpdates(frames, pollId).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect
      .poll(() => answers.some((a) => JSON.stringify(a.body).includes(pollId)), { timeout: 10_000 })
      .toBe(true);
    for (const answer of answers) expect(namesAnswer(JSON.stringify(answer.body)), answer.url).toBe(false);
    for (const frame of frames) expect(namesAnswer(frame)).toBe(false);
    expect(await card.textContent()).not.toContain('doğru cevap');
    await expectNoAxeViolations(voter.page, 'a quiz card before voting [member, dark, desktop]');
    await elementScreenshot(card, 'quiz-card-before-vote-dark');

    // The member answers wrong on the card: told so, with the answer and the share who answered right.
    await card.getByRole('button', { name: 'İzmir' }).click();
    await card.locator('[data-quiz-verdict="wrong"]', { hasText: 'Yanlış — doğru cevap: Ankara' }).waitFor();
    await card.locator('[data-quiz-share]', { hasText: 'Doğru bilenler: %50,0' }).waitFor();
    await expectNoAxeViolations(voter.page, 'a quiz card after a wrong vote [member, dark, desktop]');
    await elementScreenshot(card, 'quiz-card-after-wrong-vote-dark');

    // The vote is final: a change through the gateway is refused in Turkish, the ballot unchanged.
    const change = await call<{ error: string; message: string }>(stack, 'PUT', `/api/polls/${pollId}/vote`, {
      sid: burak.sid,
      body: { optionIndex: 1 },
    });
    expect(change.status).toBe(403);
    expect(change.body.error).toBe('vote_change_not_allowed');
    const after = await call<{ userChoice: number; correctOptionIndexes: number[]; correctVotesCount: number }>(
      stack,
      'GET',
      `/api/polls/${pollId}`,
      { sid: burak.sid },
    );
    expect(after.body).toMatchObject({ userChoice: 2, correctOptionIndexes: [1], correctVotesCount: 1 });

    // On the creator's presenter screen the answer waits for the reveal.
    await creator.page.goto(`/sunum/${pollId}`);
    const stage = creator.page.locator('[data-presenter-quiz="hidden"]');
    await stage.getByRole('button', { name: 'Doğru cevabı göster', pressed: false }).click();
    await creator.page
      .locator('[data-presenter-quiz="revealed"]', { hasText: 'Doğru cevap: Ankara · Doğru bilenler: %50' })
      .waitFor();
    await expectNoAxeViolations(creator.page, '/sunum/{id} of a quiz, its answer revealed [creator, light, desktop]');
    expect(creator.errors).toEqual([]);
    expect(voter.errors).toEqual([]);
  });

  it('keeps the answer off a share page and an embed until the visitor votes there, then tells them', async () => {
    const { shortUrl } = await createShareLinkPoll(stack, zeynep, {
      title: `Hangileri iç gezegendir? ${uniqueTag()}`,
      category: 'genel',
      options: ['Mars', 'Venüs', 'Jüpiter'],
      kind: 'quiz',
      correctOptionIndexes: [0, 1],
    });

    const visitor = await run.open({ viewport: mobile, theme: 'light' });
    const answers = apiAnswers(visitor.page);
    await visitor.page.goto(`/s/${shortUrl}`);
    await visitor.page.locator('[data-quiz-verdict="hidden"]').waitFor();
    await expect.poll(() => answers.some((a) => a.url.includes(`/api/s/${shortUrl}`)), { timeout: 10_000 }).toBe(true);
    for (const answer of answers) expect(namesAnswer(JSON.stringify(answer.body)), answer.url).toBe(false);
    await expectNoAxeViolations(visitor.page, '/s/{code} of a quiz before voting [visitor, light, mobile]');
    await visitor.page.getByRole('button', { name: 'Jüpiter' }).click();
    await visitor.page
      .locator('[data-quiz-verdict="wrong"]', { hasText: 'Yanlış — doğru cevaplar: Mars, Venüs' })
      .waitFor();
    await expectNoAxeViolations(visitor.page, '/s/{code} of a quiz after a wrong vote [visitor, light, mobile]');
    await screenshot(visitor.page, 'quiz-share-page-after-wrong-vote-mobile');

    const embed = await run.open();
    const embedAnswers = apiAnswers(embed.page);
    await embed.page.goto(`/embed/${shortUrl}`);
    await embed.page.locator('[data-quiz-verdict="hidden"]').waitFor();
    for (const answer of embedAnswers) expect(namesAnswer(JSON.stringify(answer.body)), answer.url).toBe(false);
    await embed.page.getByRole('button', { name: 'Venüs' }).click();
    await embed.page.locator('[data-quiz-verdict="right"]', { hasText: 'Doğru bildin!' }).waitFor();
    await expectNoAxeViolations(embed.page, '/embed/{code} of a quiz after a right vote');
    expect(visitor.errors).toEqual([]);
    expect(embed.errors).toEqual([]);
  });

  it('refuses a quiz without a correct option, or with every option correct, through the gateway in Turkish, storing nothing', async () => {
    const title = `Eksik yarışma ${uniqueTag()}`;
    const refused = await call<{ message: string }>(stack, 'POST', '/api/polls', {
      sid: zeynep.sid,
      body: { title, category: 'genel', options: ['A', 'B'], kind: 'quiz' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Bilgi yarışmasında doğru şıkkı işaretlemelisin');
    const allRight = await call<{ message: string }>(stack, 'POST', '/api/polls', {
      sid: zeynep.sid,
      body: { title, category: 'genel', options: ['A', 'B'], kind: 'quiz', correctOptionIndexes: [1, 0] },
    });
    expect(allRight.status).toBe(400);
    expect(allRight.body.message).toBe(
      'Bilgi yarışmasında en az bir şık yanlış olmalıdır: bütün şıkları doğru işaretleyemezsin',
    );
    const listed = await call<{ title: string }[]>(stack, 'GET', `/api/users/${zeynep.id}/polls`, { sid: zeynep.sid });
    expect(listed.body.some((p) => p.title === title)).toBe(false);
  });
});
