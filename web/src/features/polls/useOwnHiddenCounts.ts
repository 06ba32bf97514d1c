import type { Poll } from '@meydan/proto';
import { useEffect } from 'react';
import { useStore } from 'react-redux';
import type { AppStore } from '../../store/store';
import { patchPollEverywhere, pollsApi } from './pollsApi';

/** How long the creator's card waits after a vote before reading the counts again (votes in between share one read). */
const REREAD_MS = 3_000;

/**
 * The creator of a creator-only poll sees its counts, but its live updates carry the total only (its followers share
 * one socket room, and the counts never leave the server while they are hidden): when the total moves, the creator's
 * card reads the poll again over HTTP, at most once per REREAD_MS.
 */
export function useOwnHiddenCounts(poll: Pick<Poll, 'id' | 'resultsVisibility' | 'resultsVisible'>): void {
  const store = useStore() as AppStore;
  const watching = poll.resultsVisibility === 'creator' && poll.resultsVisible === true;
  useEffect(() => {
    if (!watching) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = store.realtime.on('poll_update', (update) => {
      if (update.pollId !== poll.id || !update.countsHidden || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        const read = store.dispatch(pollsApi.endpoints.poll.initiate(poll.id, { forceRefetch: true, subscribe: false }));
        void read.then(({ data }) => {
          if (!data?.resultsVisible) return;
          patchPollEverywhere(store.dispatch, store.getState(), poll.id, (cached) => {
            cached.options = data.options;
            cached.totalVotes = data.totalVotes;
            cached.votesCount = data.votesCount;
          });
        });
      }, REREAD_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [store, poll.id, watching]);
}
