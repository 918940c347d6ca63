/** Every client route of the web app; the server answers 404 for other paths (the SPA still shows its not-found page). */
export const clientRoutePatterns = [
  '/',
  '/courses',
  '/course-details/:id',
  '/about-us',
  '/cart',
  '/wishlist',
  '/check-out',
  '/login',
  '/registration',
  '/contact',
  '/profile',
  '/enrolled-courses',
  '/learn/:courseId',
  '/learn/:courseId/:lessonId',
  '/orders',
  '/certificates/:id',
  '/verify-email/:token',
  '/reset-password/:token',
  '/privacy-centre',
  '/delete-account/:token',
  '/newsletter/confirm/:token',
  '/newsletter/unsubscribe/:token',
  '/google-auth-redirect',
  '/terms-and-conditions',
  '/refund-policy',
  '/privacy-policy',
  '/shop',
  '/shop-details/:id',
  '/course',
  '/admin',
  '/admin/*',
] as const;

const matchers = clientRoutePatterns.map(
  (pattern) =>
    new RegExp(
      `^${pattern
        .replace(/\/\*$/, '(?:/.*)?')
        .replace(/:[a-z]+/gi, '[^/]+')
        .replace(/\/$/, '')}/?$`,
    ),
);

export function isClientRoute(pathname: string): boolean {
  return matchers.some((matcher) => matcher.test(pathname));
}
