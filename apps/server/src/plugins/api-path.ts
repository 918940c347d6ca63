/**
 * Whether a URL is the API's (`/api/...`, or `/auth/...`: sign-out and Google's redirects), never one of
 * the web app's pages: the web plugin does not answer it with a page, and it gets the API's security
 * headers rather than the page's.
 */
export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/auth/');
}
