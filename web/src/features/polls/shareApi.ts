import type { Oembed } from '@meydan/proto';
import { api } from '../../store/api';

/** The snippet another site pastes to embed a poll (oEmbed, the same answer any consumer gets): the share dialogs' 'Yerleştir'. */
export const shareApi = api.injectEndpoints({
  endpoints: (build) => ({
    oembed: build.query<Oembed, string>({
      query: (url) => `/oembed?format=json&url=${encodeURIComponent(url)}`,
    }),
  }),
});

export const { useOembedQuery } = shareApi;
