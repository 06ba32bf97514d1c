// @vitest-environment jsdom
import type { AdminStats, User } from '@meydan/proto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, renderAppAt } from './helpers';

/* The panel for the staff: the second factor before it, and a moderator's panel without what is for administrators. */

const staff = (role: 'moderator' | 'admin', mfa: 'enrol' | 'required' | 'verified'): User => ({
  id: 's1',
  username: role === 'admin' ? 'yonetici' : 'moderator',
  email: `${role}@meydan.local`,
  displayName: role === 'admin' ? 'Yönetici' : 'Moderatör',
  avatarUrl: null,
  role,
  mfa,
});
const stats: AdminStats = {
  totalUsers: 1,
  newUsersThisMonth: 0,
  totalPolls: 0,
  newPollsThisMonth: 0,
  totalVotes: 0,
  newVotesThisMonth: 0,
  pendingReports: 0,
};
const paged = (items: unknown[]) => ({ items, totalCount: items.length, page: 1, pageSize: 20 });
const panelRoutes = {
  'GET /api/admin/stats': stats,
  'GET /api/admin/stats/daily': { timeZone: 'Europe/Istanbul', days: [] },
  'GET /api/admin/users': paged([]),
  'GET /api/admin/polls': paged([]),
  'GET /api/admin/reports': paged([]),
  'GET /api/admin/audit': paged([]),
  'GET /api/admin/messages': paged([]),
};

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

describe('admin panel: the staff', () => {
  it('shows a moderator the moderation tabs only: no bulk e-mail and audit tab, no CSV downloads, and asks no admin-only route', async () => {
    const moderator = staff('moderator', 'verified');
    const { requests } = fakeApi({ 'GET /api/auth/session': moderator, ...panelRoutes });
    renderAppAt('/admin', { user: moderator });
    expect(await screen.findByRole('tab', { name: /Şikayetler|Raporlar/ })).toBeTruthy();
    // Users, polls, reports and the moderation queue; not the word filter nor the actions (an administrator's).
    expect(screen.getAllByRole('tab')).toHaveLength(4);
    expect(screen.getByRole('tab', { name: /kuyru/i })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /CSV|indir/i })).toBeNull();
    expect(screen.getByText(/Moderatör olarak/)).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.path === '/api/admin/stats')).toBe(true));
    expect(requests.filter((r) => /^\/api\/admin\/(audit|messages|bulk-email)/.test(r.path))).toEqual([]);
  });

  it('sends a staff member without an authenticator to enrolment: QR code and key, then the first code', async () => {
    const newcomer = staff('admin', 'enrol');
    const { requests } = fakeApi({
      'GET /api/auth/session': newcomer,
      'POST /api/auth/totp/enrol': {
        secret: 'JBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/Meydan:admin%40meydan.local?secret=JBSWY3DPEHPK3PXP&issuer=Meydan',
      },
      'POST /api/auth/totp/confirm': () =>
        json({ error: 'totp_invalid', message: 'Doğrulama kodu yanlış ya da süresi geçmiş.' }, 401),
    });
    renderAppAt('/admin', { user: newcomer });
    expect(await screen.findByRole('heading', { name: 'Doğrulama uygulamanı kur' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Kurulumu başlat' }));
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Doğrulama uygulaması için QR kodu' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Doğrulama kodu'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Kurulumu tamamla' }));
    expect(await screen.findByText('Doğrulama kodu yanlış ya da süresi geçmiş.')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/auth/totp/confirm')?.body).toEqual({ code: '123456' });
    expect(requests.some((r) => r.path.startsWith('/api/admin/'))).toBe(false);
  });

  it('asks a staff member with an authenticator for the code, or a recovery code', async () => {
    const boss = staff('admin', 'required');
    const { requests } = fakeApi({
      'GET /api/auth/session': boss,
      'POST /api/auth/totp/verify': () =>
        json(
          {
            error: 'totp_replayed',
            message: 'Bu kod zaten kullanıldı. Uygulamadaki bir sonraki kodu bekleyip onu gir.',
          },
          400,
        ),
    });
    renderAppAt('/admin', { user: boss });
    expect(await screen.findByRole('heading', { name: 'İki adımlı doğrulama' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Doğrulama kodu'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Doğrula' }));
    expect(
      await screen.findByText('Bu kod zaten kullanıldı. Uygulamadaki bir sonraki kodu bekleyip onu gir.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Kurtarma kodu kullan' }));
    fireEvent.change(screen.getByLabelText('Kurtarma kodu'), { target: { value: 'abcde-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Doğrula' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.path === '/api/auth/totp/verify').map((r) => r.body)).toEqual([
        { code: '654321' },
        { recoveryCode: 'abcde-12345' },
      ]),
    );
  });

  it('lets an administrator invite a staff member by e-mail, and shows a refusal in Turkish', async () => {
    const boss = staff('admin', 'verified');
    const { requests } = fakeApi({
      'GET /api/auth/session': boss,
      ...panelRoutes,
      'POST /api/admin/staff/invitations': () =>
        json(
          {
            error: 'email_taken',
            message: 'Bu adresin zaten bir hesabı var; rolünü Kullanıcılar sekmesinden değiştirebilirsin.',
          },
          409,
        ),
    });
    renderAppAt('/admin', { user: boss });
    expect(await screen.findByRole('heading', { name: 'Yönetim ekibine davet et' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-posta'), { target: { value: 'ayse@example.com' } });
    fireEvent.change(screen.getByLabelText('Görünen ad'), { target: { value: 'Ayşe' } });
    fireEvent.change(screen.getByLabelText('Rol'), { target: { value: 'admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Davet gönder' }));
    expect(
      await screen.findByText('Bu adresin zaten bir hesabı var; rolünü Kullanıcılar sekmesinden değiştirebilirsin.'),
    ).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/admin/staff/invitations')?.body).toEqual({
      email: 'ayse@example.com',
      displayName: 'Ayşe',
      role: 'admin',
    });
  });
});
