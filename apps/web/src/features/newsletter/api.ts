import type { NewsletterResponse } from '@shop/shared';
import { newsletterPaths } from '@shop/shared';
import { api } from '../../lib/api';

export const newsletterLinkApi = api.injectEndpoints({
  endpoints: (build) => ({
    confirmNewsletterByLink: build.mutation<NewsletterResponse, string>({
      query: (token) => ({ url: newsletterPaths.confirm, method: 'POST', body: { token } }),
    }),
    unsubscribeByLink: build.mutation<NewsletterResponse, string>({
      query: (token) => ({ url: newsletterPaths.unsubscribe, method: 'POST', body: { token } }),
    }),
  }),
});

export const { useConfirmNewsletterByLinkMutation, useUnsubscribeByLinkMutation } = newsletterLinkApi;
