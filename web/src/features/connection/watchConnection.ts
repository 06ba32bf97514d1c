import { api } from '../../store/api';
import type { AppStore } from '../../store/store';

/**
 * Keeps the page fresh across a lost connection, for visitors and members alike:
 * - the browser's `online`/`offline` go to RTK Query (as its `setupListeners` would send them, without its focus and
 *   visibility listeners, which the app does not use), which refetches every query on screen when the network
 *   returns (`refetchOnReconnect` in store/api.ts);
 * - `online` also wakes the live socket at once instead of after socket.io's backoff; the hub follows again what it
 *   followed (RealtimeHub's connect);
 * - a live socket lost (the server restarted, a proxy dropped it, the network went) refetches the same way once it is
 *   back, as the updates of the meantime were missed — after `online` too, whose own refetch may have come too soon.
 * Returns the function that stops watching.
 */
export function watchConnection(store: AppStore): () => void {
  const { onOnline, onOffline } = api.internalActions;
  const online = () => {
    store.dispatch(onOnline());
    store.realtime.wake();
  };
  const offline = () => store.dispatch(onOffline());
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  // The socket back after a loss asks again even when `online` just did: what was asked at the very moment the
  // network came back may have failed (Chromium was seen refusing it as still offline), and asking twice costs little.
  const stopReconnected = store.realtime.on('reconnected', () => store.dispatch(onOnline()));
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    stopReconnected();
  };
}
