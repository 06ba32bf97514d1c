/**
 * Ranked choice ('Sıralamalı oy', issue 41, 1) in a real Chromium against the real stack: the creator switches
 * 'Sıralamalı oy' on in the create dialog and opens the poll's presenter screen; another member orders the options on
 * the card and votes; two more ballots arrive through the API, and the presenter's screen follows the instant runoff
 * live — its rounds, the option eliminated, the winner (not the first-preference leader). A share-link ranked poll is
 * voted on its share page (mobile) and in its embed. A repeated option in a ranking is a Turkish 400 with nothing
 * counted. Accessibility checked on the dialog, the card, the presenter's screen, the share page and the embed;
 * screenshots taken.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import type { Stack } from './stack.js';
import {
  browserRun,
  call,
  createShareLinkPoll,
  elementScreenshot,
  fillCreateDialog,
  mobile,
  pollCard,
  screenshot,
  toastWith,
  uniqueTag,
  type Member,
} from './support.js';

const run = browserRun([
  ['zeynepsr', 'Zeynep Ak'],
  ['buraksr', 'Burak Tan'],
  ['ecemsr', 'Ecem Er'],
]);
let stack: Stack;
let zeynep: Member;
let burak: Member;
let ecem: Member;
beforeAll(() => {
  stack = run.stack;
  [zeynep, burak, ecem] = run.members as [Member, Member, Member];
});

interface RankedAnswer {
  totalVotes: number;
  runoff?: { winner: number | null; rounds: { tallies: number[]; eliminated: number | null }[] };
}

describe('a ranked poll in Chromium', { timeout: 150_000 }, () => {
  it('is made in the dialog, ranked on the card, and its runoff followed live on the presenter’s screen', async () => {
    const title = `Hafta sonu nereye gidelim? ${uniqueTag()}`;
    const creator = await run.open({ sid: zeynep.sid, theme: 'light' });
    const create = await fillCreateDialog(creator.page, title, ['İstanbul', 'Ankara', 'İzmir']);
    await create.getByRole('switch', { name: 'Sıralamalı oy' }).click();
    // One ranking per ballot, and final: those switches step aside.
    expect(await create.getByRole('switch', { name: 'Oyunu değiştirebilsin' }).count()).toBe(0);
    await expectNoAxeViolations(creator.page, 'the create dialog with ranked choice on [member, light, desktop]');
    await create.getByRole('button', { name: 'Soruyu Fırlat' }).click();
    await toastWith(creator.page, 'Sorun fırlatıldı').waitFor();
    const pollId = (await pollCard(creator.page, title).getAttribute('data-poll-id'))!;
    const made = await call<{ kind: string; maxChoices: number }>(stack, 'GET', `/api/polls/${pollId}`, {
      sid: zeynep.sid,
    });
    expect(made.body).toMatchObject({ kind: 'ranked', maxChoices: 1 });

    // The creator puts the poll on the presenter's screen before any ballot.
    await creator.page.goto(`/sunum/${pollId}`);
    const stage = creator.page.locator(`[data-presenter="${pollId}"]`);
    await stage.locator('[data-presenter-ranked="0"]', { hasText: 'Henüz oy yok' }).waitFor();

    // Another member ranks İzmir first on the card: İzmir, İstanbul, Ankara.
    const voter = await run.open({ sid: burak.sid, theme: 'dark' });
    await voter.page.goto('/kesfet');
    const card = pollCard(voter.page, title);
    await card.getByRole('button', { name: 'Yukarı taşı: İzmir' }).click();
    await card.getByText('İzmir artık 2. sırada').waitFor();
    await card.getByRole('button', { name: 'Yukarı taşı: İzmir' }).click();
    await card.getByText('İzmir artık 1. sırada').waitFor();
    await expectNoAxeViolations(voter.page, 'a ranked card ordered before voting [member, dark, desktop]');
    await elementScreenshot(card, 'ranked-card-before-vote-dark');
    await card.getByRole('button', { name: 'Oy ver' }).click();
    await card.locator('[data-ranked-winner="2"]', { hasText: 'Kazanan: İzmir (%100,0)' }).waitFor();
    await card.getByText('Senin sıralaman: İzmir › İstanbul › Ankara').waitFor();
    await expectNoAxeViolations(voter.page, 'a ranked card after the vote, its rounds shown [member, dark, desktop]');
    await elementScreenshot(card, 'ranked-card-after-vote-dark');
    const mine = await call<{ userChoices: number[] }>(stack, 'GET', `/api/polls/${pollId}`, { sid: burak.sid });
    expect(mine.body.userChoices).toEqual([2, 0, 1]);

    // The presenter's screen follows: one ballot, one round.
    await stage.locator('[data-presenter-ranked="1"] [data-ranked-winner="2"]').waitFor();

    // Two more ballots, one first preference each: İzmir goes out after a three-way tie (the option listed last), its
    // ballot moves to İstanbul, which wins the second round 2 to 1.
    for (const [member, ranking] of [
      [ecem, [1, 0, 2]],
      [zeynep, [0, 2, 1]],
    ] as const) {
      const cast = await call(stack, 'POST', `/api/polls/${pollId}/vote`, { sid: member.sid, body: { ranking } });
      expect(cast.status).toBe(200);
    }
    const live = stage.locator('[data-presenter-ranked="3"]');
    await live.locator('[data-ranked-winner="0"]', { hasText: 'Kazanan: İstanbul (%66,7)' }).waitFor();
    await live.getByRole('heading', { name: '2. tur' }).waitFor();
    expect(await live.locator('[data-round="1"] [data-eliminated]').textContent()).toBe('İzmir — elendi1 oy · %33');
    expect(await live.locator('[data-round="2"]').textContent()).not.toContain('İzmir');
    expect(await live.locator('[data-round="2"] [data-option="0"]').textContent()).toContain('2 oy · %67');
    const read = await call<RankedAnswer>(stack, 'GET', `/api/polls/${pollId}`, { sid: zeynep.sid });
    expect(read.body.runoff).toMatchObject({
      winner: 0,
      rounds: [
        { tallies: [1, 1, 1], eliminated: 2 },
        { tallies: [2, 1, 0], eliminated: null },
      ],
    });
    await expectNoAxeViolations(creator.page, '/sunum/{id} of a ranked poll, two rounds [creator, light, desktop]');
    await screenshot(creator.page, 'ranked-presenter-two-rounds-light');
    expect(creator.errors).toEqual([]);
    expect(voter.errors).toEqual([]);
  });

  it('is ranked on its share page and in its embed without an account', async () => {
    const { id, shortUrl } = await createShareLinkPoll(stack, zeynep, {
      title: `En güzel mevsim? ${uniqueTag()}`,
      category: 'genel',
      options: ['İlkbahar', 'Yaz', 'Sonbahar'],
      kind: 'ranked',
    });

    const visitor = await run.open({ viewport: mobile, theme: 'light' });
    await visitor.page.goto(`/s/${shortUrl}`);
    await visitor.page.getByRole('button', { name: 'Aşağı taşı: İlkbahar' }).click();
    await visitor.page.getByText('İlkbahar artık 2. sırada').waitFor();
    await expectNoAxeViolations(visitor.page, '/s/{code} of a ranked poll before voting [visitor, light, mobile]');
    await visitor.page.getByRole('button', { name: 'Oy ver' }).click();
    await visitor.page.locator('[data-ranked-winner="1"]', { hasText: 'Kazanan: Yaz (%100,0)' }).waitFor();
    await expectNoAxeViolations(visitor.page, '/s/{code} of a ranked poll after the vote [visitor, light, mobile]');
    await screenshot(visitor.page, 'ranked-share-page-after-vote-mobile');

    const embed = await run.open();
    await embed.page.goto(`/embed/${shortUrl}`);
    await embed.page.getByRole('button', { name: 'Yukarı taşı: Sonbahar' }).click();
    await embed.page.getByRole('button', { name: 'Yukarı taşı: Sonbahar' }).click();
    await embed.page.getByText('Sonbahar artık 1. sırada').waitFor();
    await expectNoAxeViolations(embed.page, '/embed/{code} of a ranked poll before voting');
    await embed.page.getByRole('button', { name: 'Oy ver' }).click();
    // İlkbahar, nobody's first, goes out; Yaz and Sonbahar, the last two and tied, are decided as an elimination would be
    // (Sonbahar, listed later, loses).
    await embed.page.locator('[data-ranked-winner="1"]', { hasText: 'Kazanan: Yaz (%50,0)' }).waitFor();
    await embed.page.locator('[data-round="1"] [data-eliminated]', { hasText: 'İlkbahar: 0 oy — elendi' }).waitFor();
    await expectNoAxeViolations(embed.page, '/embed/{code} of a ranked poll after the vote');
    await screenshot(embed.page, 'ranked-embed-after-vote');

    const shared = await call<{ poll: RankedAnswer }>(stack, 'GET', `/api/s/${shortUrl}`);
    expect(shared.body.poll.totalVotes).toBe(2);
    const owner = await call<RankedAnswer>(stack, 'GET', `/api/polls/${id}`, { sid: zeynep.sid });
    expect(owner.status).toBe(200);
    expect(owner.body.runoff?.rounds[0]?.tallies).toEqual([0, 1, 1]);
    expect(visitor.errors).toEqual([]);
    expect(embed.errors).toEqual([]);
  });

  it('refuses a ranking naming an option twice through the gateway in Turkish, counting nothing', async () => {
    const poll = await call<{ id: string }>(stack, 'POST', '/api/polls', {
      sid: zeynep.sid,
      body: { title: `Tekrarlı sıra ${uniqueTag()}`, category: 'genel', options: ['A', 'B', 'C'], kind: 'ranked' },
    });
    expect(poll.status).toBe(201);
    const refused = await call<{ message: string }>(stack, 'POST', `/api/polls/${poll.body.id}/vote`, {
      sid: burak.sid,
      body: { ranking: [1, 1, 0] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Bir şıkkı sıralamaya iki kez koyamazsın');
    const after = await call<RankedAnswer & { hasVoted: boolean }>(stack, 'GET', `/api/polls/${poll.body.id}`, {
      sid: burak.sid,
    });
    expect(after.body).toMatchObject({ totalVotes: 0, hasVoted: false });
  });
});
