/** Full-page navigations, not fetches: the browser leaves for Google and comes back. */
export const googlePaths = {
  start: '/auth/google',
  callback: '/auth/google/callback',
} as const;
