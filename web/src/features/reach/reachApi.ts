import { useMemo } from 'react';
import type { SearchResult, TrendingTags } from '@meydan/proto';
import { api } from '../../store/api';
import { heldPollTags, holdingPolls, idsOf, useHeldPolls, withData } from '../polls/heldPolls';

type SearchArgs = { q: string; type: 'polls' | 'users'; page: number };
type TagArgs = { tag: string; page: number };

/** A search's or a tag's answer as its cache entry keeps it: the polls' ids (held in store/pollsSlice). */
export type FoundPolls = Omit<SearchResult, 'polls'> & { pollIds: string[] };

const holdFound = ({ polls = [], ...rest }: SearchResult) => ({ polls, held: { ...rest, pollIds: idsOf(polls) } });

/** Search, hashtags and the trending tags. */
export const reachApi = api.injectEndpoints({
  endpoints: (build) => ({
    search: build.query<FoundPolls, SearchArgs>({
      queryFn: holdingPolls(
        ({ q, type, page }: SearchArgs) => `/search?q=${encodeURIComponent(q)}&type=${type}&page=${page}`,
        holdFound,
      ),
      providesTags: (result) => heldPollTags(result?.pollIds ?? []),
    }),
    tagPolls: build.query<FoundPolls, TagArgs>({
      queryFn: holdingPolls(
        ({ tag, page }: TagArgs) => `/tags/${encodeURIComponent(tag)}/polls?page=${page}`,
        holdFound,
      ),
      providesTags: (result) => heldPollTags(result?.pollIds ?? []),
    }),
    trendingTags: build.query<TrendingTags, void>({ query: () => '/tags/trending' }),
  }),
});

export const { useTrendingTagsQuery } = reachApi;

/** A found page with its polls held (`data.polls`). */
function useFound<T extends { data?: FoundPolls | undefined }>(result: T) {
  const polls = useHeldPolls(result.data?.pollIds);
  const found = result.data;
  const data = useMemo(() => (found && polls ? { ...found, polls } : undefined), [found, polls]);
  return withData(result, data);
}

export function useSearchQuery(args: SearchArgs, options: { skip: boolean }) {
  return useFound(reachApi.useSearchQuery(args, options));
}

export function useTagPollsQuery(args: TagArgs) {
  return useFound(reachApi.useTagPollsQuery(args));
}
