import type { EmailNotifications, PushPublicKey, PushSubscriptionList } from '@meydan/proto';
import { api } from '../../store/api';

const EMAIL = { type: 'User', id: 'EMAIL_NOTIFICATIONS' } as const;

/** Web Push subscriptions and the mail switch (the notifications service). */
export const channelsApi = api.injectEndpoints({
  endpoints: (build) => ({
    pushPublicKey: build.query<PushPublicKey, void>({ query: () => '/push/public-key' }),
    addPushSubscription: build.mutation<PushSubscriptionList, PushSubscriptionJSON>({
      query: (body) => ({ url: '/push/subscriptions', method: 'POST', body }),
    }),
    removePushSubscription: build.mutation<{ removed: number }, { endpoint: string }>({
      query: (body) => ({ url: '/push/subscriptions', method: 'DELETE', body }),
    }),
    emailNotifications: build.query<EmailNotifications, void>({
      query: () => '/notifications/email',
      providesTags: [EMAIL],
    }),
    setEmailNotifications: build.mutation<EmailNotifications, EmailNotifications>({
      query: (body) => ({ url: '/notifications/email', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : [EMAIL]),
    }),
  }),
});

export const {
  useLazyPushPublicKeyQuery,
  useAddPushSubscriptionMutation,
  useRemovePushSubscriptionMutation,
  useEmailNotificationsQuery,
  useSetEmailNotificationsMutation,
} = channelsApi;
