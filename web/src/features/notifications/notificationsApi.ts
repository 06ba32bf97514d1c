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
 * Listens to a socket event from the moment a cache entry is added, and applies what came while its first answer was
 * on its way once that answer is in (the cache cannot be updated before). A frame sent meanwhile is as new as the
 * answer or newer: a member's first notification, sent just after the sign-in while the bell was still asking for its
 * count, was lost when the listener waited for the answer, and the answer said 0.
 */
async function listenFromStart<K extends keyof HubEvents>(
  realtime: RealtimeHub,
  event: K,
  loaded: Promise<unknown>,
  apply: (value: HubEvents[K]) => void,
): Promise<() => void> {
  const early: HubEvents[K][] = [];
  let ready = false;
  const stop = realtime.on(event, (value) => (ready ? apply(value) : early.push(value)));
  try {
    await loaded;
  } catch {
    return stop;
  }
  ready = true;
  for (const value of early.splice(0)) apply(value);
  return stop;
}

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.query<NotificationItem[], void>({
      query: () => ({ url: '/notifications', params: { limit: NOTIFICATIONS_PAGE } }),
      providesTags: [{ type: 'Notification', id: 'LIST' }],
      async onCacheEntryAdded(_arg, { updateCachedData, cacheDataLoaded, cacheEntryRemoved, dispatch, extra }) {
        const { realtime } = extra as ApiExtra;
        const stop = await listenFromStart(realtime, 'notification', cacheDataLoaded, (item) => {
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
        const stop = await listenFromStart(realtime, 'notification_count', cacheDataLoaded, (count) =>
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
