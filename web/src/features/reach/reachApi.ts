import type { SearchResult, TrendingTags } from '@meydan/proto';
import { normalizePoll } from '../../lib/polls';
import { api } from '../../store/api';

/** Search, hashtags and the trending tags. */
export const reachApi = api.injectEndpoints({
  endpoints: (build) => ({
    search: build.query<SearchResult, { q: string; type: 'polls' | 'users'; page: number }>({
      query: ({ q, type, page }) => `/search?q=${encodeURIComponent(q)}&type=${type}&page=${page}`,
      transformResponse: (answer: SearchResult) => ({ ...answer, polls: answer.polls.map(normalizePoll) }),
      providesTags: (result) => [...(result?.polls ?? []).map((p) => ({ type: 'Poll' as const, id: p.id })), { type: 'Poll', id: 'LIST' }],
    }),
    tagPolls: build.query<SearchResult, { tag: string; page: number }>({
      query: ({ tag, page }) => `/tags/${encodeURIComponent(tag)}/polls?page=${page}`,
      transformResponse: (answer: SearchResult) => ({ ...answer, polls: answer.polls.map(normalizePoll) }),
      providesTags: (result) => [...(result?.polls ?? []).map((p) => ({ type: 'Poll' as const, id: p.id })), { type: 'Poll', id: 'LIST' }],
    }),
    trendingTags: build.query<TrendingTags, void>({ query: () => '/tags/trending' }),
  }),
});

export const { useSearchQuery, useTagPollsQuery, useTrendingTagsQuery } = reachApi;
