import { useMemo } from 'react';
import type { ShareLinkPoll, ShareState } from '@meydan/proto';
import { api, type ApiExtra } from '../../store/api';
import { choicesOf, normalizePoll } from '../../lib/polls';
import { holdingPolls, useHeldPoll, withData } from '../polls/heldPolls';

/** A share link's answer as its cache entry keeps it: the poll's id (the poll is held in store/pollsSlice). */
export interface HeldShareLinkPoll {
  pollId: string;
  creator: ShareLinkPoll['creator'];
}

/** The public share page: a poll by its short code and its live counts (its votes: polls/linkVoteApi.ts). */
export const shareLinkApi = api.injectEndpoints({
  endpoints: (build) => ({
    shareLinkPoll: build.query<HeldShareLinkPoll, string>({
      queryFn: holdingPolls(
        (code: string) => `/s/${encodeURIComponent(code)}`,
        (answer: ShareLinkPoll) => {
          const poll = normalizePoll(answer.poll);
          return { polls: [poll], held: { pollId: poll.id, creator: answer.creator } };
        },
      ),
      providesTags: (result, _error, code) => [{ type: 'Poll', id: result?.pollId ?? `s:${code}` }],
      /**
       * Live counts: the page follows its poll over the socket by its code (visitors too; the server lets only
       * the creator follow a share-link poll by id) and each `poll_update` enters the poll. The 10-second
       * refetch of the page stays as the fallback while the socket is down.
       */
      async onCacheEntryAdded(code, { cacheDataLoaded, cacheEntryRemoved, extra }) {
        const { realtime } = extra as ApiExtra;
        let release: (() => void) | undefined;
        try {
          await cacheDataLoaded;
          release = realtime.followCode(code);
        } catch {
          // No poll (404): nothing to follow.
        }
        await cacheEntryRemoved;
        release?.();
      },
    }),

    shareLinkShared: build.mutation<ShareState, string>({
      query: (code) => ({ url: `/s/${encodeURIComponent(code)}/share`, method: 'POST' }),
    }),
  }),
});

/**
 * The poll behind a share link as the pages read it (the answer's shape: the poll, its creator, the counts and the
 * visitor's ballot), made from the poll held.
 */
export function useShareLinkPollQuery(
  code: string,
  options?: Parameters<typeof shareLinkApi.useShareLinkPollQuery>[1],
) {
  const result = shareLinkApi.useShareLinkPollQuery(code, options);
  const poll = useHeldPoll(result.data?.pollId);
  const creator = result.data?.creator;
  const data = useMemo((): ShareLinkPoll | undefined => {
    if (!poll || !creator) return undefined;
    const voteCounts = Object.fromEntries(poll.options.map((option) => [String(option.id), option.votes]));
    return {
      poll,
      creator,
      voteCounts,
      hasVoted: poll.hasVoted,
      userChoice: poll.userChoice,
      userChoices: choicesOf(poll),
    };
  }, [poll, creator]);
  return withData(result, data);
}

export const { useShareLinkSharedMutation } = shareLinkApi;
