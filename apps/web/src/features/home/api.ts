import type { NewsletterRequest, NewsletterResponse } from '@shop/shared';
import { newsletterPaths } from '@shop/shared';
import { api } from '../../app/api';

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscribeNewsletter: build.mutation<NewsletterResponse, NewsletterRequest>({
      query: (body) => ({ url: newsletterPaths.subscribe, method: 'POST', body }),
    }),
  }),
});

export const { useSubscribeNewsletterMutation } = homeApi;
