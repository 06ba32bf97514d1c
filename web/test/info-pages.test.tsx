// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, VISITOR_COOKIE } from '@meydan/proto';
import { blogPosts } from '../src/features/info/content/blog';
import { faqCategories } from '../src/features/info/content/faq';
import { helpCategories } from '../src/features/info/content/help';
import { cookiePolicy, dataProtectionNotice, privacyPolicy, termsOfUse } from '../src/features/info/content/legal';
import { installPromptKeys } from '../src/features/pwa/storageKeys';
import { fakeApi, json, renderAppAt } from './helpers';

beforeEach(() => {
  fakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The information screens are loaded lazily: wait for the screen's own heading. */
const openAt = async (path: string, heading: string) => {
  const view = renderAppAt(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  return view;
};

describe('FAQ', () => {
  it('has six categories and filters questions and answers Turkish-aware, with Sonuç bulunamadı for nonsense', async () => {
    await openAt('/sss', 'Sıkça Sorulan Sorular');
    expect(faqCategories).toHaveLength(6);
    for (const category of faqCategories)
      expect(screen.getByRole('heading', { level: 2, name: category.title })).toBeTruthy();

    const search = screen.getByRole('searchbox', { name: 'Sorularda ara' });
    // 'İ' upper-case: finds 'Bir ankete kaç şık ekleyebilirim?' (and only questions mentioning şık).
    fireEvent.change(search, { target: { value: 'ŞIK EKLEYEBİLİRİM' } });
    expect(screen.getByText('Bir ankete kaç şık ekleyebilirim?')).toBeTruthy();
    expect(screen.queryByText('Meydan nedir?')).toBeNull();
    // An answer's words count too.
    fireEvent.change(search, { target: { value: 'httponly' } });
    expect(screen.getByText('Şifrem nasıl saklanıyor?')).toBeTruthy();

    fireEvent.change(search, { target: { value: 'zzqx kuantum' } });
    expect(screen.getByRole('heading', { name: 'Sonuç bulunamadı' })).toBeTruthy();
    expect(
      screen.getAllByRole('link', { name: /Bize/ }).every((link) => link.getAttribute('href') === '/iletisim'),
    ).toBe(true);

    fireEvent.change(search, { target: { value: '' } });
    expect(screen.getByText('Meydan nedir?')).toBeTruthy();
  });
});

describe('help centre', () => {
  it('shows four categories of three articles, opens one in a dialog and searches for real', async () => {
    await openAt('/yardim-merkezi', 'Yardım Merkezi');
    expect(helpCategories).toHaveLength(4);
    for (const category of helpCategories) {
      expect(category.articles).toHaveLength(3);
      expect(screen.getByRole('heading', { level: 2, name: category.title })).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('button', { name: /KVKK kapsamında başvuru/ }));
    const dialog = await screen.findByRole('dialog', { name: 'KVKK kapsamında başvuru' });
    expect(within(dialog).getByText(/en geç 30 gün içinde yanıtlanır/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kapat' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const search = screen.getByRole('searchbox', { name: 'Yardım makalelerinde ara' });
    fireEvent.change(search, { target: { value: 'hesabını SİLMEK' } });
    expect(screen.getByRole('button', { name: /Hesabını kapatmak/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /İlk anketini/ })).toBeNull();
    expect(screen.getByText('1 makale bulundu')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'qwzx' } });
    expect(screen.getByRole('heading', { name: 'Sonuç bulunamadı' })).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Bize Ulaşın' }).getAttribute('href')).toBe('/iletisim');
    expect(screen.getByRole('link', { name: 'Ana Sayfaya Dön' }).getAttribute('href')).toBe('/');
  });
});

describe('blog', () => {
  it('lists five posts, two featured, with category badges, and each post opens on its own page', async () => {
    await openAt('/blog', 'Blog');
    expect(blogPosts).toHaveLength(5);
    expect(blogPosts.filter((post) => post.featured)).toHaveLength(2);
    const featured = screen.getByRole('region', { name: 'Öne Çıkanlar' });
    expect(within(featured).getAllByRole('article')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Tüm Yazılar' })).getAllByRole('article')).toHaveLength(3);
    expect(screen.getAllByText('Ürün Haberleri').length).toBeGreaterThan(0);

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: blogPosts[1]!.title }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: blogPosts[1]!.title })).toBeTruthy();
    expect(window.location.pathname).toBe(`/blog/${blogPosts[1]!.slug}`);
    expect(screen.getByRole('heading', { level: 2, name: 'Şıklar' })).toBeTruthy();
    // The post's screen is loaded lazily and renders outside act(): its title is set by an effect that may run after
    // the heading is found.
    await waitFor(() => expect(document.title).toBe(`${blogPosts[1]!.title} · Meydan`));
  });

  it('shows the not-found page for a post that does not exist', async () => {
    await openAt('/blog/boyle-bir-yazi-yok', 'Sayfa Bulunamadı');
  });
});

describe('newsletter box', () => {
  it('refuses an invalid address without a call, and shows what the server says', async () => {
    const { requests } = fakeApi({
      'POST /api/newsletter/subscribe': { message: 'Onay bağlantısını e-postana gönderdik.' },
    });
    await openAt('/blog', 'Blog');
    // The blog's own box is a landmark; the footer's is part of the footer.
    const box = screen.getByRole('region', { name: 'Bültene abone ol' });
    const email = within(box).getByRole('textbox', { name: 'Bültene abone ol' });
    fireEvent.change(email, { target: { value: 'yanlis-adres' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Abone Ol' }));
    expect((await within(box).findByRole('alert')).textContent).toBe('Geçerli bir e-posta adresi giriniz');
    expect(requests.filter((r) => r.path === '/api/newsletter/subscribe')).toHaveLength(0);

    fireEvent.change(email, { target: { value: 'ayse@example.com' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Abone Ol' }));
    expect(await screen.findByText('Onay bağlantısını e-postana gönderdik.')).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/newsletter/subscribe').map((r) => r.body)).toEqual([
      { email: 'ayse@example.com' },
    ]);
  });

  it('shows the error toast with the server’s message when subscribing fails', async () => {
    fakeApi({
      'POST /api/newsletter/subscribe': () => json({ error: 'rate_limited', message: 'Çok fazla istek' }, 429),
    });
    renderAppAt('/');
    const box = screen.getByRole('contentinfo');
    fireEvent.change(within(box).getByRole('textbox', { name: 'Bültene abone ol' }), {
      target: { value: 'ayse@example.com' },
    });
    fireEvent.click(within(box).getByRole('button', { name: 'Abone Ol' }));
    expect(await screen.findByText('Çok fazla istek')).toBeTruthy();
    expect(screen.getByText('Hata')).toBeTruthy();
  });
});

describe('legal pages', () => {
  it.each([
    ['/gizlilik-politikasi', privacyPolicy],
    ['/kullanim-sartlari', termsOfUse],
    ['/gizlilik', dataProtectionNotice],
    ['/cerezler', cookiePolicy],
  ] as const)('%s shows its sections and the day it last changed, not today', async (path, document) => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2031-03-05T10:00:00Z') });
    try {
      await openAt(path, document.title);
      const [year, month, day] = document.lastChanged.split('-').map(Number);
      const months = [
        'Ocak',
        'Şubat',
        'Mart',
        'Nisan',
        'Mayıs',
        'Haziran',
        'Temmuz',
        'Ağustos',
        'Eylül',
        'Ekim',
        'Kasım',
        'Aralık',
      ];
      expect(screen.getByText(`Son değişiklik: ${day} ${months[month! - 1]} ${year}`)).toBeTruthy();
      expect(screen.queryByText(/2031/)).toBeNull();
      for (const section of document.sections)
        expect(screen.getByRole('heading', { level: 2, name: section.heading })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the privacy policy and the terms have the sections the spec lists', () => {
    expect(privacyPolicy.sections.map((s) => s.heading)).toEqual([
      'Genel Bilgiler',
      'Veri Koruma İlkeleri',
      'Toplanan Veriler',
      'İşleme Amaçları',
      'Güvenlik Önlemleri',
      'Kullanıcı Hakları',
      'Çerez Politikası',
    ]);
    expect(termsOfUse.sections).toHaveLength(8);
  });

  it('the cookie policy names exactly what Meydan stores', async () => {
    await openAt('/cerezler', 'Çerez Politikası');
    const table = screen.getByRole('table', { name: 'Meydan’ın tarayıcında sakladıkları' });
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(names).toEqual([
      SESSION_COOKIE,
      VISITOR_COOKIE,
      'theme',
      installPromptKeys.shown,
      installPromptKeys.dismissed,
    ]);
  });
});

describe('support centre', () => {
  it('shows the channels, categories, ticket steps and SLA figures; tickets open the contact form with a subject', async () => {
    await openAt('/destek', 'Destek Merkezi');
    for (const title of ['Canlı Destek', 'E-posta Desteği', 'Telefon Desteği'])
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText('Hafta içi 09:00-18:00')).toBeTruthy();
    expect(screen.getByText('Hafta içi 09:00-17:00')).toBeTruthy();
    expect(screen.getByText('Ortalama 2-5 dakika')).toBeTruthy();
    for (const stage of ['Yeni', 'İnceleniyor', 'Çözüm Aşamasında', 'Çözüldü'])
      expect(screen.getByRole('heading', { name: stage })).toBeTruthy();
    for (const figure of ['%85', '%95', '%99', '%96', '24 saat']) expect(screen.getByText(figure)).toBeTruthy();

    expect(
      screen.getByRole('link', { name: 'Güvenlik ve Gizlilik/KVKK için talep oluştur' }).getAttribute('href'),
    ).toBe('/iletisim?konu=kvkk');
    expect(screen.getByRole('link', { name: 'Talep Oluştur' }).getAttribute('href')).toBe('/iletisim?konu=teknik');
    expect(screen.getByRole('link', { name: 'Hemen Ara' }).getAttribute('href')).toMatch(/^tel:\+90\d{10}$/);

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Özellik Önerileri için talep oluştur' }));
    });
    expect(window.location.pathname + window.location.search).toBe('/iletisim?konu=ozellik');
  });
});
