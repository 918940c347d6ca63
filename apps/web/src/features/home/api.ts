import type { HomeFiguresResponse, NewsletterRequest, NewsletterResponse } from '@shop/shared';
import { catalogPaths, newsletterPaths } from '@shop/shared';
import { api } from '../../lib/api';

export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getHomeFigures: build.query<HomeFiguresResponse, void>({ query: () => catalogPaths.homeFigures }),
    subscribeNewsletter: build.mutation<NewsletterResponse, NewsletterRequest>({
      query: (body) => ({ url: newsletterPaths.subscribe, method: 'POST', body }),
    }),
  }),
});

export const { useGetHomeFiguresQuery, useSubscribeNewsletterMutation } = homeApi;
