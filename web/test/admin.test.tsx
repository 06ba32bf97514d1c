// @vitest-environment jsdom
import type { AdminDailyStats, AdminStats, BulkEmailJob, User } from '@meydan/proto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_POLL_MS } from '../src/features/admin/ActionsTab';
import { ReportDialog } from '../src/features/polls/ReportDialog';
import { Toaster } from '../src/features/toasts/Toaster';
import type { AdminPollRow, AdminReportRow, AdminUserRow } from '../src/features/admin/adminApi';
import type { AdminContactMessage } from '../src/features/admin/ContactMessages';
import { FakeSocket, fakeApi, json, member, renderAppAt, renderWithStore } from './helpers';

/*
 * The admin panel against a stand-in gateway (fakeApi): the admin service's HTTP API is played here, the real one
 * is exercised end to end by test/e2e/admin (browser + the whole stack).
 */

const admin: User = {
  id: 'a1',
  username: 'yonetici',
  email: 'admin@meydan.local',
  displayName: 'Yönetici',
  avatarUrl: null,
  role: 'admin',
  mfa: 'verified',
};

const stats: AdminStats = {
  totalUsers: 1234,
  newUsersThisMonth: 12,
  totalPolls: 56,
  newPollsThisMonth: 7,
  totalVotes: 7890,
  newVotesThisMonth: 321,
  pendingReports: 3,
};

/** 30 days with nothing but a few votes on the 2nd last day and one registration today. */
const daily: AdminDailyStats = {
  timeZone: 'Europe/Istanbul',
  days: Array.from({ length: 30 }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    registrations: i === 29 ? 1 : 0,
    polls: 0,
    votes: i === 28 ? 40 : i === 27 ? 2 : 0,
    reports: 0,
  })),
};

const paged = <T,>(items: T[], page = 1, pageSize = 20) => ({ items, totalCount: items.length, page, pageSize });

function user(id: string, overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id,
    username: `kullanici${id}`,
    displayName: `Kullanıcı ${id}`,
    email: `${id}@example.com`,
    role: 'member',
    isActive: true,
    emailVerified: false,
    createdAt: '2025-03-05T10:00:00.000Z',
    ...overrides,
  };
}

function adminPoll(id: string, overrides: Partial<AdminPollRow> = {}): AdminPollRow {
  return {
    id,
    title: `Anket ${id}`,
    description: null,
    category: 'oyun-geek',
    votesCount: 4,
    createdAt: '2025-03-05T10:00:00.000Z',
    isShareable: false,
    creator: { id: 'u9', username: 'deniz', displayName: 'Deniz Kaya' },
    ...overrides,
  };
}

function report(id: string, status: AdminReportRow['status']): AdminReportRow {
  return {
    id,
    status,
    reason: 'Spam ya da reklam',
    description: `Açıklama ${id}`,
    createdAt: '2025-03-05T10:00:00.000Z',
    poll: { id: `p-${id}`, title: `Şikayet edilen ${id}` },
    reporter: { id: 'u2', username: 'mert' },
  };
}

const emptyAudit = paged([]);

/** The admin routes every panel test needs, with `overrides` on top. */
function adminRoutes(overrides: Record<string, unknown> = {}) {
  return fakeApi({
    'GET /api/auth/session': admin,
    'GET /api/admin/stats': stats,
    'GET /api/admin/stats/daily': daily,
    'GET /api/admin/users': paged([user('1')]),
    'GET /api/admin/polls': paged([adminPoll('p1')]),
    'GET /api/admin/reports': paged([]),
    'GET /api/admin/audit': emptyAudit,
    'GET /api/admin/messages': paged([]),
    ...overrides,
  });
}

/** Radix tabs switch on mouse down (and keyboard), not on click. */
function openTab(name: RegExp | string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
}

beforeEach(() => {
  window.scrollTo = () => {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

describe('admin panel: who may see it', () => {
  it.each([
    ['a visitor', null],
    ['a member', member],
  ])('shows %s "Yetkisiz Erişim" with a way home, and asks the admin API nothing', async (_who, who) => {
    const { requests } = fakeApi({
      'GET /api/auth/session': who ? who : () => json({ error: 'unauthorized', message: 'Oturum yok' }, 401),
    });
    renderAppAt('/admin', { user: who });
    expect(await screen.findByRole('heading', { name: 'Yetkisiz Erişim' })).toBeTruthy();
    expect(screen.getByText('Bu sayfaya erişim yetkiniz yok.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ana Sayfaya Dön' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(requests.filter((r) => r.path.startsWith('/api/admin'))).toEqual([]);
  });
});

describe('admin panel: the last 30 days', () => {
  it('draws four charts described in words, the same figures as a table, and links the CSV downloads', async () => {
    const { requests } = adminRoutes();
    renderAppAt('/admin', { user: admin });
    const votes = await screen.findByRole('img', { name: 'Oylar: toplam 42, en yüksek 40 (29.11)' });
    expect(votes.querySelectorAll('rect')).toHaveLength(30);
    expect(screen.getByRole('img', { name: 'Kayıtlar: toplam 1, en yüksek 1 (30.11)' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Raporlar: bu dönemde hiç yok' })).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/admin/stats/daily')?.search).toBe('?days=30');
    const table = screen.getByRole('table', { name: 'Son 30 gün', hidden: true });
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(31);
    expect(within(table).getByRole('rowheader', { name: '2026-11-29', hidden: true }).parentElement?.textContent).toBe(
      '2026-11-2900400',
    );
    expect(screen.getByRole('link', { name: 'Kullanıcılar (CSV)' }).getAttribute('href')).toBe('/api/admin/users.csv');
    expect(screen.getByRole('link', { name: 'Anketler (CSV)' }).getAttribute('href')).toBe('/api/admin/polls.csv');
    expect(screen.getByRole('link', { name: 'Raporlar (CSV)' }).getAttribute('href')).toBe('/api/admin/reports.csv');
    expect(screen.getByRole('link', { name: 'Kullanıcılar (Excel)' }).getAttribute('href')).toBe(
      '/api/admin/users.xlsx',
    );
    expect(screen.getByRole('link', { name: 'Anketler (Excel)' }).getAttribute('href')).toBe('/api/admin/polls.xlsx');
    expect(screen.getByRole('link', { name: 'Raporlar (Excel)' }).getAttribute('href')).toBe('/api/admin/reports.xlsx');
  });
});

describe('admin panel: the server has the last word', () => {
  it('shows "Yetkisiz Erişim" when the admin API refuses a session that still says admin', async () => {
    adminRoutes({
      'GET /api/admin/stats': () => json({ error: 'forbidden', message: 'Bu işlem için yetkiniz yok' }, 403),
    });
    renderAppAt('/admin', { user: admin });
    expect(await screen.findByRole('heading', { name: 'Yetkisiz Erişim' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});

describe('admin panel', () => {
  it('shows the four stat cards and the six tabs, users first, reports with the pending count', async () => {
    adminRoutes();
    renderAppAt('/admin', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Yönetim Paneli' })).toBeTruthy();
    await waitFor(() => expect(document.querySelector('[data-stat="users"]')?.textContent).toContain('1.234'));
    expect(document.querySelector('[data-stat="users"]')?.textContent).toContain('Bu ay +12');
    expect(document.querySelector('[data-stat="polls"]')?.textContent).toContain('56');
    expect(document.querySelector('[data-stat="votes"]')?.textContent).toContain('7.890');
    expect(document.querySelector('[data-stat="reports"]')?.textContent).toContain('3');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Kullanıcılar',
      'Anketler',
      'Raporlar3',
      'Moderasyon kuyruğu',
      'Kelime filtresi',
      'İşlemler',
    ]);
    expect(screen.getByRole('tab', { name: 'Kullanıcılar' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByPlaceholderText('Kullanıcı ara...')).toBeTruthy();
  });

  it('says "Yükleniyor..." while the users load', async () => {
    let release: (value: unknown) => void = () => undefined;
    adminRoutes({ 'GET /api/admin/users': () => new Promise((resolve) => (release = resolve)) });
    renderAppAt('/admin', { user: admin });
    expect(await screen.findByText('Yükleniyor...')).toBeTruthy();
    await act(async () => release(paged([user('1')])));
    expect(await screen.findByText('Kullanıcı 1')).toBeTruthy();
    expect(screen.queryByText('Yükleniyor...')).toBeNull();
  });

  it('lists users with their badges, e-mail and Turkish date; admins get no ban or activate button', async () => {
    adminRoutes({
      'GET /api/admin/users': paged([
        user('1', { emailVerified: true }),
        user('2', { isActive: false }),
        user('3', { role: 'admin', displayName: 'Baş Yönetici' }),
      ]),
    });
    renderAppAt('/admin', { user: admin });
    const active = await screen.findByText('Kullanıcı 1');
    const row1 = active.closest('li')!;
    expect(within(row1).getByText('Doğrulanmış')).toBeTruthy();
    expect(within(row1).getByText('1@example.com')).toBeTruthy();
    expect(within(row1).getByText('Kayıt: 05.03.2025')).toBeTruthy();
    expect(within(row1).getByRole('button', { name: 'Kullanıcı 1 kullanıcısını yasakla' })).toBeTruthy();
    const row2 = screen.getByText('Kullanıcı 2').closest('li')!;
    expect(within(row2).getByText('Yasaklı')).toBeTruthy();
    expect(within(row2).getByRole('button', { name: 'Kullanıcı 2 kullanıcısını aktifleştir' })).toBeTruthy();
    const row3 = screen.getByText('Baş Yönetici').closest('li')!;
    // The badge, and the role picker an administrator has on every row.
    expect(within(row3).getAllByText('Yönetici')).toHaveLength(2);
    expect((within(row3).getByRole('combobox', { name: 'Baş Yönetici için rol' }) as HTMLSelectElement).value).toBe(
      'admin',
    );
    expect(within(row3).queryAllByRole('button')).toEqual([]);
  });

  it('searches users on the server and says "Kullanıcı bulunamadı" when nothing matches', async () => {
    const { requests } = adminRoutes({
      'GET /api/admin/users': (_req: Request, url: URL) => (url.searchParams.get('q') ? paged([]) : paged([user('1')])),
    });
    renderAppAt('/admin', { user: admin });
    await screen.findByText('Kullanıcı 1');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Kullanıcı ara...' }), { target: { value: 'İpek' } });
    expect(await screen.findByText('Kullanıcı bulunamadı')).toBeTruthy();
    const searched = requests.filter((r) => r.path === '/api/admin/users').at(-1)!;
    expect(new URLSearchParams(searched.search).get('q')).toBe('İpek');
    expect(new URLSearchParams(searched.search).get('page')).toBe('1');
  });

  it('bans a member, refreshes the list and says "Başarılı!" / "Kullanıcı durumu güncellendi"; activating undoes it', async () => {
    let active = true;
    const { requests } = adminRoutes({
      'GET /api/admin/users': () => paged([user('1', { isActive: active })]),
      'POST /api/admin/users/:id/ban': () => {
        active = false;
        return { message: 'Kullanıcı yasaklandı' };
      },
      'POST /api/admin/users/:id/activate': () => {
        active = true;
        return { message: 'Kullanıcı aktifleştirildi' };
      },
    });
    renderAppAt('/admin', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Kullanıcı 1 kullanıcısını yasakla' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kullanıcıyı yasakla' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Gerekçe (isteğe bağlı)' }), {
      target: { value: ' Spam hesap ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yasakla' }));
    expect(await screen.findByText('Kullanıcı durumu güncellendi')).toBeTruthy();
    expect(screen.getByText('Başarılı!')).toBeTruthy();
    expect(
      requests.filter((r) => r.method === 'POST' && r.path === '/api/admin/users/1/ban').map((r) => r.body),
    ).toEqual([{ reason: 'Spam hesap' }]);
    expect(await screen.findByText('Yasaklı')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Kullanıcı 1 kullanıcısını aktifleştir' }));
    await waitFor(() => expect(screen.queryByText('Yasaklı')).toBeNull());
    expect(
      requests.filter((r) => r.method === 'POST' && r.path === '/api/admin/users/1/activate').map((r) => r.body),
    ).toEqual([{}]);
    // The stats were asked again after each change.
    expect(requests.filter((r) => r.path === '/api/admin/stats').length).toBeGreaterThanOrEqual(3);
  });

  it('shows the server’s Turkish refusal when a ban fails, and leaves the list as it was', async () => {
    const { requests } = adminRoutes({
      'POST /api/admin/users/:id/ban': () =>
        json({ error: 'cannot_ban_admin', message: 'Yönetici hesapları yasaklanamaz' }, 400),
    });
    renderAppAt('/admin', { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Kullanıcı 1 kullanıcısını yasakla' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kullanıcıyı yasakla' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yasakla' }));
    expect(await screen.findByText('Yönetici hesapları yasaklanamaz')).toBeTruthy();
    expect(screen.getByText('Hata')).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/admin/users')).toHaveLength(1);
    expect(screen.queryByText('Yasaklı')).toBeNull();
  });

  it('deletes a poll only after the confirm dialog, then refreshes the list with "Anket silindi"', async () => {
    let polls = [adminPoll('p1'), adminPoll('p2')];
    const { requests } = adminRoutes({
      'GET /api/admin/polls': () => paged(polls),
      'DELETE /api/admin/polls/:id': (req: Request) => {
        const id = new URL(req.url).pathname.split('/').at(-1);
        polls = polls.filter((p) => p.id !== id);
        return { message: 'Anket silindi' };
      },
    });
    renderAppAt('/admin', { user: admin });
    await screen.findByText('Kullanıcı 1');
    openTab('Anketler');
    fireEvent.click(await screen.findByRole('button', { name: '"Anket p1" anketini sil' }));
    let dialog = await screen.findByRole('dialog', { name: 'Anketi sil' });
    expect(within(dialog).getByText(/"Anket p1" anketi/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: '"Anket p1" anketini sil' }));
    dialog = await screen.findByRole('dialog', { name: 'Anketi sil' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sil' }));
    expect(await screen.findByText('Anket silindi')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Anket p1')).toBeNull());
    expect(screen.getByText('Anket p2')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/admin/polls/p1']);
  });

  it('says "Anket bulunamadı" when there are no polls', async () => {
    adminRoutes({ 'GET /api/admin/polls': paged([]) });
    renderAppAt('/admin', { user: admin });
    await screen.findByText('Kullanıcı 1');
    openTab('Anketler');
    expect(await screen.findByText('Anket bulunamadı')).toBeTruthy();
  });

  it('highlights pending reports, resolves and dismisses them, and opens the poll', async () => {
    const reports = [report('r1', 'pending'), report('r2', 'pending'), report('r3', 'dismissed')];
    const { requests } = adminRoutes({
      'GET /api/admin/reports': () => paged(reports.map((r) => ({ ...r }))),
      'PATCH /api/admin/reports/:id': async (req: Request) => {
        const id = new URL(req.url).pathname.split('/').at(-1);
        const { status } = (await req.json()) as { status: AdminReportRow['status'] };
        reports.find((r) => r.id === id)!.status = status;
        return { message: 'Rapor güncellendi' };
      },
    });
    renderAppAt('/admin', { user: admin });
    await screen.findByText('Kullanıcı 1');
    openTab(/Raporlar/);
    const pending = (await screen.findByText('Şikayet edilen r1')).closest('li')!;
    expect(pending.getAttribute('data-status')).toBe('pending');
    expect(within(pending).getByText('İnceleme bekliyor')).toBeTruthy();
    expect(within(pending).getByText('Şikayet eden: @mert')).toBeTruthy();
    expect(within(pending).getByRole('link', { name: 'Anketi aç' }).getAttribute('href')).toBe('/kesfet?anket=p-r1');
    const done = screen.getByText('Şikayet edilen r3').closest('li')!;
    expect(within(done).getByText('Reddedildi')).toBeTruthy();
    expect(within(done).queryByRole('button', { name: 'Reddet' })).toBeNull();
    // Pending stands out from the rest.
    expect(getComputedStyle(pending).borderLeftWidth).not.toBe(getComputedStyle(done).borderLeftWidth);

    fireEvent.click(within(pending).getByRole('button', { name: 'Çözüldü olarak işaretle' }));
    expect(await screen.findByText('Rapor çözüldü olarak işaretlendi')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText('Şikayet edilen r1').closest('li')!.getAttribute('data-status')).toBe('resolved'),
    );

    const second = screen.getByText('Şikayet edilen r2').closest('li')!;
    fireEvent.click(within(second).getByRole('button', { name: 'Reddet' }));
    await waitFor(() =>
      expect(screen.getByText('Şikayet edilen r2').closest('li')!.getAttribute('data-status')).toBe('dismissed'),
    );
    expect(requests.filter((r) => r.method === 'PATCH').map((r) => [r.path, r.body])).toEqual([
      ['/api/admin/reports/r1', { status: 'resolved' }],
      ['/api/admin/reports/r2', { status: 'dismissed' }],
    ]);
  });

  it('filters reports by status on the server and says "Rapor bulunamadı" when there are none', async () => {
    const { requests } = adminRoutes({
      'GET /api/admin/reports': (_req: Request, url: URL) =>
        url.searchParams.get('status') === 'pending' ? paged([]) : paged([report('r3', 'dismissed')]),
    });
    renderAppAt('/admin', { user: admin });
    await screen.findByText('Kullanıcı 1');
    openTab(/Raporlar/);
    await screen.findByText('Şikayet edilen r3');
    fireEvent.click(screen.getByRole('button', { name: 'Bekleyen' }));
    expect(await screen.findByText('Rapor bulunamadı')).toBeTruthy();
    expect(
      new URLSearchParams(requests.filter((r) => r.path === '/api/admin/reports').at(-1)!.search).get('status'),
    ).toBe('pending');
  });
});

describe('admin panel: contact messages in the reports tab', () => {
  // Noon UTC: the same calendar day in every time zone the test may run in.
  function contactMessage(n: number): AdminContactMessage {
    return {
      id: n.toString(16).padStart(24, '0'),
      ticketNumber: `MYD-2026-${String(n).padStart(6, '0')}`,
      name: `Gönderen ${n}`,
      email: `gonderen${n}@example.com`,
      subject: n % 2 ? 'teknik' : 'kvkk',
      message: `Mesaj metni ${n}: anket oluştururken bir sorun yaşadım.`,
      status: 'yeni',
      userId: null,
      createdAt: '2026-11-20T12:00:00.000Z',
    };
  }
  const all = Array.from({ length: 25 }, (_, i) => contactMessage(25 - i));

  it('lists ticket, name, e-mail, subject, message and Turkish date, page by page from the server', async () => {
    const { requests } = adminRoutes({
      'GET /api/admin/messages': (_req: Request, url: URL) => {
        const page = Number(url.searchParams.get('page'));
        const pageSize = Number(url.searchParams.get('pageSize'));
        return { items: all.slice((page - 1) * pageSize, page * pageSize), totalCount: all.length, page, pageSize };
      },
    });
    renderAppAt('/admin', { user: admin });
    await screen.findByText('Kullanıcı 1');
    openTab(/Raporlar/);
    const section = (await screen.findByRole('heading', { name: 'İletişim Mesajları' })).closest('section')!;
    const first = (await within(section).findByText('MYD-2026-000025')).closest('li')!;
    expect(within(first).getByText('Gönderen 25')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'gonderen25@example.com' }).getAttribute('href')).toBe(
      'mailto:gonderen25@example.com',
    );
    expect(within(first).getByText('Teknik Destek')).toBeTruthy();
    expect(within(first).getByText('Yeni')).toBeTruthy();
    expect(within(first).getByText('Mesaj metni 25: anket oluştururken bir sorun yaşadım.')).toBeTruthy();
    expect(within(first).getByText(/20 Kasım 2026/)).toBeTruthy();
    expect(within(section).getAllByRole('listitem')).toHaveLength(20);
    expect(within(section).getByText('Sayfa 1 / 2')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Sonraki' }));
    expect(await within(section).findByText('MYD-2026-000005')).toBeTruthy();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(5));
    expect(within(section).queryByText('MYD-2026-000025')).toBeNull();
    const asked = requests
      .filter((r) => r.path === '/api/admin/messages')
      .map((r) => Object.fromEntries(new URLSearchParams(r.search)));
    expect(asked).toEqual([
      { page: '1', pageSize: '20' },
      { page: '2', pageSize: '20' },
    ]);
  });

  it('says "Mesaj bulunamadı" when there are none, and "Veriler yüklenemedi" when the server fails', async () => {
    adminRoutes();
    renderAppAt('/admin', { user: admin });
    await screen.findByText('Kullanıcı 1');
    openTab(/Raporlar/);
    const section = (await screen.findByRole('heading', { name: 'İletişim Mesajları' })).closest('section')!;
    expect(await within(section).findByText('Mesaj bulunamadı')).toBeTruthy();
    cleanup();

    adminRoutes({
      'GET /api/admin/messages': () =>
        json({ error: 'service_unavailable', message: 'Hizmet şu anda yanıt vermiyor.' }, 503),
    });
    renderAppAt('/admin', { user: admin });
    await screen.findByText('Kullanıcı 1');
    openTab(/Raporlar/);
    const failed = (await screen.findByRole('heading', { name: 'İletişim Mesajları' })).closest('section')!;
    expect(await within(failed).findByText('Veriler yüklenemedi')).toBeTruthy();
  });
});

describe('admin panel: bulk e-mail and audit log', () => {
  function job(overrides: Partial<BulkEmailJob> = {}): BulkEmailJob {
    return { id: 'job1', total: 50, sent: 0, failed: 0, state: 'queued', ...overrides };
  }

  async function openActions() {
    await screen.findByText('Kullanıcı 1');
    openTab('İşlemler');
    return {
      subject: await screen.findByRole('textbox', { name: /Konu/ }),
      body: screen.getByRole('textbox', { name: /Mesaj/ }),
      send: () => screen.getByRole('button', { name: /Gönder/ }) as HTMLButtonElement,
    };
  }

  it('keeps send disabled while subject or body is empty or a send is pending, then clears the form', async () => {
    let release: (response: Response) => void = () => undefined;
    const { requests } = adminRoutes({
      'POST /api/admin/bulk-email': () => new Promise<Response>((resolve) => (release = resolve)),
      'GET /api/admin/bulk-email/:id': job(),
    });
    renderAppAt('/admin', { user: admin });
    const form = await openActions();
    expect(form.body.getAttribute('rows')).toBe('6');
    expect(form.send().disabled).toBe(true);
    fireEvent.change(form.subject, { target: { value: 'Yeni özellik' } });
    expect(form.send().disabled).toBe(true);
    fireEvent.change(form.body, { target: { value: '   ' } });
    expect(form.send().disabled).toBe(true);
    fireEvent.change(form.body, { target: { value: 'Merhaba, yeni sürüm yayında.' } });
    expect(form.send().disabled).toBe(false);
    fireEvent.click(form.send());
    await waitFor(() => expect(form.send().disabled).toBe(true));
    expect(form.send().textContent).toBe('Gönderiliyor...');
    await act(async () => release(json({ jobId: 'job1', message: '50 üyeye gönderilecek' }, 202)));
    expect(await screen.findByText('E-posta gönderiliyor...')).toBeTruthy();
    expect((form.subject as HTMLInputElement).value).toBe('');
    expect((form.body as HTMLTextAreaElement).value).toBe('');
    expect(
      requests.filter((r) => r.method === 'POST' && r.path === '/api/admin/bulk-email').map((r) => r.body),
    ).toEqual([{ subject: 'Yeni özellik', body: 'Merhaba, yeni sürüm yayında.' }]);
  });

  it('shows a too-long subject’s Turkish message and sends nothing', async () => {
    const { requests } = adminRoutes();
    renderAppAt('/admin', { user: admin });
    const form = await openActions();
    fireEvent.change(form.subject, { target: { value: 'k'.repeat(201) } });
    fireEvent.change(form.body, { target: { value: 'Merhaba' } });
    fireEvent.click(form.send());
    expect(await screen.findByText('Konu en fazla 200 karakter olabilir')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('follows the job’s progress from the socket while it is connected', async () => {
    const socket = new FakeSocket();
    const { requests } = adminRoutes({
      'POST /api/admin/bulk-email': () => json({ jobId: 'job1', message: 'Gönderim sıraya alındı' }, 202),
      'GET /api/admin/bulk-email/:id': job(),
    });
    renderAppAt('/admin', { user: admin, socket });
    act(() => socket.open());
    const form = await openActions();
    fireEvent.change(form.subject, { target: { value: 'Duyuru' } });
    fireEvent.change(form.body, { target: { value: 'Merhaba' } });
    fireEvent.click(form.send());
    const progress = await screen.findByText(/0 \/ 50 gönderildi/);
    expect(progress.textContent).toContain('Sırada');
    act(() =>
      socket.serverEmit('bulk_email_progress', {
        data: { id: 'job1', total: 50, sent: 20, failed: 1, state: 'sending' },
      }),
    );
    expect((await screen.findByText(/20 \/ 50 gönderildi, 1 başarısız/)).textContent).toContain('Gönderiliyor');
    // Another job's progress and a malformed payload change nothing.
    act(() =>
      socket.serverEmit('bulk_email_progress', { data: { id: 'other', total: 9, sent: 9, failed: 0, state: 'done' } }),
    );
    act(() =>
      socket.serverEmit('bulk_email_progress', {
        data: { id: 'job1', total: 50, sent: 'çok', failed: 0, state: 'done' },
      }),
    );
    expect(screen.getByText(/20 \/ 50 gönderildi/)).toBeTruthy();
    act(() =>
      socket.serverEmit('bulk_email_progress', { data: { id: 'job1', total: 50, sent: 49, failed: 1, state: 'done' } }),
    );
    expect((await screen.findByText(/49 \/ 50 gönderildi/)).textContent).toContain('Tamamlandı');
    const bar = document.querySelector('progress')!;
    expect(bar.getAttribute('value')).toBe('50');
    // Connected: no polling, one GET for the job.
    expect(requests.filter((r) => r.path === '/api/admin/bulk-email/job1')).toHaveLength(1);
  });

  /** A bulk e-mail sent with the socket connected; each GET of its job waits for the test to answer it. */
  async function sendHoldingTheJobsAnswers() {
    const socket = new FakeSocket();
    const answers: ((response: Response) => void)[] = [];
    const { requests } = adminRoutes({
      'POST /api/admin/bulk-email': () => json({ jobId: 'job1', message: 'Gönderim sıraya alındı' }, 202),
      'GET /api/admin/bulk-email/:id': () => new Promise<Response>((resolve) => answers.push(resolve)),
    });
    const { store } = renderAppAt('/admin', { user: admin, socket });
    act(() => socket.open());
    const form = await openActions();
    fireEvent.change(form.subject, { target: { value: 'Duyuru' } });
    fireEvent.change(form.body, { target: { value: 'Merhaba' } });
    fireEvent.click(form.send());
    await waitFor(() => expect(answers).toHaveLength(1));
    return { socket, answers, requests, store };
  }

  it('shows a job that ended before its first GET was answered as done, and no older reading takes it back', async () => {
    const { socket, answers, requests } = await sendHoldingTheJobsAnswers();
    // The job's counts arrive while its GET, read from the database earlier, is still on its way: the last one first.
    act(() =>
      socket.serverEmit('bulk_email_progress', { data: { id: 'job1', total: 50, sent: 50, failed: 0, state: 'done' } }),
    );
    act(() =>
      socket.serverEmit('bulk_email_progress', {
        data: { id: 'job1', total: 50, sent: 30, failed: 0, state: 'sending' },
      }),
    );
    await act(async () => answers[0]!(json(job({ state: 'sending', sent: 10 }))));
    expect((await screen.findByText(/50 \/ 50 gönderildi/)).textContent).toContain('Tamamlandı');
    // A late count of the same job changes nothing either.
    act(() =>
      socket.serverEmit('bulk_email_progress', {
        data: { id: 'job1', total: 50, sent: 40, failed: 0, state: 'sending' },
      }),
    );
    expect(screen.getByText(/50 \/ 50 gönderildi/).textContent).toContain('Tamamlandı');
    expect(requests.filter((r) => r.path === '/api/admin/bulk-email/job1')).toHaveLength(1);
  });

  it('keeps the socket’s count when the catch-up GET after a reconnect was read before it', async () => {
    const { socket, answers, store } = await sendHoldingTheJobsAnswers();
    await act(async () => answers[0]!(json(job({ state: 'sending', sent: 10 }))));
    await screen.findByText(/10 \/ 50 gönderildi/);
    const jobEntry = () =>
      Object.values(store.getState().api.queries).find((entry) => entry?.endpointName === 'bulkEmailJob');
    const firstRead = jobEntry()?.requestId;
    act(() => socket.drop());
    act(() => socket.open());
    await waitFor(() => expect(answers).toHaveLength(2));
    act(() =>
      socket.serverEmit('bulk_email_progress', {
        data: { id: 'job1', total: 50, sent: 35, failed: 0, state: 'sending' },
      }),
    );
    await screen.findByText(/35 \/ 50 gönderildi/);
    await act(async () => answers[1]!(json(job({ state: 'sending', sent: 32 }))));
    // Once the store has the catch-up GET's answer, it and the screen still hold the socket's later count.
    await waitFor(() => expect(jobEntry()?.requestId !== firstRead && jobEntry()?.status === 'fulfilled').toBe(true));
    expect(jobEntry()?.data).toMatchObject({ sent: 35, state: 'sending' });
    expect(screen.getByText(/35 \/ 50 gönderildi/)).toBeTruthy();
  });

  it('polls the job while the socket is not connected, and stops once it is done', async () => {
    let polls = 0;
    const { requests } = adminRoutes({
      'POST /api/admin/bulk-email': () => json({ jobId: 'job1', message: 'Gönderim sıraya alındı' }, 202),
      'GET /api/admin/bulk-email/:id': () => {
        polls += 1;
        return polls === 1 ? job({ state: 'sending', sent: 10 }) : job({ state: 'done', sent: 50 });
      },
    });
    // The polling's timers run on a fake clock the test moves on (with real time too). setImmediate stays real: React
    // renders through it, and a faked one made every render step cost a real turn while the clock was moved on.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    renderAppAt('/admin', { user: admin });
    const form = await openActions();
    fireEvent.change(form.subject, { target: { value: 'Duyuru' } });
    fireEvent.change(form.body, { target: { value: 'Merhaba' } });
    fireEvent.click(form.send());
    expect(await screen.findByText(/10 \/ 50 gönderildi/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS));
    await waitFor(() => expect(screen.getByText(/50 \/ 50 gönderildi/).textContent).toContain('Tamamlandı'));
    // Three more polling periods go by: nothing more is asked.
    await act(() => vi.advanceTimersByTimeAsync(3 * PROGRESS_POLL_MS));
    expect(requests.filter((r) => r.path === '/api/admin/bulk-email/job1')).toHaveLength(2);
  });

  it('still shows the last job’s progress after a reload', async () => {
    adminRoutes({
      'POST /api/admin/bulk-email': () => json({ jobId: 'job7', message: 'Gönderim sıraya alındı' }, 202),
      'GET /api/admin/bulk-email/:id': job({ id: 'job7', state: 'done', sent: 50 }),
    });
    const first = renderAppAt('/admin', { user: admin });
    const form = await openActions();
    fireEvent.change(form.subject, { target: { value: 'Duyuru' } });
    fireEvent.change(form.body, { target: { value: 'Merhaba' } });
    fireEvent.click(form.send());
    await screen.findByText(/50 \/ 50 gönderildi/);
    first.unmount();
    renderAppAt('/admin', { user: admin });
    await openActions();
    expect((await screen.findByText(/50 \/ 50 gönderildi/)).textContent).toContain('Tamamlandı');
    expect(document.querySelector('[data-job]')?.getAttribute('data-job')).toBe('job7');
  });

  it('shows the audit log: when, who, what, target and reason', async () => {
    adminRoutes({
      'GET /api/admin/audit': paged([
        {
          id: 'e1',
          adminId: 'a1',
          adminUsername: 'yonetici',
          action: 'user.ban',
          targetType: 'user',
          targetId: 'u7',
          reason: 'Spam hesap',
          at: '2025-03-05T10:00:00.000Z',
        },
      ]),
    });
    renderAppAt('/admin', { user: admin });
    await openActions();
    const table = await screen.findByRole('table', { name: 'İşlem Kaydı' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('@yonetici')).toBeTruthy();
    expect(within(row).getByText('Kullanıcı yasaklandı')).toBeTruthy();
    expect(within(row).getByText('u7')).toBeTruthy();
    expect(within(row).getByText('Spam hesap')).toBeTruthy();
  });
});

describe('the report dialog feeding the reports tab', () => {
  async function fileReport() {
    const onClose = vi.fn();
    renderWithStore(
      <>
        <ReportDialog pollId="p1" onClose={onClose} />
        <Toaster />
      </>,
      { user: member },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Şikayet Et' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Spam ya da reklam' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Gönder' }));
    return onClose;
  }

  it('posts the reason to POST /api/polls/{id}/report', async () => {
    const { requests } = fakeApi({
      'POST /api/polls/:id/report': () => json({ id: 'r1', message: 'Şikayetin alındı, teşekkürler' }, 201),
    });
    const onClose = await fileReport();
    expect(await screen.findByText('Şikayetin alındı, teşekkürler')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(requests.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([
      ['/api/polls/p1/report', { reason: 'Spam ya da reklam', description: null }],
    ]);
  });

  it('answers a second report of the same poll (409) with the Turkish "already reported" text, not as a failure', async () => {
    fakeApi({
      'POST /api/polls/:id/report': () =>
        json({ error: 'already_reported', message: 'Bu anketi zaten şikayet ettin. Şikayetin inceleniyor.' }, 409),
    });
    const onClose = await fileReport();
    expect(await screen.findByText('Bu anketi zaten şikayet ettin. Şikayetin inceleniyor.')).toBeTruthy();
    expect(screen.getByText('Zaten şikayet ettin')).toBeTruthy();
    expect(screen.queryByText('Şikayet gönderilemedi')).toBeNull();
    expect(onClose).toHaveBeenCalled();
  });
});
