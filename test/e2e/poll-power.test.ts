/**
 * A poll creator's own controls and a refused vote, in a real Chromium against the real stack: "Düzenle" with the
 * time left in the first minute (gone after it), "Sonlandır" behind a confirm dialog (the card then says it ended,
 * with its results, and another member can no longer vote), and a vote the server refuses with 429 or 503 rolled back
 * with a Turkish toast that says how long to wait; the creator downloads the results as CSV and as .xlsx (read back
 * by exceljs). Accessibility checked;
 * screenshots taken.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.js';
import type { Stack } from './stack.js';
import {
  downloaded,
  browserRun,
  call,
  createPoll,
  elementScreenshot,
  pollCard,
  screenshot,
  toastWith,
  uniqueTag,
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

const open = (sid: string) => run.open({ sid });

describe('a poll creator’s controls in Chromium', { timeout: 90_000 }, () => {
  it('edits the title in the first minute, then closes the poll early behind a confirm dialog', async () => {
    const title = `Hafta sonu nereye? ${uniqueTag()}`;
    const poll = await createPoll(stack, selin, {
      title,
      category: 'kesfet-seyahat',
      options: ['Deniz', 'Dağ', 'Şehir'],
    });

    const { page, errors } = await open(selin.sid);
    await page.goto('/kesfet');
    const mine = pollCard(page, title);
    const edit = mine.getByRole('button', { name: /^Düzenle \(0:\d\d\)$/ });
    await edit.waitFor();
    expect(await edit.getAttribute('title')).toMatch(/^Düzenleme için 0:\d\d kaldı$/);
    // Another member's card has no creator controls.
    const other = await open(kaan.sid);
    await other.page.goto('/kesfet');
    await pollCard(other.page, title).waitFor();
    expect(await pollCard(other.page, title).locator('[data-creator-controls]').count()).toBe(0);

    await edit.click();
    const dialog = page.locator('[data-dialog="edit-poll"]');
    await dialog.getByRole('heading', { name: 'Anketi düzenle' }).waitFor();
    await expectNoAxeViolations(page, 'edit poll dialog');
    await screenshot(page, 'poll-edit-dialog-desktop-dark');
    const newTitle = `${title} (güncel)`;
    await dialog.getByLabel('Başlık').fill(newTitle);
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await toastWith(page, 'Anket güncellendi').waitFor();
    const edited = pollCard(page, newTitle);
    await edited.waitFor();
    expect((await call<{ title: string }>(stack, 'GET', `/api/polls/${poll.id}`, { sid: kaan.sid })).body.title).toBe(
      newTitle,
    );
    // A vote after the edit (the text is frozen from the first vote: poll-edits.test.ts).
    expect(
      (await call(stack, 'POST', `/api/polls/${poll.id}/vote`, { sid: kaan.sid, body: { optionIndex: 1 } })).status,
    ).toBe(200);

    // The results file, as the browser downloads it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      edited.getByRole('link', { name: 'Sonuçları indir (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`meydan-anket-${poll.id}-sonuclar.csv`);
    const file = await downloaded(download);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // For Turkish Excel: `;` between cells, a decimal comma; read back by a CSV parser as Excel would split it.
    const cells = parseCsv(file, { bom: true, delimiter: ';' }) as string[][];
    expect(cells.map((row) => row.slice(0, 4))).toEqual([
      ['secenek', 'oy', 'yuzde', 'oy_veren'],
      ['Deniz', '0', '0,0', '1'],
      ['Dağ', '1', '100,0', '1'],
      ['Şehir', '0', '0,0', '1'],
    ]);
    expect(cells[0]![4]).toBe('bitis');
    // Its Excel twin beside it, read back by a parser: numbers as numbers, the closing time a date.
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      edited.getByRole('link', { name: 'Sonuçları indir (Excel)' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe(`meydan-anket-${poll.id}-sonuclar.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await downloaded(xlsx)) as unknown as ArrayBuffer);
    const rows = workbook
      .getWorksheet('Sonuçlar')!
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1, 5));
    expect(rows).toEqual([
      ['secenek', 'oy', 'yuzde', 'oy_veren'],
      ['Deniz', 0, 0, 1],
      ['Dağ', 1, 100, 1],
      ['Şehir', 0, 0, 1],
    ]);
    expect(workbook.getWorksheet('Sonuçlar')!.getCell('E2').value).toBeInstanceOf(Date);
    for (const kind of ['csv', 'xlsx']) {
      const forbidden = await call<{ message: string }>(stack, 'GET', `/api/polls/${poll.id}/results.${kind}`, {
        sid: kaan.sid,
      });
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.message).toBe('Bu anketin sonuçlarını yalnızca sahibi indirebilir.');
    }

    await edited.getByRole('button', { name: 'Sonlandır' }).click();
    const confirm = page.locator('[data-dialog="close-poll"]');
    await confirm.getByRole('heading', { name: 'Anket sonlandırılsın mı?' }).waitFor();
    await expectNoAxeViolations(page, 'close poll confirm dialog');
    await confirm.getByRole('button', { name: 'Evet, sonlandır' }).click();
    await toastWith(page, 'Anket sonlandırıldı').waitFor();
    // The feed lists open polls only (a closed one leaves it at its next load); the poll itself says it ended.
    await page.goto(`/profil?anket=${poll.id}`);
    const ended = pollCard(page, newTitle);
    await ended
      .locator('[data-ended]', { hasText: 'Bu anket sahibi tarafından süresinden önce sonlandırıldı.' })
      .waitFor();
    await ended.locator('[data-results]').waitFor();
    expect(await ended.locator('[data-option="1"] [data-votes]').textContent()).toBe('1 oy');
    expect(await ended.getByRole('button', { name: 'Sonlandır' }).count()).toBe(0);
    await ended.getByRole('link', { name: 'Sonuçları indir (CSV)' }).waitFor();
    await expectNoAxeViolations(page, 'a card closed early');
    await elementScreenshot(ended, 'poll-closed-early-card');

    const late = await call<{ error: string; message: string }>(stack, 'POST', `/api/polls/${poll.id}/vote`, {
      sid: selin.sid,
      body: { optionIndex: 0 },
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Bu anket sahibi tarafından sonlandırıldı, artık oy verilemez.');
    expect(errors).toEqual([]);
  });

  it('shows no edit control once the first minute is over (closing stays)', async () => {
    const title = `Bir dakikadan eski ${uniqueTag()}`;
    await createPoll(stack, selin, { title, category: 'serbest-kursu', options: ['Evet', 'Hayır'] });
    const { page } = await open(selin.sid);
    // The page's clock a minute ahead (timers keep running): the window is over for the card.
    await page.clock.setFixedTime(Date.now() + 61_000);
    await page.goto('/kesfet');
    const mine = pollCard(page, title);
    await mine.getByRole('button', { name: 'Sonlandır' }).waitFor();
    expect(await mine.getByRole('button', { name: /Düzenle/ }).count()).toBe(0);
  });

  it('groups a viral poll’s counts the Turkish way on its card (12.345, not 12345)', async () => {
    const title = `Çok oy alan ${uniqueTag()}`;
    const poll = await createPoll(stack, selin, { title, category: 'serbest-kursu', options: ['Evet', 'Hayır'] });
    // Twelve thousand votes are not cast one by one here: the poll's counters in polls' Redis (the counts every answer
    // reads, in the stack's Redis database) are set as that many votes would leave them.
    const redis = new Redis(stack.redisUrl);
    await redis.hset(`polls:poll:{${poll.id}}:c`, { '0': '12000', '1': '345', t: '12345' });
    await redis.quit();
    const { page, errors } = await open(selin.sid);
    await page.goto(`/profil?anket=${poll.id}`);
    const card = pollCard(page, title);
    await card.locator('[data-results]').waitFor();
    expect(await card.locator('[data-option="0"] [data-votes]').textContent()).toBe('12.000 oy');
    expect(await card.locator('[data-option="1"] [data-votes]').textContent()).toBe('345 oy');
    expect(await card.textContent()).toContain('12.345');
    expect(await card.textContent()).not.toMatch(/12345|12000/);
    await expectNoAxeViolations(page, 'a card with grouped counts');
    await elementScreenshot(card, 'poll-card-grouped-counts');
    expect(errors).toEqual([]);
  });

  it('rolls a refused vote back with a toast that says how long to wait (429 and 503 with retry-after)', async () => {
    const title = `Çay mı kahve mi? ${uniqueTag()}`;
    await createPoll(stack, selin, { title, category: 'yemek-mekan', options: ['Çay', 'Kahve'] });
    const { page, errors } = await open(kaan.sid);
    let answer: { status: number; retryAfter: string; body: object } = {
      status: 429,
      retryAfter: '17',
      body: { error: 'rate_limited', message: 'Çok fazla istek' },
    };
    // Each refusal is held until the test has seen the optimistic choice. The gate is made before the click, so the
    // release holds whether the request reaches the route before or after the test releases it.
    let release: () => void = () => undefined;
    let gate = Promise.resolve();
    const hold = () => (gate = new Promise<void>((resolve) => (release = resolve)));
    await page.route('**/api/polls/*/vote', async (route) => {
      await gate;
      await route.fulfill({
        status: answer.status,
        headers: { 'retry-after': answer.retryAfter },
        contentType: 'application/json',
        body: JSON.stringify(answer.body),
      });
    });
    await page.goto('/kesfet');
    const theirs = pollCard(page, title);
    hold();
    await theirs.getByRole('button', { name: 'Kahve' }).click();
    // Shown at once, before the server answers.
    await theirs.locator('[data-chosen][data-option="1"]').waitFor();
    release();
    await toastWith(page, 'Çok hızlı oy veriyorsun').waitFor();
    expect(await toastWith(page, 'Çok hızlı oy veriyorsun').textContent()).toContain(
      'Lütfen 17 saniye sonra tekrar dene.',
    );
    await theirs.getByRole('button', { name: 'Kahve' }).waitFor();
    expect(await theirs.locator('[data-results]').count()).toBe(0);
    await expectNoAxeViolations(page, 'a refused vote, rolled back');
    await screenshot(page, 'vote-refused-toast-desktop-dark');

    answer = {
      status: 503,
      retryAfter: '5',
      body: { error: 'service_unavailable', message: 'Hizmet şu an yanıt vermiyor' },
    };
    hold();
    await theirs.getByRole('button', { name: 'Çay' }).click();
    await theirs.locator('[data-chosen][data-option="0"]').waitFor();
    release();
    await toastWith(page, 'Oylama şu an yoğun').waitFor();
    expect(await toastWith(page, 'Oylama şu an yoğun').textContent()).toContain('Lütfen 5 saniye sonra tekrar dene.');
    await theirs.getByRole('button', { name: 'Çay' }).waitFor();

    // Once the server takes it, the vote stays.
    await page.unroute('**/api/polls/*/vote');
    await theirs.getByRole('button', { name: 'Çay' }).click();
    await theirs.locator('[data-chosen][data-option="0"]').waitFor();
    await theirs.locator('[data-count="votes"]', { hasText: '1 oy' }).waitFor();
    expect(errors).toEqual([]);
  });
});
