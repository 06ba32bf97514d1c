import {
  defaultResultsVisibility,
  type OptionImageUpload,
  type Poll,
  type PollType,
  type ResultsVisibility,
  type ShareablePollCreated,
  type ShareVoteMode,
} from '@meydan/proto';
import { api } from '../../store/api';
import { normalizePoll } from '../../lib/polls';

/** What the creation dialog sends (one body for both routes; the options' form differs, see createPoll). */
export interface NewPollInput {
  title: string;
  description: string | null;
  category: string;
  type: PollType;
  options: string[];
  durationHours: number;
  shareable: boolean;
  /** Who may vote through the share link (sent only for a shareable poll). */
  shareVoteMode?: ShareVoteMode;
  /** Who sees the results and when (sent only when not the default). */
  resultsVisibility?: ResultsVisibility;
  /** 'Birden fazla seçim': how many options one ballot may mark (left out: single choice). */
  maxChoices?: number;
  /** 'Oyunu değiştirebilsin' (left out: a vote is final). */
  allowVoteChange?: boolean;
  /** 'Başlangıç zamanı' (ISO; left out: it opens at once). */
  startsAt?: string;
  /** 'Bilgi yarışması' with its correct option, or 'Sıralamalı oy' (left out: a standard poll). */
  kind?: 'quiz' | 'ranked';
  correctOptionIndexes?: number[];
  /** 'Görsel ekle': an uploaded image with its alt text per option sent, or null (left out: no images). */
  optionImages?: ({ id: string; alt: string } | null)[];
}

export interface CreatedPoll {
  poll: Poll;
  /** The share link of a shareable poll. */
  shareUrl: string | null;
}

/** Creating a poll: loaded with the creation dialog. */
export const createPollApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Normal polls go to POST /api/polls with the options as a JSON-encoded string (as the spec's client sends
     * them); shareable ones to POST /api/polls/shareable with an array, answered with the link.
     */
    createPoll: build.mutation<CreatedPoll, NewPollInput>({
      async queryFn(input, _api, _extra, baseQuery) {
        const common = {
          title: input.title,
          description: input.description,
          category: input.category,
          type: input.type,
          durationHours: input.durationHours,
          ...(input.resultsVisibility && input.resultsVisibility !== defaultResultsVisibility
            ? { resultsVisibility: input.resultsVisibility }
            : {}),
          ...(input.maxChoices ? { maxChoices: input.maxChoices } : {}),
          ...(input.allowVoteChange ? { allowVoteChange: true } : {}),
          ...(input.startsAt ? { startsAt: input.startsAt } : {}),
          ...(input.kind ? { kind: input.kind, correctOptionIndexes: input.correctOptionIndexes } : {}),
          ...(input.optionImages ? { optionImages: input.optionImages } : {}),
        };
        if (input.shareable) {
          const result = await baseQuery({
            url: '/polls/shareable',
            method: 'POST',
            body: {
              ...common,
              options: input.options,
              ...(input.shareVoteMode ? { shareVoteMode: input.shareVoteMode } : {}),
            },
          });
          if (result.error) return { error: result.error };
          const created = result.data as ShareablePollCreated;
          const poll = normalizePoll(created.poll);
          const origin = globalThis.location?.origin ?? '';
          return { data: { poll, shareUrl: created.shareUrl || `${origin}/s/${poll.shortUrl ?? ''}` } };
        }
        const result = await baseQuery({
          url: '/polls',
          method: 'POST',
          body: { ...common, options: JSON.stringify(input.options) },
        });
        if (result.error) return { error: result.error };
        return { data: { poll: normalizePoll(result.data as Poll), shareUrl: null } };
      },
      invalidatesTags: (result) => (result && !result.shareUrl ? [{ type: 'Poll', id: 'LIST' }] : []),
    }),
    /** 'Görsel ekle': the file itself as the body; the answer's id goes in the create body's optionImages. */
    uploadOptionImage: build.mutation<OptionImageUpload, File>({
      query: (file) => ({ url: '/option-images', method: 'POST', body: file }),
    }),
  }),
});

export const { useCreatePollMutation, useUploadOptionImageMutation } = createPollApi;
