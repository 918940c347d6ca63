import type { NewsletterSendInput } from '@shop/shared';
import { newsletterPaths } from '@shop/shared';
import { adminApi } from './api';

export const newsletterAdminApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    sendNewsletter: build.mutation<{ queued: number; message: string }, NewsletterSendInput>({
      query: (body) => ({ url: newsletterPaths.adminSend, method: 'POST', body }),
      invalidatesTags: ['Admin'],
    }),
  }),
});

export const { useSendNewsletterMutation } = newsletterAdminApi;
