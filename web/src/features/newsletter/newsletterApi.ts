import { apiPaths, apiUrl } from '@meydan/proto';
import { api } from '../../store/api';

/** What the contact service answers: a Turkish message (the confirmation mail is on its way). */
export interface NewsletterSubscribeAnswer {
  message: string;
}

export const newsletterApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscribeNewsletter: build.mutation<NewsletterSubscribeAnswer, { email: string }>({
      query: (body) => ({ url: apiUrl(apiPaths.newsletterSubscribe), method: 'POST', body }),
    }),
  }),
});

export const { useSubscribeNewsletterMutation } = newsletterApi;
