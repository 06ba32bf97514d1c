import { apiPaths, apiUrl, type ContactMessageBody, type ContactReceipt } from '@meydan/proto';
import { api } from '../../store/api';

/** The contact form's call: POST /api/contact answers the ticket number and a message for the success toast. */
export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<ContactReceipt, ContactMessageBody>({
      query: (body) => ({ url: apiUrl(apiPaths.contact), method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
