// @vitest-environment jsdom
import type { AdminStats, ReportQueue, User, WordFilterEntry } from '@meydan/proto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitingText } from '../src/features/admin/QueueTab';
import { fakeApi, json, renderAppAt } from './helpers';

/* The panel's moderation queue and word filter tabs against a stand-in gateway; test/e2e/moderation runs them for real. */

const admin: User = {
  id: 'a1',
  username: 'yonetici',
  email: 'admin@meydan.local',
  displayName: 'Yönetici',
  avatarUrl: null,
  role: 'admin',
};
const stats: AdminStats = {
  totalUsers: 1,
  newUsersThisMonth: 0,
  totalPolls: 1,
  newPollsThisMonth: 0,
  totalVotes: 0,
  newVotesThisMonth: 0,
  pendingReports: 2,
};
const paged = <T,>(items: T[]) => ({ items, totalCount: items.length, page: 1, pageSize: 20 });

const queue: ReportQueue = {
  totalCount: 2,
  overdueCount: 1,
  items: [
    {
      id: 'r-comment',
      kind: 'comment',
      reason: 'Hakaret',
      description: null,
      createdAt: '2026-11-27T10:00:00.000Z',
      waitingSeconds: 26 * 3600 + 5 * 60,
      overdue: true,
      reporter: { id: 'u2', username: 'mert' },
      target: { id: 'c1', pollId: 'p1', authorId: 'u3', link: '/anket/p1', preview: 'Kaba bir yorum' },
    },
    {
      id: 'r-user',
      kind: 'user',
      reason: 'Taciz',
      description: 'mesajlar',
      createdAt: '2026-11-28T10:00:00.000Z',
      waitingSeconds: 3 * 3600,
      overdue: false,
      reporter: { id: 'u2', username: 'mert' },
      target: { id: 'u3', link: '/profil/deniz', preview: 'deniz' },
    },
  ],
  held: [
    {
      kind: 'poll',
      id: 'p9',
      authorId: 'u3',
      preview: 'Kıro modası geri mi dönüyor? · Evet · Hayır',
      link: '/anket/p9',
      createdAt: '2026-11-28T09:00:00.000Z',
      waitingSeconds: 2 * 3600,
    },
    {
      kind: 'profile',
      id: 'u4',
      authorId: 'u4',
      preview: 'Tam bir kıro',
      link: '/profil/ece',
      createdAt: '2026-11-28T10:00:00.000Z',
      waitingSeconds: 60 * 60,
    },
  ],
};

function routes(overrides: Record<string, unknown> = {}) {
  return fakeApi({
    'GET /api/auth/session': admin,
    'GET /api/admin/stats': stats,
    'GET /api/admin/stats/daily': { timeZone: 'Europe/Istanbul', days: [] },
    'GET /api/admin/users': paged([]),
    'GET /api/admin/audit': paged([]),
    'GET /api/admin/report-queue': queue,
    ...overrides,
  });
}

const openTab = (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });

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
});

describe('admin panel: moderation queue', () => {
  it('says how long a report has waited in Turkish words', () => {
    expect(waitingText(4 * 60)).toBe('4 dakika');
    expect(waitingText(5 * 3600 + 12 * 60)).toBe('5 saat 12 dakika');
    expect(waitingText(2 * 86_400 + 3 * 3600)).toBe('2 gün 3 saat');
  });

  it('lists every kind oldest first with its waiting time and the count past 24 hours; removes a comment, bans a member', async () => {
    const { requests } = routes({
      'POST /api/admin/reports/r-comment/remove-comment': { message: 'Yorum kaldırıldı' },
      'POST /api/admin/users/u3/ban': { message: 'Kullanıcı engellendi' },
      'PATCH /api/admin/reports/r-user': { message: 'Rapor güncellendi' },
    });
    renderAppAt('/admin', { user: admin });
    await screen.findByRole('tab', { name: 'Moderasyon kuyruğu' });
    openTab('Moderasyon kuyruğu');
    expect(await screen.findByText('24 saati geçen şikâyet: 1')).toBeTruthy();
    const rows = screen.getAllByRole('listitem').filter((li) => li.hasAttribute('data-queue-report'));
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['comment', 'user']);
    expect(within(rows[0]!).getByText('Kaba bir yorum')).toBeTruthy();
    expect(within(rows[0]!).getByText('Bekleme: 1 gün 2 saat')).toBeTruthy();
    expect(within(rows[0]!).getByText('24 saati geçti')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'Şikâyet edilen yorum içeriğini aç' }).getAttribute('href')).toBe(
      '/anket/p1',
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Şikâyet edilen üye içeriğini aç' }).getAttribute('href')).toBe(
      '/profil/deniz',
    );

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Yorumu kaldır' }));
    expect(await screen.findByText('Yorum kaldırıldı ve şikâyet çözüldü')).toBeTruthy();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Üyeyi engelle' }));
    expect(await screen.findByText('Üye engellendi ve şikâyet çözüldü')).toBeTruthy();
    await waitFor(() =>
      expect(requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path, r.body])).toEqual([
        ['POST', '/api/admin/reports/r-comment/remove-comment', {}],
        ['POST', '/api/admin/users/u3/ban', { reason: 'Taciz' }],
        ['PATCH', '/api/admin/reports/r-user', { status: 'resolved' }],
      ]),
    );
  });
});

describe('admin panel: texts held for review', () => {
  it('lists them oldest first with their waiting time; approves a poll and removes a profile text', async () => {
    const { requests } = routes({
      'POST /api/admin/held/poll/p9/approve': { message: 'Onaylandı: artık herkes görüyor' },
      'POST /api/admin/held/profile/u4/remove': { message: 'Kaldırıldı' },
    });
    renderAppAt('/admin', { user: admin });
    await screen.findByRole('tab', { name: 'Moderasyon kuyruğu' });
    openTab('Moderasyon kuyruğu');
    expect(await screen.findByRole('heading', { name: 'İncelemede bekleyenler' })).toBeTruthy();
    const rows = screen.getAllByRole('listitem').filter((li) => li.hasAttribute('data-held-item'));
    expect(rows.map((r) => r.getAttribute('data-kind'))).toEqual(['poll', 'profile']);
    expect(within(rows[0]!).getByText('Bekleme: 2 saat')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'İncelemedeki anket içeriğini aç' }).getAttribute('href')).toBe(
      '/anket/p9',
    );
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'İncelemedeki anket içeriğini onayla' }));
    expect(await screen.findByText('Onaylandı: artık herkes görüyor')).toBeTruthy();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'İncelemedeki profil içeriğini kaldır' }));
    expect(await screen.findByText('İncelemedeki içerik kaldırıldı')).toBeTruthy();
    await waitFor(() =>
      expect(requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path])).toEqual([
        ['POST', '/api/admin/held/poll/p9/approve'],
        ['POST', '/api/admin/held/profile/u4/remove'],
      ]),
    );
  });
});

describe('admin panel: word filter', () => {
  it('adds an entry with its action, shows the server’s Turkish refusal, and removes one', async () => {
    const entries: WordFilterEntry[] = [
      { id: 'w1', pattern: 'salak', action: 'refuse', createdAt: '2026-11-28T10:00:00.000Z' },
    ];
    const { requests } = routes({
      'GET /api/admin/word-filter': () => ({ items: entries }),
      'POST /api/admin/word-filter': async (req: Request) => {
        const body = (await req.json()) as { pattern: string; action: 'refuse' | 'hold' };
        if (body.pattern === 'salak') return json({ error: 'conflict', message: 'Bu ifade filtrede zaten var' }, 409);
        const entry = { id: 'w2', ...body, createdAt: '2026-11-28T11:00:00.000Z' };
        entries.push(entry);
        return json(entry, 201);
      },
      'DELETE /api/admin/word-filter/w1': () => {
        entries.splice(0, 1);
        return { message: 'Filtreden çıkarıldı' };
      },
    });
    renderAppAt('/admin', { user: admin });
    await screen.findByRole('tab', { name: 'Kelime filtresi' });
    openTab('Kelime filtresi');
    expect(await screen.findByText('salak')).toBeTruthy();

    const pattern = screen.getByLabelText(/Kelime ya da kalıp/);
    fireEvent.change(pattern, { target: { value: 'salak' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ekle' }));
    expect(await screen.findByText('Bu ifade filtrede zaten var')).toBeTruthy();

    fireEvent.change(pattern, { target: { value: 'aptal*' } });
    fireEvent.change(screen.getByLabelText('Eşleşince'), { target: { value: 'hold' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ekle' }));
    expect(await screen.findByText('aptal*')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '"salak" kaydını filtreden kaldır' }));
    await waitFor(() => expect(screen.queryByText('salak')).toBeNull());
    expect(requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', '/api/admin/word-filter', { pattern: 'salak', action: 'refuse' }],
      ['POST', '/api/admin/word-filter', { pattern: 'aptal*', action: 'hold' }],
      ['DELETE', '/api/admin/word-filter/w1', undefined],
    ]);
  });
});
