import { limits, type Poll, type PollList } from '@meydan/proto';
import { api } from '../../store/api';
import { normalizePoll } from '../../lib/polls';
import { isOpen } from '../../lib/time';
import { heldPollTags, holdingPolls, idsOf, useHeldPolls } from '../polls/heldPolls';

/** The quick widget's calls: its questions (held by id) and a new quick question; loaded with the widget. */
export const quickApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The quick widget's questions: open two-option polls, newest first (the sample questions are only for when
     * there are none). Cached 5 minutes like the earlier product's samples.
     */
    quickPolls: build.query<string[], void>({
      queryFn: holdingPolls(
        () => ({ url: '/polls', params: { feed: 'new', limit: 50 } }),
        (list: PollList) => {
          const polls = list.polls
            .map(normalizePoll)
            .filter((poll) => poll.options.length === 2 && isOpen(poll.expiresAt));
          return { polls, held: idsOf(polls) };
        },
      ),
      keepUnusedDataFor: limits.quick.sampleCacheMs / 1000,
      providesTags: (result) => heldPollTags(result ?? []),
    }),

    /** A quick question, posted as a public genel poll lasting 24 hours (the server decides all three). */
    addQuickQuestion: build.mutation<Poll, { question: string; options: [string, string] }>({
      query: (body) => ({ url: '/polls/quick', method: 'POST', body }),
      transformResponse: normalizePoll,
      invalidatesTags: [{ type: 'Poll', id: 'LIST' }],
    }),
  }),
});

export const { useAddQuickQuestionMutation } = quickApi;

/** The quick widget's questions, the polls held. */
export function useQuickPolls() {
  return useHeldPolls(quickApi.useQuickPollsQuery().data);
}
