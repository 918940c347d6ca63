import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The one HTTP client: RTK Query against our own origin. The session is an HttpOnly cookie, so
 * no token is ever read or attached here. Features add their endpoints with `api.injectEndpoints`,
 * each calling a full path from @shop/shared's api-paths (`cartPaths.add` is `/api/cart/add`).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '', credentials: 'include' }),
  tagTypes: ['Course', 'Profile', 'Cart', 'Enrolled', 'Memberships'],
  endpoints: () => ({}),
});

/** The `{ ok: false, message }` an API error carries, or a fallback when the call never reached us. */
export function errorMessage(error: unknown, fallback: string): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' ? data.message : fallback;
}

/** A mutation's request that sends its argument, as is, as the JSON body to `url`. */
export function sendBody(url: string, method: 'POST' | 'PUT' = 'POST') {
  return <Body>(body: Body) => ({ url, method, body });
}
