import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

const ownOrigin = fetchBaseQuery({ baseUrl: '', credentials: 'include' });

/** TRANSITIONAL, until the console's, checkout's and orders' api files read the map too: a path written without `/api` gets it. */
const withApi = (url: string) => (url.startsWith('/api/') ? url : `/api${url}`);

/**
 * The one HTTP client: RTK Query against our own origin. The session is an HttpOnly cookie, so
 * no token is ever read or attached here. Features add their endpoints with `api.injectEndpoints`,
 * each calling a full path from @shop/shared's api-paths (`cartPaths.add` is `/api/cart/add`).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: (args, api, extra) =>
    ownOrigin(typeof args === 'string' ? withApi(args) : { ...args, url: withApi(args.url) }, api, extra),
  tagTypes: ['Course', 'Profile', 'Cart', 'Enrolled'],
  endpoints: () => ({}),
});

/** The `{ ok: false, message }` an API error carries, or a fallback when the call never reached us. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : fallback;
}
