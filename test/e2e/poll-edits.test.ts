/**
 * A poll's text is frozen from its first vote, in a real Chromium against the real stack: the creator's edit saved
 * before any vote makes the card say "düzenlendi", an edit sent after a vote came in is refused in Turkish in the
 * dialog (nothing changed) and the edit control is gone; a share-link poll is edited by its creator on its own page
 * (/s/:code) and closed early from the profile's list. Accessibility checked; screenshots taken.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import type { Stack } from './stack.js';
import {
  browserRun,
  call,
  createPoll,
  pollCard,
  screenshot,
  settled,
  toastWith,
  uniqueTag,
  type Member,
} from './support.js';

const run = browserRun([
  ['deniz', 'Deniz Kara'],
  ['umut', 'Umut Ay'],
]);
let stack: Stack;
let deniz: Member;
let umut: Member;
beforeAll(() => {
  stack = run.stack;
  [deniz, umut] = run.members as [Member, Member];
});

const answered = 'Bu ankete oy verilmeye başlandı: başlığı, açıklaması ve şıkları artık değiştirilemez.';

describe('edits that cannot change an answered question, in Chromium', { timeout: 90_000 }, () => {
  it('marks an edited card "düzenlendi", and refuses an edit sent after the first vote, changing nothing', async () => {
    const title = `Kahvaltıda ne olsun? ${uniqueTag()}`;
    const poll = await createPoll(stack, deniz, { title, category: 'yemek-mekan', options: ['Simit', 'Menemen'] });
    const { page, errors } = await run.open({ sid: deniz.sid });
    await page.goto('/kesfet');

    // Before any vote: saved, and the card says it was edited.
    const card = pollCard(page, title);
    await card.getByRole('button', { name: /^Düzenle \(0:\d\d\)$/ }).click();
    const dialog = page.locator('[data-dialog="edit-poll"]');
    await dialog.getByLabel('Başlık').fill(`${title} (ilk)`);
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await toastWith(page, 'Anket güncellendi').waitFor();
    const edited = pollCard(page, `${title} (ilk)`);
    await edited.locator('[data-edited]', { hasText: 'düzenlendi' }).waitFor();

    // The dialog is open again when a vote comes in: the server refuses the edit, and says why.
    await edited.getByRole('button', { name: /^Düzenle \(0:\d\d\)$/ }).click();
    await dialog.getByLabel('Başlık').fill(`${title} (oydan sonra)`);
    expect(
      (await call(stack, 'POST', `/api/polls/${poll.id}/vote`, { sid: umut.sid, body: { optionIndex: 1 } })).status,
    ).toBe(200);
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await dialog.getByRole('alert').filter({ hasText: answered }).waitFor();
    await expectNoAxeViolations(page, 'an edit refused after the first vote');
    await screenshot(page, 'poll-edit-refused-after-vote-desktop-dark');
    await page.keyboard.press('Escape');

    const now = await call<{ title: string; editedAt: string | null; totalVotes: number }>(
      stack,
      'GET',
      `/api/polls/${poll.id}`,
      { sid: umut.sid },
    );
    expect(now.body).toMatchObject({ title: `${title} (ilk)`, totalVotes: 1 });
    expect(now.body.editedAt).toEqual(expect.any(String));
    const direct = await call<{ error: string; message: string }>(stack, 'PATCH', `/api/polls/${poll.id}`, {
      sid: deniz.sid,
      body: { title: 'Başka' },
    });
    expect(direct.status).toBe(409);
    expect(direct.body).toEqual({ error: 'poll_answered', message: answered });

    // Read again, the card has no edit control any more (closing stays).
    await page.reload();
    const after = pollCard(page, `${title} (ilk)`);
    await after.getByRole('button', { name: 'Sonlandır' }).waitFor();
    expect(await after.getByRole('button', { name: /Düzenle/ }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('lets the creator of a share-link poll edit it on its page and close it early from the profile list', async () => {
    const title = `Bağlantıyla soruyorum ${uniqueTag()}`;
    const created = await call<{ shareUrl: string; poll: { id: string; shortUrl: string } }>(
      stack,
      'POST',
      '/api/polls/shareable',
      {
        sid: deniz.sid,
        body: {
          title,
          category: 'yemek-mekan',
          type: 'public',
          description: null,
          durationHours: 24,
          options: ['Mantı', 'Pide'],
        },
      },
    );
    expect(created.status).toBe(201);
    const code = created.body.poll.shortUrl;

    // Someone else holding the link sees no creator's controls.
    const other = await run.open({ sid: umut.sid });
    await other.page.goto(`/s/${code}`);
    await other.page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await other.page.locator('[data-creator-controls]').count()).toBe(0);

    const { page, errors } = await run.open({ sid: deniz.sid });
    await page.goto(`/s/${code}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const controls = page.locator('[data-creator-controls]');
    await controls.getByRole('button', { name: /^Düzenle \(0:\d\d\)$/ }).click();
    const dialog = page.locator('[data-dialog="edit-poll"]');
    await dialog.getByLabel('Başlık').fill(`${title} (düzeltildi)`);
    await dialog.getByLabel('Açıklama (isteğe bağlı)').fill('Akşam yemeği için');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await toastWith(page, 'Anket güncellendi').waitFor();
    await page.getByRole('heading', { level: 1, name: `${title} (düzeltildi)` }).waitFor();
    await page.locator('[data-edited]', { hasText: 'düzenlendi' }).waitFor();
    await page.getByText('Akşam yemeği için').waitFor();
    await expectNoAxeViolations(page, 'a share-link poll edited by its creator');
    await screenshot(page, 'share-link-poll-edited-by-creator-desktop-dark');
    // Whoever holds the link reads the new text.
    await expect
      .poll(async () => (await call<{ poll: { title: string } }>(stack, 'GET', `/api/s/${code}`)).body.poll.title)
      .toBe(`${title} (düzeltildi)`);

    // Closed early from the profile's list of share-link polls.
    await page.goto('/profil?sekme=paylasilabilir');
    await settled(page, 'member');
    const item = page.locator('[data-poll]', { hasText: `${title} (düzeltildi)` }).last();
    await item.locator('[data-edited]').waitFor();
    await item.getByRole('button', { name: `Sonlandır: ${title} (düzeltildi)` }).click();
    const confirm = page.locator('[data-dialog="close-poll"]');
    await confirm.getByRole('heading', { name: 'Anket sonlandırılsın mı?' }).waitFor();
    await expectNoAxeViolations(page, 'closing a share-link poll from the profile list');
    await confirm.getByRole('button', { name: 'Evet, sonlandır' }).click();
    await toastWith(page, 'Anket sonlandırıldı').waitFor();
    await expect.poll(() => item.getByRole('button', { name: /Sonlandır/ }).count()).toBe(0);

    // Its page says it ended, and a vote through the link is refused.
    await other.page.reload();
    await other.page.getByText('Bu anket sona erdi.').waitFor();
    const late = await call<{ message: string }>(stack, 'POST', `/api/s/${code}/vote`, {
      sid: umut.sid,
      body: { optionIndex: 0 },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Bu anket sahibi tarafından sonlandırıldı, artık oy verilemez.');
    expect(errors).toEqual([]);
    expect(other.errors).toEqual([]);
  });
});
