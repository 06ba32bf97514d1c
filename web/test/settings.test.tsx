// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trInfo } from '../src/i18n/tr-info';
import { trProfile } from '../src/i18n/tr-profile';
import { fakeApi, json, member, renderAppAt, watchToasts, memberProfile } from './helpers';

beforeEach(() => {
  // Radix measures the switch; jsdom has no ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const profile = memberProfile({ bio: 'Merhaba', email: member.email });

const memberApi = (extra: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    'GET /api/auth/session': member,
    'GET /api/users/u1': profile,
    'GET /api/tokens': { tokens: [] },
    'GET /api/users/me/settings': {
      isProfilePublic: true,
      followRequestsEnabled: true,
      notifyVotes: false,
      notifyLikes: true,
      notifyComments: true,
      notifyPollResults: true,
    },
    'GET /api/users/me/blocks': [],
    'GET /api/users/me/mutes': [],
    ...extra,
  });

describe('settings page', () => {
  it('lists the blocked and muted members, and “Engeli kaldır” takes a block back with the server’s message', async () => {
    const blockedRow = {
      user: { id: 'u9', username: 'rahatsiz', displayName: 'Rahatsız Eden', avatarUrl: null },
      since: '2026-11-01T10:00:00.000Z',
    };
    let blocks = [blockedRow];
    const { requests } = memberApi({
      'GET /api/users/me/blocks': () => json(blocks),
      'DELETE /api/users/u9/block': () => {
        blocks = [];
        return json({ blocked: false, muted: false, changed: true, message: 'Engel kaldırıldı' });
      },
    });
    const toasts = watchToasts();
    renderAppAt('/ayarlar', { user: member });
    const section = (
      await screen.findByRole('heading', { level: 2, name: 'Engellenen ve sessize alınan üyeler' })
    ).closest('section')!;
    await within(section as HTMLElement).findByText('Rahatsız Eden');
    expect(within(section as HTMLElement).getByText('Sessize aldığın kimse yok.')).toBeTruthy();
    fireEvent.click(within(section as HTMLElement).getByRole('button', { name: 'Rahatsız Eden için engeli kaldır' }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/users/u9/block')).toBe(true),
    );
    await within(section as HTMLElement).findByText('Engellediğin kimse yok.');
    await waitFor(() => expect(toasts.texts.some((t) => t.includes('Engel kaldırıldı'))).toBe(true));
    toasts.stop();
  });

  it("asks a visitor to sign in ('Giriş Yapın'), and its button opens the login dialog", async () => {
    fakeApi();
    renderAppAt('/ayarlar');
    const guard = (await screen.findByRole('heading', { level: 2, name: 'Giriş Yapın' })).closest('section')!;
    expect(screen.queryByLabelText('Biyografi')).toBeNull();
    fireEvent.click(within(guard as HTMLElement).getByRole('button', { name: 'Giriş Yap' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Giriş Yap' })).toBeTruthy();
  });

  it("shows 'Profil yükleniyor...' and then the member's fields, the username read-only and a back link to /profil", async () => {
    memberApi();
    renderAppAt('/hesap-ayarlari', { user: member });
    expect(screen.getByText('Profil yükleniyor...')).toBeTruthy();
    const username = (await screen.findByLabelText('Kullanıcı adı')) as HTMLInputElement;
    expect(username.value).toBe('ayse');
    expect(username.readOnly).toBe(true);
    expect((screen.getByLabelText('Görünen ad') as HTMLInputElement).value).toBe('Ayşe Yılmaz');
    expect(screen.getByRole('link', { name: /Profile dön/ }).getAttribute('href')).toBe('/profil');
    expect(screen.getByRole('switch', { name: 'Herkese açık profil' }).getAttribute('aria-checked')).toBe('true');
    // The follow-request and notification switches are the profile tab's, read from /users/me/settings.
    expect(
      (await screen.findByRole('switch', { name: trProfile.profile.settings.followRequestsEnabled })).getAttribute(
        'aria-checked',
      ),
    ).toBe('true');
    expect(
      screen.getByRole('switch', { name: trProfile.profile.settings.notifyVotes }).getAttribute('aria-checked'),
    ).toBe('false');
  });

  it('counts the bio to 160 and refuses 161 characters without calling the server', async () => {
    const { requests } = memberApi();
    renderAppAt('/ayarlar', { user: member });
    const bio = await screen.findByLabelText('Biyografi');
    fireEvent.change(bio, { target: { value: 'a'.repeat(160) } });
    expect(screen.getByText('160/160')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Değişiklikleri Kaydet' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    fireEvent.change(bio, { target: { value: 'a'.repeat(161) } });
    expect(screen.getByText('161/160')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Biyografi en fazla 160 karakter olabilir');
    expect(save.disabled).toBe(true);
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it("refuses an avatar over 5 MB with the toast 'Dosya çok büyük' and previews a small one", async () => {
    memberApi();
    const createObjectURL = vi.fn(() => 'blob:preview');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = () => {};
    renderAppAt('/ayarlar', { user: member });
    const input = (await screen.findByLabelText('Profil fotoğrafı', { selector: 'input' })) as HTMLInputElement;
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'buyuk.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('Dosya çok büyük')).toBeTruthy();
    expect(screen.getByText("Lütfen 5MB'dan küçük bir resim seçin.")).toBeTruthy();
    expect(createObjectURL).not.toHaveBeenCalled();

    const small = new File([new Uint8Array(100)], 'kucuk.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [small] } });
    expect(await screen.findByRole('img', { name: 'Seçilen fotoğrafın önizlemesi' })).toBeTruthy();
    expect(screen.getByText('kucuk.png')).toBeTruthy();
  });

  it("saves with a multipart PATCH of displayName, bio and isProfilePublic and says 'Profil güncellendi!'", async () => {
    let sent: FormData | null = null;
    memberApi({
      'PATCH /api/users/u1/profile': async (request: Request) => {
        sent = await request.formData();
        return { ...profile, displayName: 'Ayşe Y.', bio: 'Yeni', isProfilePublic: false };
      },
    });
    renderAppAt('/ayarlar', { user: member });
    fireEvent.change(await screen.findByLabelText('Görünen ad'), { target: { value: 'Ayşe Y.' } });
    fireEvent.change(screen.getByLabelText('Biyografi'), { target: { value: 'Yeni' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Herkese açık profil' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Değişiklikleri Kaydet' }));
    });
    expect(await screen.findByText('Profil güncellendi!')).toBeTruthy();
    expect(screen.getByText('Değişiklikler başarıyla kaydedildi.')).toBeTruthy();
    const form = sent as unknown as FormData;
    expect(form.get('displayName')).toBe('Ayşe Y.');
    expect(form.get('bio')).toBe('Yeni');
    expect(form.get('isProfilePublic')).toBe('false');
    expect(form.get('avatar')).toBeNull();
  });

  it("shows the server's Turkish text in the failure toast 'Hata'", async () => {
    memberApi({
      'PATCH /api/users/u1/profile': () =>
        json({ error: 'forbidden', message: 'Bu profili düzenleme yetkin yok.' }, 403),
    });
    renderAppAt('/ayarlar', { user: member });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Değişiklikleri Kaydet' }));
    });
    expect(await screen.findByText('Hata')).toBeTruthy();
    expect(screen.getByText('Bu profili düzenleme yetkin yok.')).toBeTruthy();
  });

  it('creates an API token, shows it once, and revokes a listed one', async () => {
    let tokens = [
      {
        id: 't1',
        name: 'Eski',
        prefix: 'mdn_abcdef',
        tier: 'free',
        createdAt: '2026-01-02T10:00:00.000Z',
        lastUsedAt: null,
      },
    ];
    memberApi({
      'GET /api/tokens': () => ({ tokens }),
      'POST /api/tokens': () => json({ ...tokens[0], id: 't2', name: 'Betik', token: 'mdn_GIZLI_ANAHTAR' }, 201),
      'DELETE /api/tokens/t1': () => {
        tokens = [];
        return { message: 'API anahtarı iptal edildi.' };
      },
    });
    renderAppAt('/ayarlar', { user: member });
    fireEvent.change(await screen.findByLabelText('Anahtar adı'), { target: { value: 'Betik' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Anahtar oluştur' }));
    });
    await waitFor(() => expect(document.querySelector('[data-new-token]')?.textContent).toBe('mdn_GIZLI_ANAHTAR'));
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Eski anahtarını iptal et' }));
    });
    expect(await screen.findByText('Henüz bir API anahtarın yok.')).toBeTruthy();
  });

  it("the API documentation's link to creating a token lands on the tokens section of the settings page", async () => {
    memberApi({
      'GET /api/openapi.json': { openapi: '3.1.0', info: { title: 'Meydan API', version: '1.0.0' }, paths: {} },
    });
    renderAppAt('/api-documentation', { user: member });
    const link = await screen.findByRole('link', { name: trInfo.apiDocs.authToSettings });
    expect(link.getAttribute('href')).toBe('/ayarlar#api-anahtarlari');
    await act(async () => {
      fireEvent.click(link);
    });
    await waitFor(() => expect(document.activeElement?.id).toBe('api-anahtarlari'));
    expect(window.location.pathname).toBe('/ayarlar');
    expect(within(document.activeElement as HTMLElement).getByRole('button', { name: 'Anahtar oluştur' })).toBeTruthy();
  });

  it('refuses a mismatched new password before calling the server', async () => {
    const { requests } = memberApi();
    renderAppAt('/ayarlar', { user: member });
    fireEvent.change(await screen.findByLabelText('Mevcut şifre'), { target: { value: 'eski-sifre' } });
    fireEvent.change(screen.getByLabelText('Yeni şifre'), {
      target: { value: 'yeni-sifre-1' },
    });
    fireEvent.change(screen.getByLabelText('Yeni şifre (tekrar)'), { target: { value: 'baska-sifre' } });
    fireEvent.click(screen.getByRole('button', { name: 'Şifreyi değiştir' }));
    expect(await screen.findByText('Şifreler eşleşmiyor!')).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/auth/password')).toBe(false);
  });
});

describe('account data', () => {
  it('promises the 30-day deletion in its help text, and schedules it with the password after a confirm', async () => {
    const { requests } = memberApi({
      'POST /api/account/deletion': {
        message: 'Hesabın 1 Ocak 2027 tarihinde silinecek.',
        deleteAt: '2027-01-01T00:00:00.000Z',
      },
    });
    vi.stubGlobal('confirm', () => true);
    renderAppAt('/ayarlar', { user: member });
    expect(
      await screen.findByText(/30 gün sonra silinir; bu süre içinde giriş yaparsan silme işlemi iptal olur/),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Şifren'), { target: { value: 'gizli-sifre' } });
    const toasts = watchToasts();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Hesabımı sil' }));
    });
    await waitFor(() => expect(toasts.texts).toContainEqual(expect.stringContaining('Hesap silme planlandı')));
    toasts.stop();
    expect(toasts.texts.find((t) => t.includes('Hesap silme planlandı'))).toContain(
      'Hesabın 1 Ocak 2027 tarihinde silinecek.',
    );
    expect(requests.find((r) => r.path === '/api/account/deletion')?.body).toEqual({ password: 'gizli-sifre' });
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });

  it('downloads the export as a JSON file', async () => {
    memberApi({
      'GET /api/account/export': {
        profile: { username: 'ayse' },
        polls: [],
        votes: [],
        follows: { followers: [], following: [] },
        notifications: [],
      },
    });
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAppAt('/ayarlar', { user: member });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Verilerimi indir' }));
    });
    expect(await screen.findByText('Verilerin indirildi')).toBeTruthy();
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('meydan-verilerim.json');
    click.mockRestore();
  });
});

describe('/login', () => {
  it('opens the feed with the login dialog for a visitor', async () => {
    fakeApi();
    renderAppAt('/login');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Giriş Yap' })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.getByRole('heading', { level: 1, hidden: true }).textContent).toBe('Çok Konuşulanlar');
  });
});
