/**
 * Meydan in a real Chromium against the real stack (built services + gateway serving web/dist): the core spec's
 * journeys end to end, realtime included, and screenshots of the main screens at desktop and mobile widths in both
 * themes (test-results/screenshots). Run by app.test.ts against one process of each service (REPLICAS from the
 * environment, else 1) and by app-replicas.test.ts against two.
 */
import { SESSION_COOKIE } from '@meydan/proto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './stack.js';
import {
  activationLink,
  call,
  createMember,
  createPoll,
  desktop,
  elementScreenshot,
  launchBrowser,
  mobile,
  newContext,
  screenshot,
  socketFrames,
  untilFollowing,
  watchErrors,
  type Member,
} from './support.js';

/** The journeys, against `replicas` processes of each service (undefined: REPLICAS from the environment, else 1). */
export function appJourneys(replicas?: number): void {
  let stack: Stack;
  let browser: Browser;
  let deniz: Member;
  let mert: Member;
  const contexts: BrowserContext[] = [];

  /** Shared between the journeys (they run in order). */
  const state: {
    ayse?: { email: string; password: string; displayName: string; sid?: string; id?: string };
    pollTitle?: string;
    friendsPollTitle?: string;
    shareUrl?: string;
  } = {};

  async function open(
    options: Parameters<typeof newContext>[2] = {},
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await newContext(browser, stack, options);
    contexts.push(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    return { context, page, errors };
  }

  /** A toast (spec §8) by its title or text. */
  const toast = (page: Page, text: string) => page.locator('[data-toast]', { hasText: text }).first().waitFor();

  const card = (page: Page, title: string) =>
    page.locator('article[data-poll-id]', { has: page.getByRole('heading', { name: title }) });

  beforeAll(async () => {
    stack = await startStack(replicas === undefined ? {} : { replicas });
    browser = await launchBrowser();
    [deniz, mert] = await Promise.all([
      createMember(stack, 'deniz', 'Deniz Kaya'),
      createMember(stack, 'mert', 'Mert Can'),
    ]);
    await createPoll(stack, deniz, {
      title: 'En iyi konsol hangisi?',
      category: 'oyun-geek',
      options: ['PlayStation', 'Xbox', 'Switch'],
    });
    await createPoll(stack, deniz, {
      title: 'Yapay zekâ işimizi elimizden alacak mı?',
      category: 'teknoloji-ai',
      description: 'Önümüzdeki on yılı düşünerek cevapla.',
      options: ['Evet', 'Hayır', 'Kısmen'],
    });
    await createPoll(stack, deniz, {
      title: 'Akşam yemeğinde ne yesek?',
      category: 'yemek-mekan',
      options: ['Lahmacun', 'Mantı'],
    });
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await stack?.stop();
  }, 60_000);

  describe(replicas === undefined
    ? 'Meydan in Chromium'
    : `Meydan in Chromium, ${replicas} processes of each service`, { timeout: 60_000 }, () => {
    it('lets a visitor browse, filter a topic, and asks them to sign in to create or vote', async () => {
      const { page, errors } = await open();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Çok Konuşulanlar' }).isVisible()).resolves.toBe(true);
      await card(page, 'En iyi konsol hangisi?').waitFor();
      expect(await page.locator('[data-feed-count]').textContent()).toBe('3 anket');
      // The landing section is there for visitors.
      expect(await page.getByRole('heading', { name: 'Nasıl Çalışır?' }).isVisible()).toBe(true);
      expect(await page.getByText('Video çok yakında!').isVisible()).toBe(true);

      await page
        .getByRole('group', { name: 'Konular' })
        .getByRole('button', { name: /Oyun & Geek/ })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Oyun & Geek Soruları' }).waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-feed] article').length === 1);
      expect(await page.locator('[data-feed-count]').textContent()).toBe('1 anket');
      expect(page.url()).toContain('kategori=oyun-geek');

      await page.getByRole('button', { name: 'Soru Fırlat' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Giriş Yapmalısın' }).waitFor();
      expect(await dialog.getByText('Soru fırlatmak için giriş yapman lazım.').isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Kapat' }).click();

      await card(page, 'En iyi konsol hangisi?').getByRole('button', { name: 'Switch' }).click();
      await dialog.getByText('Oy vermek için giriş yapmalısın.').waitFor();
      expect(errors).toEqual([]);
    });

    it('registers, activates from the mail, signs in, creates a poll that appears in the feed, and votes', async () => {
      const tag = Math.random().toString(36).slice(2, 7);
      const ayse = {
        username: `ayse_${tag}`,
        email: `ayse_${tag}@example.com`,
        displayName: 'Ayşe Yılmaz',
        password: 'gizli-123',
      };
      state.ayse = ayse;
      const { page, context, errors } = await open();
      const frames = socketFrames(page);
      await page.goto('/kayit');
      await page.getByLabel('Kullanıcı adı').fill(ayse.username);
      await page.getByLabel('E-posta').fill(ayse.email);
      await page.getByLabel('Görünen ad').fill(ayse.displayName);
      await page.getByLabel('Şifre', { exact: true }).fill(ayse.password);
      await page.getByLabel('Şifre (tekrar)').fill('baska-sifre');
      await page.getByRole('button', { name: 'Kayıt Ol', exact: true }).last().click();
      await page.getByText('Şifreler eşleşmiyor!').waitFor();
      await page.getByLabel('Şifre (tekrar)').fill(ayse.password);
      await page.locator('form[aria-label="Kayıt Ol"]').getByRole('button', { name: 'Kayıt Ol' }).click();
      await page.getByRole('heading', { name: 'E-postanı kontrol et' }).waitFor();
      await toast(page, 'Kayıt Başarılı!');

      // The activation link from MailDev, then back home through the page's button.
      const link = await activationLink(stack, ayse.email);
      await page.goto(link);
      await page.getByText('Hesabın etkinleştirildi!').waitFor();
      await page.goto('/');

      await page.getByRole('button', { name: 'Giriş Yap' }).first().click();
      const login = page.getByRole('dialog');
      await login.getByLabel('E-posta').fill(ayse.email);
      await login.getByLabel('Şifre').fill('yanlis-sifre');
      await login.getByRole('button', { name: 'Giriş Yap' }).click();
      await toast(page, 'Giriş Başarısız');
      await login.getByLabel('Şifre').fill(ayse.password);
      await login.getByRole('button', { name: 'Giriş Yap' }).click();
      await toast(page, 'Giriş Başarılı!');
      await toast(page, `Hoş geldin ${ayse.displayName}`);
      await page.getByRole('button', { name: 'Çıkış Yap' }).waitFor();
      expect(await page.getByRole('link', { name: 'Dost Meclisi' }).first().isVisible()).toBe(true);
      // Members get the Dost Meclisi banner on / instead of the landing section.
      await page.getByRole('link', { name: 'Hemen Katıl' }).waitFor();
      const cookies = await context.cookies();
      const sid = cookies.find((c) => c.name === SESSION_COOKIE)?.value;
      const ayseId = (await call<{ id: string }>(stack, 'GET', '/api/auth/session', { sid })).body.id;
      state.ayse = { ...ayse, sid, id: ayseId };
      // The socket shakes hands again as Ayşe after the sign-in (its greeting names her): a follow then reaches this
      // very page live. Sent before that greeting, it would reach the page only through the greeting's count.
      await expect
        .poll(() => frames.some((f) => f.includes('"auth_success"') && f.includes(ayseId)), { timeout: 10_000 })
        .toBe(true);
      const followed = await call<{ following: boolean }>(stack, 'POST', `/api/users/${ayseId}/follow`, {
        sid: deniz.sid,
      });
      expect({ status: followed.status, body: followed.body }).toMatchObject({
        status: 200,
        body: { following: true },
      });
      await page.locator('[data-bell] [data-unread]', { hasText: '1' }).waitFor({ timeout: 10_000 });

      // 'Kafa Açalım'
      await page.getByRole('button', { name: 'Soru Fırlat' }).click();
      const create = page.getByRole('dialog');
      await create.getByRole('heading', { name: 'Kafa Açalım' }).waitFor();
      await create.getByRole('button', { name: 'Soruyu Fırlat' }).click();
      await create.getByText('Bi soru sormadan olmaz').waitFor();
      expect(await create.getByText('Kategori seçimi gerekli').isVisible()).toBe(true);
      expect(await create.getByText('En az 2 tane şık olması lazım').isVisible()).toBe(true);

      const title = `Hafta sonu planı ne? ${tag}`;
      state.pollTitle = title;
      await create.getByLabel('Soru').fill(title);
      expect(await create.getByText(`${title.length}/200`).isVisible()).toBe(true);
      await create.getByRole('button', { name: /Serbest Kürsü/ }).click();
      await create.getByLabel('1. şık', { exact: true }).fill('Sinema');
      await create.getByLabel('2. şık', { exact: true }).fill('Doğa yürüyüşü');
      await create.getByRole('button', { name: 'Şık ekle' }).click();
      await create.getByLabel('3. şık', { exact: true }).fill('Evde dinlenmek');
      // Remove buttons appear only above two options.
      expect(await create.getByRole('button', { name: /şıkkı kaldır/ }).count()).toBe(3);
      // The duration defaults to 24 hours.
      expect(await create.locator('[data-duration-trigger]').textContent()).toContain('24 saat');
      await create.getByRole('button', { name: 'Soruyu Fırlat' }).click();
      await toast(page, 'Sorun fırlatıldı, artık herkes görebilir!');
      await create.waitFor({ state: 'detached' });

      const mine = card(page, title);
      await mine.waitFor();
      await mine.getByRole('button', { name: 'Doğa yürüyüşü' }).click();
      await mine.locator('[data-results]').waitFor();
      const chosen = mine.locator('[data-chosen]');
      expect(await chosen.textContent()).toContain('Doğa yürüyüşü');
      expect(await chosen.locator('[data-percent]').textContent()).toBe('%100,0');
      expect(await mine.locator('[data-count="votes"]').textContent()).toBe('1 oy');
      expect(errors).toEqual([]);
    });

    it('shows a vote from a second browser in the first without reloading', async () => {
      const ayse = state.ayse!;
      const { page } = await open({ sid: ayse.sid });
      await page.goto('/kesfet');
      const mine = card(page, state.pollTitle!);
      await mine.locator('[data-results]').waitFor();
      expect(await mine.locator('[data-count="votes"]').textContent()).toBe('1 oy');

      const second = await open({ sid: mert.sid });
      await second.page.goto('/kesfet');
      const theirs = card(second.page, state.pollTitle!);
      await theirs.getByRole('button', { name: 'Sinema' }).click();
      await theirs.locator('[data-chosen]').waitFor();

      // The first page hears it over the socket: no reload.
      await mine.locator('[data-count="votes"]', { hasText: '2 oy' }).waitFor({ timeout: 10_000 });
      expect(await mine.locator('[data-chosen] [data-percent]').textContent()).toBe('%50,0');
      expect(await mine.locator('[data-option="0"] [data-votes]').textContent()).toBe('1 oy');
    });

    it('raises the bell count live when someone follows, and marks notifications read', async () => {
      const ayse = state.ayse!;
      const { page } = await open({ sid: ayse.sid });
      await page.goto('/trending');
      const bell = page.locator('[data-bell]');
      await page.locator('[data-bell][data-connection="connected"]').waitFor();
      const before = (await call<{ count: number }>(stack, 'GET', '/api/notifications/unread-count', { sid: ayse.sid }))
        .body.count;
      if (before > 0) await bell.locator('[data-unread]', { hasText: String(before) }).waitFor();
      const session = await call<{ id: string }>(stack, 'GET', '/api/auth/session', { sid: ayse.sid });
      const followed = await call<{ following: boolean }>(stack, 'POST', `/api/users/${session.body.id}/follow`, {
        sid: mert.sid,
      });
      expect(followed.body.following).toBe(true);

      await bell.locator('[data-unread]', { hasText: String(before + 1) }).waitFor({ timeout: 10_000 });
      await bell.click();
      const panel = page.locator('[data-notifications]');
      await panel.getByRole('heading', { name: 'Bildirimler' }).waitFor();
      expect(await panel.locator('[data-connection-badge]').textContent()).toBe('Bağlı');
      await panel.getByText(`${mert.displayName} seni takip etmeye başladı`).waitFor();
      await panel.getByRole('button', { name: 'Tümünü Okundu İşaretle' }).click();
      await bell.locator('[data-unread]').waitFor({ state: 'detached' });
      expect(await panel.locator('[data-notification][data-read="false"]').count()).toBe(0);
    });

    it('shows the friends’ circle card to mutual friends, with live Grup Analizi, likes and comments', async () => {
      const ayse = state.ayse!;
      // Mert already follows Ayşe; Ayşe follows back, so they are mutual friends.
      expect(
        (await call<{ following: boolean }>(stack, 'POST', `/api/users/${mert.id}/follow`, { sid: ayse.sid })).body
          .following,
      ).toBe(true);
      const title = `Cumartesi maç mı konser mi? ${Math.random().toString(36).slice(2, 6)}`;
      const created = await createPoll(stack, mert, {
        title,
        category: 'muzik-playlist',
        type: 'friends',
        options: ['Maç', 'Konser'],
      });
      state.friendsPollTitle = title;

      const { page, errors } = await open({ sid: ayse.sid });
      const frames = socketFrames(page);
      await page.goto('/dost-meclisi');
      const friendsCard = card(page, title);
      await friendsCard.waitFor();
      expect(await friendsCard.getAttribute('data-poll-type')).toBe('friends');
      expect(await friendsCard.getByText('Dost Meclisi', { exact: true }).isVisible()).toBe(true);
      expect(await friendsCard.locator('[data-friends="tally"]').textContent()).toBe('0/1 oy verdi');
      // Days, hours and minutes in Turkish ("23 saat 59 dk kaldı"), never "23s 59dk" (Turkish reads s as seconds).
      expect(await friendsCard.getByText(/^\d+ (gün|saat|dk)( \d+ (saat|dk))? kaldı$/).isVisible()).toBe(true);

      await friendsCard.getByRole('button', { name: 'Konser' }).click();
      await friendsCard.locator('[data-chosen]').waitFor();
      expect(await friendsCard.locator('[data-chosen] [data-percent]').textContent()).toBe('%100');
      // The choice shows at once; the tally follows the server's answer.
      await friendsCard.locator('[data-friends="tally"]', { hasText: '1/1 oy verdi' }).waitFor();
      // One vote: no group analysis yet. Mert votes too, and it appears without a reload.
      expect(await friendsCard.getByRole('button', { name: 'Grup Analizi' }).count()).toBe(0);
      // Her socket follows the poll first: Mert's vote goes out once, to the sockets following the poll at that moment.
      await untilFollowing(frames, created.id);
      const voted = await call(stack, 'POST', `/api/polls/${created.id}/vote`, {
        sid: mert.sid,
        body: { optionIndex: 0 },
      });
      expect(voted.status).toBe(200);
      await friendsCard.getByRole('button', { name: 'Grup Analizi' }).click({ timeout: 10_000 });
      const analysis = page.getByRole('dialog', { name: 'Grup Analizi' });
      await analysis.getByRole('heading', { name: 'Tüm oylar' }).waitFor();
      await analysis.getByText('1 arkadaşından 1 kişi oy verdi').waitFor();
      expect(await analysis.locator('[data-option="1"] [data-percent]').textContent()).toBe('%50');
      await page.keyboard.press('Escape');

      await friendsCard.getByRole('button', { name: 'Beğen' }).click();
      await friendsCard.locator('[data-count="likes"]', { hasText: '1' }).waitFor();
      expect(await friendsCard.getByRole('button', { name: 'Beğenmekten vazgeç' }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      await friendsCard.getByRole('button', { name: 'Yorum yap' }).click();
      await friendsCard.getByRole('textbox', { name: 'Yorumun' }).fill('Bence konser, kesinlikle!');
      await friendsCard.getByRole('button', { name: 'Gönder' }).click();
      await friendsCard.locator('[data-comment]', { hasText: 'Bence konser, kesinlikle!' }).waitFor();
      expect(await friendsCard.locator('[data-count="comments"]').textContent()).toBe('1 yorum');
      expect(errors).toEqual([]);
    });

    it('creates a share-link poll; an anonymous browser votes once on /s/{code} and counts are live', async () => {
      const ayse = state.ayse!;
      const { page } = await open({ sid: ayse.sid });
      await page.goto('/');
      await page.getByRole('button', { name: 'Soru Fırlat' }).click();
      const create = page.getByRole('dialog');
      const title = `Çay mı kahve mi? ${Math.random().toString(36).slice(2, 6)}`;
      // Shareable is offered with public only, and choosing another type clears it.
      await create.getByRole('switch', { name: 'Paylaşılabilir link' }).click();
      await create.getByRole('radio', { name: /Özel/ }).click();
      expect(await create.getByRole('switch', { name: 'Paylaşılabilir link' }).count()).toBe(0);
      await create.getByRole('radio', { name: /Herkese Açık/ }).click();
      expect(await create.getByRole('switch', { name: 'Paylaşılabilir link' }).getAttribute('aria-checked')).toBe(
        'false',
      );
      await create.getByRole('switch', { name: 'Paylaşılabilir link' }).click();
      // The share-link vote rule: per browser (the default), per IP, or members only.
      const modes = create.getByRole('radiogroup', { name: 'Kimler oy verebilir?' });
      expect(await modes.getByRole('radio', { name: /Tarayıcı başına/ }).getAttribute('aria-checked')).toBe('true');
      expect(await modes.getByRole('radio').count()).toBe(3);
      await modes.getByRole('radio', { name: /Yalnızca üyeler/ }).waitFor();
      await create.getByLabel('Soru').fill(title);
      await create.getByRole('button', { name: /Ne Yesek/ }).click();
      await create.getByLabel('1. şık', { exact: true }).fill('Çay');
      await create.getByLabel('2. şık', { exact: true }).fill('Kahve');
      await create.getByRole('button', { name: 'Soruyu Fırlat' }).click();
      const share = page.getByRole('dialog', { name: 'Paylaşılabilir link hazır!' });
      await share.waitFor();
      const shareUrl = await share.locator('[data-share-url]').inputValue();
      expect(shareUrl).toMatch(new RegExp(`^${stack.origin}/s/[A-Za-z0-9]{10}$`));
      state.shareUrl = shareUrl;
      await share.getByRole('button', { name: 'Kopyala' }).click();
      await toast(page, 'Kopyalandı! ✅');
      await share.getByRole('button', { name: 'Tamam' }).click();
      await share.waitFor({ state: 'detached' });

      const watcher = await open();
      await watcher.page.goto(shareUrl);
      await watcher.page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await watcher.page.locator('[data-live]').textContent()).toContain('Canlı');
      expect(await watcher.page.locator('[data-total] strong').textContent()).toBe('0 oy');
      expect(await watcher.page.getByText('Ayşe Yılmaz sordu').isVisible()).toBe(true);

      const voter = await open();
      await voter.page.goto(shareUrl);
      await voter.page.getByRole('button', { name: 'Kahve' }).click();
      await toast(voter.page, 'Oyunuz kaydedildi! 🎉');
      await voter.page.locator('[data-chosen]').waitFor();
      expect(await voter.page.locator('[data-chosen] [data-percent]').textContent()).toBe('%100');
      expect(await voter.page.locator('[data-live]').count()).toBe(0);
      await voter.page.getByText('İlk oyu sen verdin!').waitFor();

      // The watcher sees the count move over the socket, well before its 10-second refetch.
      await watcher.page.locator('[data-total] strong', { hasText: '1 oy' }).waitFor({ timeout: 5_000 });

      // A second vote from the same browser is refused: after a reload it shows its vote, and the API says no.
      await voter.page.reload();
      await voter.page.locator('[data-results] [data-chosen]').waitFor();
      expect(await voter.page.getByRole('button', { name: 'Çay' }).count()).toBe(0);
      const code = shareUrl.split('/s/')[1]!;
      const again = await voter.context.request.post(`/api/s/${code}/vote`, { data: { optionIndex: 0 } });
      expect(again.status()).toBe(409);
      expect((await again.json()).message).toBe('Bu ankete zaten oy verdin');

      // One client cycling its cookie (read the link without one, vote with the new one) is not a new voter each time:
      // with the browser's vote, this IP counts at most 5 visitor votes on the poll (the 'Tarayıcı başına' rule).
      const cycles: number[] = [];
      for (let i = 0; i < 8; i++) {
        const read = await fetch(`${stack.origin}/api/s/${code}`);
        const cookie = (read.headers.get('set-cookie') ?? '').split(';')[0]!;
        expect(cookie).toMatch(/^vid=/);
        const cast = await fetch(`${stack.origin}/api/s/${code}/vote`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ optionIndex: 0 }),
        });
        cycles.push(cast.status);
      }
      expect(cycles).toEqual([200, 200, 200, 200, 403, 403, 403, 403]);
      expect((await call<{ poll: { totalVotes: number } }>(stack, 'GET', `/api/s/${code}`)).body.poll.totalVotes).toBe(
        5,
      );

      await watcher.page.goto('/s/YokBoyleKod');
      await watcher.page.getByRole('heading', { name: 'Anket Bulunamadı' }).waitFor();
      await toast(watcher.page, 'Anket bulunamadı 😔');
    });

    it('keeps the chosen theme across a reload', async () => {
      const { page } = await open();
      await page.goto('/trending');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await page.getByRole('button', { name: 'Açık temaya geç' }).click();
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
      await page.reload();
      await page.getByRole('button', { name: 'Koyu temaya geç' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe('rgb(246, 247, 249)');
      // Before the app's code runs the page is already light (no dark flash): block the bundle and look.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.reload();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
        'rgb(246, 247, 249)',
      );
    });

    it('saves screenshots of the main screens, desktop and mobile, dark and light', { timeout: 120_000 }, async () => {
      const ayse = state.ayse!;
      // Ayşe votes on her share-link poll too, so its page shows results with her check mark.
      const code = state.shareUrl!.split('/s/')[1]!;
      expect(
        (await call(stack, 'POST', `/api/s/${code}/vote`, { sid: ayse.sid, body: { optionIndex: 0 } })).status,
      ).toBe(200);
      for (const theme of ['dark', 'light'] as const) {
        for (const [width, viewport] of [
          ['desktop', desktop],
          ['mobile', mobile],
        ] as const) {
          const name = (screen: string) => `${screen}-${width}-${theme}`;
          const { page, errors } = await open({ sid: ayse.sid, viewport, theme });
          await page.goto('/');
          await card(page, state.pollTitle!).locator('[data-results]').waitFor();
          await page.locator('[data-bell][data-connection="connected"]').waitFor();
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
          await screenshot(page, name('feed'));

          await page.locator('[data-bell]').click();
          await page.locator('[data-notifications]').waitFor();
          await screenshot(page, name('notifications'));
          await page.keyboard.press('Escape');

          if (width === 'mobile') {
            await page.getByRole('button', { name: 'Menüyü aç' }).click();
            await page
              .getByRole('navigation', { name: 'Ana menü' })
              .getByRole('link', { name: 'Dost Meclisi' })
              .waitFor();
            await screenshot(page, name('menu'));
            await page.getByRole('button', { name: 'Menüyü kapat' }).click();
          }

          await elementScreenshot(card(page, state.pollTitle!), name('card-voted'));
          await page.goto('/dost-meclisi');
          await elementScreenshot(card(page, state.friendsPollTitle!), name('card-friends'));

          await page.getByRole('button', { name: 'Soru Fırlat' }).click();
          const create = page.getByRole('dialog');
          await create.getByLabel('Soru').fill('Bu yaz tatil nereye?');
          await create.getByRole('button', { name: /Keşfet \(Seyahat\)/ }).click();
          await create.evaluate((dialog) => dialog.scrollTo(0, 0));
          await screenshot(page, name('create-dialog'));
          await page.keyboard.press('Escape');

          await page.goto(state.shareUrl!);
          await page.locator('[data-results] [data-chosen]').waitFor();
          await screenshot(page, name('share-page'));
          expect(errors).toEqual([]);
        }
      }
    });
  });
}
