import type { NotificationCount, NotificationItem, NotificationReadResult } from '@meydan/proto';
import { api, type ApiExtra } from '../../store/api';
import type { HubEvents, RealtimeHub } from '../../store/realtime/hub';
import { showBrowserNotification } from './browserNotifications';

export const NOTIFICATIONS_PAGE = 20;

/**
 * The bell: the newest notifications and the unread count. Both are cache entries fed by the socket in
 * `onCacheEntryAdded`: a new notification goes to the top of the list (and raises the count when it is new and
 * unread); `notification_count` from the server sets the exact count.
 */
/** After an optimistic read: the server's unread count wins; on failure the optimistic changes are undone. */
async function settleCount(
  dispatch: (action: unknown) => unknown,
  queryFulfilled: Promise<{ data: NotificationReadResult }>,
  undos: { undo(): void }[],
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(
      notificationsApi.util.updateQueryData('unreadCount', undefined, (draft) => {
        draft.count = data.count;
      }),
    );
  } catch {
    for (const u of undos) u.undo();
  }
}

/**
 * Applies a socket event to a cache entry once its first answer is in (the cache cannot be updated before); what came
 * while an answer was on its way, the first or a refetch's, is put back after it by `keepWhatCameMeanwhile`.
 */
async function listenOnceLoaded<K extends keyof HubEvents>(
  realtime: RealtimeHub,
  event: K,
  loaded: Promise<unknown>,
  apply: (value: HubEvents[K]) => void,
): Promise<() => void> {
  try {
    await loaded;
  } catch {
    return () => undefined;
  }
  return realtime.on(event, apply);
}

/**
 * What the socket sent while an answer was on its way, put back once the answer is in: a frame sent meanwhile is as
 * new as the answer or newer. A member's first notification, sent just after the sign-in while the bell was still
 * asking for its count, was lost when the listener waited for the answer, and the answer said 0; so was one sent
 * while the bell's refetch (the sign-in refetches it) was on its way, read before the notification was stored.
 */
async function keepWhatCameMeanwhile<K extends keyof HubEvents>(
  realtime: RealtimeHub,
  event: K,
  answered: Promise<unknown>,
  apply: (values: HubEvents[K][]) => void,
): Promise<void> {
  const meanwhile: HubEvents[K][] = [];
  const stop = realtime.on(event, (value) => meanwhile.push(value));
  try {
    await answered;
  } catch {
    return;
  } finally {
    stop();
  }
  if (meanwhile.length > 0) apply(meanwhile);
}

/** A notification on top of the list, once (one that grew moves up). */
function putOnTop(draft: NotificationItem[], item: NotificationItem): boolean {
  const at = draft.findIndex((n) => n.id === item.id);
  if (at >= 0) draft.splice(at, 1);
  draft.unshift(item);
  if (draft.length > NOTIFICATIONS_PAGE) draft.length = NOTIFICATIONS_PAGE;
  return at < 0;
}

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.query<NotificationItem[], void>({
      query: () => ({ url: '/notifications', params: { limit: NOTIFICATIONS_PAGE } }),
      providesTags: [{ type: 'Notification', id: 'LIST' }],
      // An answer, the first or a refetch's, is followed by the notifications that came meanwhile (counted then).
      async onQueryStarted(_arg, { dispatch, queryFulfilled, extra }) {
        await keepWhatCameMeanwhile((extra as ApiExtra).realtime, 'notification', queryFulfilled, (items) =>
          dispatch(
            notificationsApi.util.updateQueryData('notifications', undefined, (draft) => {
              for (const item of items) putOnTop(draft, item);
            }),
          ),
        );
      },
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch, extra }) {
        const { realtime } = extra as ApiExtra;
        const stop = await listenOnceLoaded(realtime, 'notification', cacheDataLoaded, (item) => {
          let fresh = false;
          updateCachedData((draft) => {
            fresh = putOnTop(draft, item);
          });
          if (fresh && !item.isRead) {
            dispatch(
              notificationsApi.util.updateQueryData('unreadCount', undefined, (count) => {
                count.count += 1;
              }),
            );
          }
          showBrowserNotification(item.id, item.message);
        });
        await cacheEntryRemoved;
        stop();
      },
    }),

    unreadCount: build.query<NotificationCount, void>({
      query: () => '/notifications/unread-count',
      providesTags: [{ type: 'Notification', id: 'COUNT' }],
      // A refetch's answer (the first one's too) gives way to the last count that came meanwhile.
      async onQueryStarted(_arg, { dispatch, queryFulfilled, extra }) {
        await keepWhatCameMeanwhile((extra as ApiExtra).realtime, 'notification_count', queryFulfilled, (counts) =>
          dispatch(
            notificationsApi.util.updateQueryData('unreadCount', undefined, (draft) => {
              draft.count = counts.at(-1)!;
            }),
          ),
        );
      },
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, extra }) {
        const { realtime } = extra as ApiExtra;
        const stop = await listenOnceLoaded(realtime, 'notification_count', cacheDataLoaded, (count) =>
          updateCachedData((draft) => {
            draft.count = count;
          }),
        );
        await cacheEntryRemoved;
        stop();
      },
    }),

    markNotificationRead: build.mutation<NotificationReadResult, string>({
      query: (id) => ({ url: `/notifications/${encodeURIComponent(id)}/read`, method: 'POST' }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const list = notificationsApi.endpoints.notifications.select()(getState() as never).data ?? [];
        const wasUnread = list.some((n) => n.id === id && !n.isRead);
        const undoList = dispatch(
          notificationsApi.util.updateQueryData('notifications', undefined, (draft) => {
            for (const n of draft) if (n.id === id) n.isRead = true;
          }),
        );
        const undoCount = dispatch(
          notificationsApi.util.updateQueryData('unreadCount', undefined, (draft) => {
            if (wasUnread) draft.count = Math.max(0, draft.count - 1);
          }),
        );
        await settleCount(dispatch, queryFulfilled, [undoList, undoCount]);
      },
    }),

    markAllNotificationsRead: build.mutation<NotificationReadResult, void>({
      query: () => ({ url: '/notifications/read-all', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const undoList = dispatch(
          notificationsApi.util.updateQueryData('notifications', undefined, (draft) => {
            for (const n of draft) n.isRead = true;
          }),
        );
        const undoCount = dispatch(
          notificationsApi.util.updateQueryData('unreadCount', undefined, (draft) => {
            draft.count = 0;
          }),
        );
        await settleCount(dispatch, queryFulfilled, [undoList, undoCount]);
      },
    }),
  }),
});

export const {
  useNotificationsQuery,
  useUnreadCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
} = notificationsApi;

/** The bell's badge: the count, '99+' above 99, nothing at 0. */
export function unreadBadge(count: number, cap = 99): string | null {
  if (!(count > 0)) return null;
  return count > cap ? `${cap}+` : String(count);
}
