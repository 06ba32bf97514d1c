import type { NotificationCount, NotificationItem, NotificationReadResult } from '@meydan/proto';
import { api, type ApiExtra } from '../../store/api';
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

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.query<NotificationItem[], void>({
      query: () => ({ url: '/notifications', params: { limit: NOTIFICATIONS_PAGE } }),
      providesTags: [{ type: 'Notification', id: 'LIST' }],
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch, extra }) {
        const { realtime } = extra as ApiExtra;
        await cacheDataLoaded.catch(() => undefined);
        const stop = realtime.on('notification', (item) => {
          let fresh = false;
          updateCachedData((draft) => {
            const at = draft.findIndex((n) => n.id === item.id);
            if (at >= 0) draft.splice(at, 1);
            else fresh = true;
            draft.unshift(item);
            if (draft.length > NOTIFICATIONS_PAGE) draft.length = NOTIFICATIONS_PAGE;
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
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, extra }) {
        const { realtime } = extra as ApiExtra;
        await cacheDataLoaded.catch(() => undefined);
        const stop = realtime.on('notification_count', (count) =>
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
