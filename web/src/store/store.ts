import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { RealtimeHub } from './realtime/hub';
import { realtimeSlice, statusChanged } from './realtime/realtimeSlice';
import { browserSocket } from './realtime/socket';
import { toastSlice } from './toastSlice';
import { uiSlice } from './uiSlice';
import { api, type ApiExtra } from './api';
import { liveCountsArrived, pollsSlice } from './pollsSlice';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  [uiSlice.reducerPath]: uiSlice.reducer,
  [toastSlice.reducerPath]: toastSlice.reducer,
  [realtimeSlice.reducerPath]: realtimeSlice.reducer,
  [pollsSlice.reducerPath]: pollsSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

export interface StoreOptions {
  /** The realtime connection; tests pass one with a fake socket (or none). */
  realtime?: RealtimeHub;
  /** Answers the store's API calls instead of the network (the server's rendering: ApiExtra.fetch). */
  fetch?: ApiExtra['fetch'];
}

/** Builds a fresh store; the app makes one at start-up and every test makes its own. */
export function createStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const realtime = options.realtime ?? new RealtimeHub(browserSocket);
  const extra: ApiExtra = { realtime, ...(options.fetch ? { fetch: options.fetch } : {}) };
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({ thunk: { extraArgument: extra } }).concat(api.middleware),
    preloadedState,
  });
  realtime.on('status', (status) => store.dispatch(statusChanged(status)));
  // A followed poll's live counts enter its one copy, whichever lists and pages show it.
  realtime.on('poll_update', (update) => store.dispatch(liveCountsArrived(update)));
  store.dispatch(statusChanged(realtime.status));
  return Object.assign(store, { realtime });
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** The store's realtime connection. */
export function useRealtime() {
  return (useStore() as AppStore).realtime;
}
