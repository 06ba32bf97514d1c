import { shallowEqual } from 'react-redux';
import type { BaseQueryApi, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { Poll, PollList } from '@meydan/proto';
import { useAppSelector } from '../../store/store';
import { pollsReceived, selectPoll, selectPolls } from '../../store/pollsSlice';

type Answer = { data?: unknown; error?: FetchBaseQueryError | undefined; meta?: FetchBaseQueryMeta | undefined };
type Fetch = (args: string | FetchArgs) => PromiseLike<Answer> | Answer;

/**
 * A query whose polls are held once (store/pollsSlice): its answer's polls enter the poll entities before its cache
 * entry is written (without undoing what a live frame or an answer changed while it was on its way), and the entry
 * keeps what `hold` leaves of the answer (the ids, a cursor, a count).
 */
export function holdingPolls<Arg, Raw, Held>(
  request: (arg: Arg) => string | FetchArgs,
  hold: (raw: Raw) => { polls: Poll[]; held: Held },
) {
  return async (arg: Arg, { dispatch, getState }: BaseQueryApi, _extra: unknown, fetch: Fetch) => {
    // What had changed on the polls held when this was asked: a live frame or an answer after that is newer than it.
    const asked = (getState() as { polls: { changes: number } }).polls.changes;
    const answer = await fetch(request(arg));
    if (answer.error) return { error: answer.error, meta: answer.meta };
    const { polls, held } = hold(answer.data as Raw);
    dispatch(pollsReceived(polls, asked));
    return { data: held, meta: answer.meta };
  };
}

/** The tags of a list holding `ids`: each poll's, and the lists' (a new poll or a deletion reads them again). */
export const heldPollTags = (ids: readonly string[]) => [
  { type: 'Poll' as const, id: 'LIST' },
  ...ids.map((id) => ({ type: 'Poll' as const, id })),
];

/** The ids of some polls, for a cache entry or a tag list. */
export const idsOf = (polls: readonly Poll[]): string[] => polls.map((poll) => poll.id);

/** A list's page as its cache entry keeps it: the polls' ids (the polls are held in store/pollsSlice). */
export type PollIdList = Omit<PollList, 'polls'> & { pollIds: string[] };

/** A list's polls into the poll entities, its ids and the rest of the page into the cache entry. */
export const holdList = ({ polls, ...rest }: PollList) => ({ polls, held: { ...rest, pollIds: idsOf(polls) } });

/** A query hook's result with its `data` read from the polls held. */
export function withData<R extends object, D>(result: R, data: D): Omit<R, 'data'> & { data: D } {
  return { ...result, data };
}

/** The poll held under `id`. */
export function useHeldPoll(id: string | undefined): Poll | undefined {
  return useAppSelector((state) => selectPoll(state, id));
}

/** The polls held under `ids`, in order (the same array while none of them changes). */
export function useHeldPolls(ids: readonly string[] | undefined): Poll[] | undefined {
  const polls = useAppSelector((state) => (ids ? selectPolls(state, ids) : undefined), shallowEqual);
  return ids ? polls : undefined;
}
