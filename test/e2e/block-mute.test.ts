/**
 * Blocking and muting in a real Chromium against the real stack: a member blocks another from their profile page
 * (a confirm dialog first), and the blocked member's feed loses the blocker's poll, which they can neither read nor
 * comment on (404); a member mutes another, whose poll leaves the muter's feed until "Sessizden çıkar" in the
 * settings section. Accessibility checked; screenshots taken.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import type { Stack } from './stack.js';
import {
  browserRun,
  call,
  createPoll,
  elementScreenshot,
  pollCard,
  screenshot,
  settled,
  toastWith,
  uniqueTag,
  type Member,
} from './support.js';

const run = browserRun([
  ['selin', 'Selin Ay'],
  ['baris', 'Barış Kaya'],
  ['onur', 'Onur Deniz'],
]);
let stack: Stack;
let selin: Member; // blocks barış
let baris: Member; // mutes onur
let onur: Member;
beforeAll(() => {
  stack = run.stack;
  [selin, baris, onur] = run.members as [Member, Member, Member];
});

describe('block and mute, in Chromium', { timeout: 120_000 }, () => {
  it('blocks from the profile after a confirm: the blocked member no longer sees, reads or comments on the blocker’s poll', async () => {
    const title = `Engelleyenin sorusu ${uniqueTag()}`;
    const poll = await createPoll(stack, selin, { title, category: 'yemek-mekan', options: ['Çay', 'Kahve'] });
    const blocked = await run.open({ sid: baris.sid });
    await blocked.page.goto('/kesfet');
    await pollCard(blocked.page, title).waitFor();

    const { page, errors } = await run.open({ sid: selin.sid });
    await page.goto(`/profil/${baris.username}`);
    await settled(page, 'member');
    await page.getByRole('button', { name: 'Barış Kaya adlı üyeyi engelle' }).click();
    const dialog = page.locator('[data-dialog="blocks-confirm"]');
    await dialog.getByRole('heading', { name: 'Barış Kaya engellensin mi?' }).waitFor();
    await expectNoAxeViolations(page, 'the block confirm dialog');
    await screenshot(page, 'block-confirm-desktop-dark');
    await dialog.getByRole('button', { name: 'Engelle' }).click();
    await toastWith(page, 'Üye engellendi').waitFor();
    await page.getByRole('button', { name: 'Barış Kaya için engeli kaldır' }).waitFor();

    // The blocked member: the poll leaves the feed, and reading or commenting on it is a 404 as for no poll at all.
    await expect
      .poll(
        async () => {
          await blocked.page.reload();
          await settled(blocked.page, 'member');
          return pollCard(blocked.page, title).count();
        },
        { timeout: 20_000 },
      )
      .toBe(0);
    const read = await call<{ message: string }>(stack, 'GET', `/api/polls/${poll.id}`, { sid: baris.sid });
    expect(read.status).toBe(404);
    const comment = await call<{ message: string }>(stack, 'POST', `/api/polls/${poll.id}/comments`, {
      sid: baris.sid,
      body: { text: 'Merhaba' },
    });
    expect(comment.status).toBe(404);
    expect(comment.body.message).toBe('Anket bulunamadı');
    const follow = await call<{ message: string }>(stack, 'POST', `/api/users/${selin.id}/follow`, { sid: baris.sid });
    expect(follow.status).toBe(404);
    expect((await call(stack, 'GET', `/api/users/${selin.id}/polls`, { sid: baris.sid })).status).toBe(404);
    const profile = await call<{ message: string }>(stack, 'GET', `/api/users/${selin.username}`, { sid: baris.sid });
    expect(profile.status).toBe(404);
    expect(profile.body.message).toBe('Kullanıcı bulunamadı');
    const comments = await call<{ totalCount: number }>(stack, 'GET', `/api/polls/${poll.id}/comments`, {
      sid: selin.sid,
    });
    expect(comments.body.totalCount).toBe(0);
    expect([...errors, ...blocked.errors]).toEqual([]);
  });

  it('mutes from the profile: the muted member’s poll leaves the feed, and "Sessizden çıkar" in the settings brings it back', async () => {
    const title = `Sessize alınanın sorusu ${uniqueTag()}`;
    await createPoll(stack, onur, { title, category: 'yemek-mekan', options: ['Simit', 'Poğaça'] });
    const { page, errors } = await run.open({ sid: baris.sid });
    await page.goto(`/profil/${onur.username}`);
    await settled(page, 'member');
    await page.getByRole('button', { name: 'Onur Deniz adlı üyeyi sessize al' }).click();
    const dialog = page.locator('[data-dialog="mutes-confirm"]');
    await dialog.getByRole('heading', { name: 'Onur Deniz sessize alınsın mı?' }).waitFor();
    await dialog.getByRole('button', { name: 'Sessize al' }).click();
    await toastWith(page, 'Üye sessize alındı').waitFor();

    const shown = async () => {
      await page.goto('/kesfet');
      await settled(page, 'member');
      return pollCard(page, title).count();
    };
    await expect.poll(shown, { timeout: 20_000 }).toBe(0);
    // The muted member notices nothing: their own feed and profile are as before.
    const muted = await call<{ polls: { title: string }[] }>(stack, 'GET', '/api/polls?feed=new&limit=50', {
      sid: onur.sid,
    });
    expect(muted.body.polls.map((p) => p.title)).toContain(title);

    await page.goto('/ayarlar');
    await settled(page, 'member');
    const section = page.locator('[data-section="hidden-members"]');
    await section.locator('[data-hidden-list="mutes"]').getByText('Onur Deniz').waitFor();
    await expectNoAxeViolations(page, 'the blocked and muted members in the settings');
    await section.scrollIntoViewIfNeeded();
    await elementScreenshot(section, 'settings-hidden-members-desktop-dark');
    await section.getByRole('button', { name: 'Onur Deniz adlı üyeyi sessizden çıkar' }).click();
    await toastWith(page, 'Sessizden çıkarıldı').waitFor();
    await section.locator('[data-hidden-list="mutes"]').getByText('Sessize aldığın kimse yok.').waitFor();
    await expect.poll(shown, { timeout: 20_000 }).toBe(1);
    expect(errors).toEqual([]);
  });
});
