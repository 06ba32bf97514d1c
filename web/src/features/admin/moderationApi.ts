import type {
  HeldDecision,
  HeldKind,
  MessageResponse,
  ReportQueue,
  ReportQueueItem,
  WordFilterCreate,
  WordFilterEntry,
  WordFilterList,
} from '@meydan/proto';
import { api } from '../../store/api';

export type { ReportQueueItem, WordFilterEntry };
/** A text the word filter holds for review, as the queue lists it. */
export type HeldQueueItem = ReportQueue['held'][number];

const QUEUE = { type: 'Report' as const, id: 'QUEUE' };
const REPORTS = { type: 'Report' as const, id: 'LIST' };
const STATS = { type: 'Admin' as const, id: 'STATS' };
const AUDIT = { type: 'Admin' as const, id: 'AUDIT' };
const WORDS = { type: 'Admin' as const, id: 'WORDS' };

/** The moderation queue (every kind of report, oldest first) and the word filter's entries. */
export const moderationApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportQueue: build.query<ReportQueue, void>({
      query: () => '/admin/report-queue',
      providesTags: [QUEUE, REPORTS],
    }),

    /** Settles a report of any kind (PATCH /api/admin/reports/{id}). */
    settleQueuedReport: build.mutation<MessageResponse, { reportId: string; status: 'resolved' | 'dismissed' }>({
      query: ({ reportId, status }) => ({
        url: `/admin/reports/${encodeURIComponent(reportId)}`,
        method: 'PATCH',
        body: { status },
      }),
      invalidatesTags: (result) => (result ? [QUEUE, REPORTS, STATS, AUDIT] : []),
    }),

    removeReportedComment: build.mutation<MessageResponse, string>({
      query: (reportId) => ({
        url: `/admin/reports/${encodeURIComponent(reportId)}/remove-comment`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: (result) =>
        result ? [QUEUE, REPORTS, STATS, AUDIT, { type: 'Comment' as const, id: 'LIST' }] : [],
    }),

    /** Approves (shown to everyone) or removes a text the word filter holds for review. */
    decideHeld: build.mutation<MessageResponse, { kind: HeldKind; id: string; decision: HeldDecision }>({
      query: ({ kind, id, decision }) => ({
        url: `/admin/held/${kind}/${encodeURIComponent(id)}/${decision}`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: (result) =>
        result ? [QUEUE, AUDIT, { type: 'Poll' as const, id: 'LIST' }, { type: 'Comment' as const, id: 'LIST' }] : [],
    }),

    wordFilter: build.query<WordFilterList, void>({
      query: () => '/admin/word-filter',
      providesTags: [WORDS],
    }),

    addWordFilterEntry: build.mutation<WordFilterEntry, WordFilterCreate>({
      query: (body) => ({ url: '/admin/word-filter', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [WORDS, AUDIT] : []),
    }),

    removeWordFilterEntry: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/admin/word-filter/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (result) => (result ? [WORDS, AUDIT] : []),
    }),
  }),
});

export const {
  useReportQueueQuery,
  useSettleQueuedReportMutation,
  useRemoveReportedCommentMutation,
  useDecideHeldMutation,
  useWordFilterQuery,
  useAddWordFilterEntryMutation,
  useRemoveWordFilterEntryMutation,
} = moderationApi;
