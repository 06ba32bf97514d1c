import type { AdminStats, BulkEmailBody, BulkEmailProgress, BulkEmailState, MessageResponse, UserRole } from '@meydan/proto';
import { api, type ApiExtra } from '../../app/api';

/*
 * The admin service's answers as its HTTP API promises them. The list entries are typed here until the service's
 * schemas in @meydan/proto carry the nested creator / poll / reporter objects; then these become proto types.
 */

export interface Paged<T> {
  items: T[];
  totalCount: number;
  page: number;
  pageSize: number;
}

export interface AdminUserRow {
  id: string;
  username: string;
  displayName: string | null;
  email: string;
  role: UserRole;
  isActive: boolean;
  emailVerified: boolean;
  createdAt: string;
}

export interface AdminPollRow {
  id: string;
  title: string;
  description: string | null;
  category: string;
  votesCount: number;
  createdAt: string;
  isShareable: boolean;
  creator: { id: string; username: string; displayName: string | null } | null;
}

export type ReportStatus = 'pending' | 'resolved' | 'dismissed';

export interface AdminReportRow {
  id: string;
  status: ReportStatus;
  reason: string;
  description: string | null;
  createdAt: string;
  poll: { id: string; title: string } | null;
  reporter: { id: string; username: string } | null;
}

export interface AuditEntry {
  id: string;
  adminId: string;
  adminUsername: string;
  action: string;
  targetType: string;
  targetId: string;
  reason: string | null;
  at: string;
}

export interface BulkEmailStarted {
  jobId: string;
  message: string;
}

export interface BulkEmailJob {
  id: string;
  total: number;
  sent: number;
  failed: number;
  state: BulkEmailState;
}

export interface SearchArgs {
  q: string;
  page: number;
}

export const finishedStates: readonly BulkEmailState[] = ['done', 'failed'];

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

    adminUsers: build.query<Paged<AdminUserRow>, SearchArgs>({
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

    adminPolls: build.query<Paged<AdminPollRow>, SearchArgs>({
      query: (args) => ({ url: '/admin/polls', params: searchParams(args) }),
      providesTags: [POLLS],
    }),

    removePoll: build.mutation<MessageResponse, string>({
      query: (pollId) => ({ url: `/admin/polls/${encodeURIComponent(pollId)}`, method: 'DELETE' }),
      // Its reports are resolved with it; the feeds lose it too.
      invalidatesTags: (result, _error, pollId) =>
        result ? [POLLS, STATS, AUDIT, REPORTS, { type: 'Poll', id: pollId }, { type: 'Poll', id: 'LIST' }] : [],
    }),

    adminReports: build.query<Paged<AdminReportRow>, { status: ReportStatus | 'all'; page: number }>({
      query: ({ status, page }) => ({ url: '/admin/reports', params: { ...(status === 'all' ? {} : { status }), page } }),
      providesTags: [REPORTS],
    }),

    setReportStatus: build.mutation<MessageResponse, { reportId: string; status: Exclude<ReportStatus, 'pending'> }>({
      query: ({ reportId, status }) => ({ url: `/admin/reports/${encodeURIComponent(reportId)}`, method: 'PATCH', body: { status } }),
      invalidatesTags: (result) => (result ? [REPORTS, STATS, AUDIT] : []),
    }),

    startBulkEmail: build.mutation<BulkEmailStarted, BulkEmailBody>({
      query: (body) => ({ url: '/admin/bulk-email', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [AUDIT] : []),
    }),

    /** A bulk e-mail job's counts; the socket's `bulk_email_progress` keeps them current while it is connected. */
    bulkEmailJob: build.query<BulkEmailJob, string>({
      query: (jobId) => `/admin/bulk-email/${encodeURIComponent(jobId)}`,
      async onCacheEntryAdded(jobId, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, extra }) {
        const { realtime } = extra as ApiExtra;
        const stop = realtime.on('bulk_email_progress', (progress: BulkEmailProgress) => {
          if (progress.jobId !== jobId) return;
          updateCachedData((draft) => {
            draft.total = progress.total;
            draft.sent = progress.sent;
            draft.failed = progress.failed;
            draft.state = progress.state;
          });
        });
        await cacheDataLoaded.catch(() => undefined);
        await cacheEntryRemoved;
        stop();
      },
    }),

    auditLog: build.query<Paged<AuditEntry>, number>({
      query: (page) => ({ url: '/admin/audit', params: { page } }),
      providesTags: [AUDIT],
    }),
  }),
});

export const {
  useAdminStatsQuery,
  useAdminUsersQuery,
  useSetUserActiveMutation,
  useAdminPollsQuery,
  useRemovePollMutation,
  useAdminReportsQuery,
  useSetReportStatusMutation,
  useStartBulkEmailMutation,
  useBulkEmailJobQuery,
  useAuditLogQuery,
} = adminApi;
