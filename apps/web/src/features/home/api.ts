import type { NewsletterRequest, NewsletterResponse } from '@shop/shared';
import { api } from '../../app/api';

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscribeNewsletter: build.mutation<NewsletterResponse, NewsletterRequest>({
      query: (body) => ({ url: '/newsletter', method: 'POST', body }),
    }),
  }),
});

export const { useSubscribeNewsletterMutation } = homeApi;
