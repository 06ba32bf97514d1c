import { useStore } from 'react-redux';
import type { AppStore } from '../store';

/** The store's realtime connection. */
export function useRealtime() {
  return (useStore() as AppStore).realtime;
}
