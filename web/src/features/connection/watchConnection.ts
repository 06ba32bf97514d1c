import { api } from '../../store/api';
import type { AppStore } from '../../store/store';

/**
 * Keeps the page fresh across a lost connection, for visitors and members alike:
 * - the browser's `online`/`offline` go to RTK Query (as its `setupListeners` would send them, without its focus and
 *   visibility listeners, which the app does not use), which refetches every query on screen when the network
 *   returns (`refetchOnReconnect` in store/api.ts);
 * - `online` also wakes the live socket at once instead of after socket.io's backoff; the hub follows again what it
 *   followed (RealtimeHub's connect);
 * - a live socket lost while the browser stayed online (the server restarted, a proxy dropped it) refetches the same
 *   way once it is back, as the updates of the meantime were missed.
 * Returns the function that stops watching.
 */
export function watchConnection(store: AppStore): () => void {
  const { onOnline, onOffline } = api.internalActions;
  /** The browser said `online` since the socket was lost: RTK Query refetched on that event already. */
  let refetchedMeanwhile = false;
  let previous = store.realtime.status;
  const online = () => {
    store.dispatch(onOnline());
    refetchedMeanwhile = true;
    store.realtime.wake();
  };
  const offline = () => store.dispatch(onOffline());
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  const stopStatus = store.realtime.on('status', (status) => {
    if (status === 'disconnected' && previous === 'connected') refetchedMeanwhile = false;
    previous = status;
  });
  const stopReconnected = store.realtime.on('reconnected', () => {
    if (!refetchedMeanwhile) store.dispatch(onOnline());
    refetchedMeanwhile = false;
  });
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    stopStatus();
    stopReconnected();
  };
}
