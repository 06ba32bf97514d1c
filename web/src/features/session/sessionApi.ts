import {
  apiPaths,
  apiUrl,
  type ForgotPasswordBody,
  type LoginBody,
  type MessageResponse,
  type RegisterBody,
  type ResetPasswordBody,
  type User,
} from '@meydan/proto';
import { useCallback } from 'react';
import { api } from '../../store/api';
import { useAppDispatch } from '../../store/store';
import { dialogOpened, type SignInReason } from '../../store/uiSlice';
import { notificationsApi } from '../notifications/notificationsApi';
import { readLoggedOut, writeLoggedOut } from './loggedOutFlag';

/** Sign-in, sign-out, registration and the session restored at start-up. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user, or null for a visitor (401). */
    session: build.query<User | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        if (readLoggedOut()) return { data: null };
        const result = await baseQuery('/auth/session');
        if (result.error) return result.error.status === 401 ? { data: null } : { error: result.error };
        return { data: result.data as User };
      },
      providesTags: ['Session'],
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
    login: build.mutation<User, LoginBody>({
      query: (body) => ({ url: apiUrl(apiPaths.login), method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data: user } = await queryFulfilled.catch(() => ({ data: null }));
        if (!user) return;
        writeLoggedOut(false);
        dispatch(sessionApi.util.upsertQueryData('session', undefined, user));
        // What a member sees differs (their votes, likes, friends' polls, notifications, and the profile `me` names).
        dispatch(api.util.invalidateTags(['Poll', 'Notification', 'Comment', 'User']));
      },
    }),
    logout: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // Signed out on this device even if the server could not be told.
        await queryFulfilled.catch(() => undefined);
        writeLoggedOut(true);
        dispatch(sessionApi.util.upsertQueryData('session', undefined, null));
        // Nothing of the member stays on screen for whoever signs in next on this device.
        dispatch(notificationsApi.util.updateQueryData('notifications', undefined, () => []));
        dispatch(notificationsApi.util.updateQueryData('unreadCount', undefined, () => ({ count: 0 })));
        dispatch(api.util.invalidateTags(['Poll', 'Comment', 'Notification', 'User']));
      },
    }),
    register: build.mutation<MessageResponse, RegisterBody>({
      query: (body) => ({ url: apiUrl(apiPaths.register), method: 'POST', body }),
    }),
    forgotPassword: build.mutation<MessageResponse, ForgotPasswordBody>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    /** Every session ends with it, this device's too. */
    resetPassword: build.mutation<MessageResponse, ResetPasswordBody>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        if (!(await queryFulfilled.then(() => true).catch(() => false))) return;
        dispatch(sessionApi.util.upsertQueryData('session', undefined, null));
      },
    }),
  }),
});

export const {
  useSessionQuery,
  useLoginMutation,
  useLogoutMutation,
  useRegisterMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = sessionApi;

/**
 * The signed-in user: null for visitors (and when the session cannot be asked for), undefined while it is being
 * restored.
 */
export function useCurrentUser(): { user: User | null | undefined; isMember: boolean } {
  const { data, isError } = useSessionQuery();
  const user = isError ? null : data;
  return { user, isMember: Boolean(user) };
}

/**
 * Runs a member-only action: at once for a member, the sign-in-required dialog for a visitor. While the session is
 * still being restored it waits for it first, so a quick click after the page loads is not taken for a visitor's.
 */
export function useMemberGate(): (reason: SignInReason, action: () => void) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    (reason, action) => {
      const session = dispatch(sessionApi.endpoints.session.initiate());
      void session
        .unwrap()
        .catch(() => null)
        .then((user) => {
          session.unsubscribe();
          if (user) action();
          else dispatch(dialogOpened({ kind: 'signInRequired', reason }));
        });
    },
    [dispatch],
  );
}
