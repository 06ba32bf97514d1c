import {
  bulkEmailStates,
  type AdminDailyStats,
  type AdminPoll,
  type AdminPollEdits,
  type AdminPollPage,
  type AdminStats,
  type AdminUser,
  type AdminUserPage,
  type AuditAction,
  type AuditPage,
  type BulkEmailAccepted,
  type BulkEmailBody,
  type BulkEmailJob,
  type BulkEmailState,
  type MessageResponse,
  type Report,
  type ReportPage,
  type ReportStatus,
  type UserRole,
} from '@meydan/proto';
import { api, type ApiExtra } from '../../store/api';

/* The admin service's answers, as proto's schemas (the service's own response schemas) define them. */
export type AdminUserRow = AdminUser;
export type AdminPollRow = AdminPoll;
export type AdminReportRow = Report;
export type { ReportStatus };

export interface SearchArgs {
  q: string;
  page: number;
}

export const finishedStates: readonly BulkEmailState[] = ['done'];

/**
 * Whether a reading of a job is older than another: a job only moves on (queued → sending → done, its counts only
 * grow), so a reading behind the one shown is stale — a GET answered after the socket's later count, or a count pushed
 * before the GET's answer arrived.
 */
export const behind = (reading: BulkEmailJob, shown: BulkEmailJob): boolean => {
  const step = bulkEmailStates.indexOf(reading.state) - bulkEmailStates.indexOf(shown.state);
  return step < 0 || (step === 0 && reading.sent + reading.failed < shown.sent + shown.failed);
};

const STATS = { type: 'Admin' as const, id: 'STATS' };
const USERS = { type: 'Admin' as const, id: 'USERS' };
const POLLS = { type: 'Admin' as const, id: 'POLLS' };
const AUDIT = { type: 'Admin' as const, id: 'AUDIT' };
const REPORTS = { type: 'Report' as const, id: 'LIST' };

const searchParams = ({ q, page }: SearchArgs) => ({ ...(q.trim() ? { q: q.trim() } : {}), page });

/** The admin panel's calls. The server decides who is an administrator; these answer 401/403 to anyone else. */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminStats: build.query<AdminStats, void>({
      query: () => '/admin/stats',
      providesTags: [STATS],
    }),

    adminDailyStats: build.query<AdminDailyStats, number>({
      query: (days) => ({ url: '/admin/stats/daily', params: { days } }),
      providesTags: [STATS],
    }),

    adminUsers: build.query<AdminUserPage, SearchArgs>({
      query: (args) => ({ url: '/admin/users', params: searchParams(args) }),
      providesTags: [USERS],
    }),

    setUserActive: build.mutation<MessageResponse, { userId: string; active: boolean; reason?: string }>({
      query: ({ userId, active, reason }) => ({
        url: `/admin/users/${encodeURIComponent(userId)}/${active ? 'activate' : 'ban'}`,
        method: 'POST',
        body: reason ? { reason } : {},
      }),
      invalidatesTags: (result) => (result ? [USERS, STATS, AUDIT, POLLS] : []),
    }),

    /** Administrators only: the account's new role (its sessions end; audited). */
    setUserRole: build.mutation<MessageResponse, { userId: string; role: UserRole }>({
      query: ({ userId, role }) => ({
        url: `/admin/users/${encodeURIComponent(userId)}/role`,
        method: 'PATCH',
        body: { role },
      }),
      invalidatesTags: (result) => (result ? [USERS, AUDIT] : []),
    }),

    /** Administrators only: a staff member invited by e-mail (auth mails the link that sets their password). */
    inviteStaff: build.mutation<
      { userId: string; message: string },
      { email: string; displayName: string; role: 'moderator' | 'admin' }
    >({
      query: (body) => ({ url: '/admin/staff/invitations', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [USERS, AUDIT] : []),
    }),

    adminPolls: build.query<AdminPollPage, SearchArgs>({
      query: (args) => ({ url: '/admin/polls', params: searchParams(args) }),
      providesTags: [POLLS],
    }),

    removePoll: build.mutation<MessageResponse, string>({
      query: (pollId) => ({ url: `/admin/polls/${encodeURIComponent(pollId)}`, method: 'DELETE' }),
      // Its reports are resolved with it; the feeds lose it too.
      invalidatesTags: (result, _error, pollId) =>
        result ? [POLLS, STATS, AUDIT, REPORTS, { type: 'Poll', id: pollId }, { type: 'Poll', id: 'LIST' }] : [],
    }),

    adminReports: build.query<ReportPage, { status: ReportStatus | 'all'; page: number }>({
      query: ({ status, page }) => ({
        url: '/admin/reports',
        params: { ...(status === 'all' ? {} : { status }), page },
      }),
      providesTags: [REPORTS],
    }),

    /** A reported poll's edits: the texts it had before, with when each changed (GET /api/admin/polls/{id}/edits). */
    adminPollEdits: build.query<AdminPollEdits, string>({
      query: (pollId) => `/admin/polls/${encodeURIComponent(pollId)}/edits`,
      providesTags: [REPORTS],
    }),

    setReportStatus: build.mutation<MessageResponse, { reportId: string; status: Exclude<ReportStatus, 'pending'> }>({
      query: ({ reportId, status }) => ({
        url: `/admin/reports/${encodeURIComponent(reportId)}`,
        method: 'PATCH',
        body: { status },
      }),
      invalidatesTags: (result) => (result ? [REPORTS, STATS, AUDIT] : []),
    }),

    startBulkEmail: build.mutation<BulkEmailAccepted, BulkEmailBody>({
      query: (body) => ({ url: '/admin/bulk-email', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [AUDIT] : []),
    }),

    /** A bulk e-mail job's counts; the socket's `bulk_email_progress` keeps them current while it is connected. */
    bulkEmailJob: build.query<BulkEmailJob, string>({
      query: (jobId) => `/admin/bulk-email/${encodeURIComponent(jobId)}`,
      // A refetch read before the last pushed count does not take the job back.
      merge: (shown, answer) => (behind(answer, shown) ? shown : answer),
      async onCacheEntryAdded(jobId, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, extra }) {
        const { realtime } = extra as ApiExtra;
        // A count pushed before the GET's answer has nothing to update yet: kept, and applied once the answer is in
        // (a small job can end before its first GET is answered, and no count would come after it).
        let early: BulkEmailJob | null = null;
        const apply = (progress: BulkEmailJob) =>
          updateCachedData((draft) => {
            if (behind(progress, draft)) return;
            draft.total = progress.total;
            draft.sent = progress.sent;
            draft.failed = progress.failed;
            draft.state = progress.state;
          });
        let loaded = false;
        const stop = realtime.on('bulk_email_progress', (progress: BulkEmailJob) => {
          if (progress.id !== jobId) return;
          if (loaded) apply(progress);
          else if (!early || !behind(progress, early)) early = progress;
        });
        try {
          await cacheDataLoaded;
          loaded = true;
          if (early) apply(early);
        } catch {
          // Removed before it loaded: nothing to update.
        }
        await cacheEntryRemoved;
        stop();
      },
    }),

    /** A page of the audit log, filtered by who acted, what and when (empty filters left out). */
    auditLog: build.query<AuditPage, AuditFilter & { page: number }>({
      query: (args) => ({
        url: '/admin/audit',
        params: Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== '')),
      }),
      providesTags: [AUDIT],
    }),
  }),
});

/** The audit log's filters: the acting staff member's id, the action, and a time range (ISO, `to` exclusive). */
export interface AuditFilter {
  actor?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
}

export const {
  useAdminStatsQuery,
  useAdminDailyStatsQuery,
  useAdminUsersQuery,
  useSetUserActiveMutation,
  useSetUserRoleMutation,
  useInviteStaffMutation,
  useAdminPollsQuery,
  useRemovePollMutation,
  useAdminReportsQuery,
  useAdminPollEditsQuery,
  useSetReportStatusMutation,
  useStartBulkEmailMutation,
  useBulkEmailJobQuery,
  useAuditLogQuery,
} = adminApi;
