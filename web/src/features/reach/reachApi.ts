import type { Oembed, PollPreviewReply } from '@meydan/proto';
import { api } from '../../app/api';

/** What a visitor may know of a poll they cannot open by id: whether it asks them to sign in, or is a circle's. */
export const reachApi = api.injectEndpoints({
  endpoints: (build) => ({
    pollPreview: build.query<PollPreviewReply, string>({
      query: (id) => `/polls/${encodeURIComponent(id)}/preview`,
    }),
    /** The snippet another site pastes to embed a poll (oEmbed, the same answer any consumer gets). */
    oembed: build.query<Oembed, string>({
      query: (url) => `/oembed?format=json&url=${encodeURIComponent(url)}`,
    }),
  }),
});

export const { usePollPreviewQuery, useOembedQuery } = reachApi;
