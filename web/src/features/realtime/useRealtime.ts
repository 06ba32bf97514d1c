import { useStore } from 'react-redux';
import type { AppStore } from '../../app/store';

/** The store's realtime connection. */
export function useRealtime() {
  return (useStore() as AppStore).realtime;
}
