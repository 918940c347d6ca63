/** The web app's pages: its entry document and the fallback every client route is answered by. */
export const webPaths = {
  index: '/',
  page: '/*',
} as const;
