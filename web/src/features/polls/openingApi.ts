import type { OpeningReminder } from '@meydan/proto';
import { api } from '../../store/api';

/** 'Açılınca haber ver': a member asks (or stops asking) to be told when an upcoming poll opens. */
export const openingApi = api.injectEndpoints({
  endpoints: (build) => ({
    setOpeningReminder: build.mutation<OpeningReminder, { pollId: string; remind: boolean }>({
      query: ({ pollId, remind }) => ({
        url: `/polls/${encodeURIComponent(pollId)}/opening-reminder`,
        method: remind ? 'POST' : 'DELETE',
      }),
    }),
  }),
});

export const { useSetOpeningReminderMutation } = openingApi;
