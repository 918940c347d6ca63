import { type PageMeta, pageMeta } from './page-meta.js';

/**
 * Every page of the web app, once: the router, the server's list of page addresses, the head it writes
 * and the code it preloads all derive from this table (issue 13, item 7).
 * - `source`: the page's code, as the build's manifest names it; the web's router maps each to its
 *   lazily loaded module (its type makes it name every page) and the server finds the page's files by it.
 * - `head`: the title and description the server writes into the HTML (`pageMeta`); the course page's
 *   come from the course itself.
 * - `landing`: people land on it from outside (search, links, e-mails): the HTML names the page's own
 *   code and styles (`modulepreload`), so they load beside the entry instead of after it.
 * - `serverRendered`: a public page the server sends drawn as HTML (signed-out state), which the browser
 *   hydrates (decision 0026); the not-found page is drawn too.
 * - `session`: what the page first shows depends on who is signed in (a buyer's cart or a visitor's, the
 *   learner's dashboard): the HTML asks for the session (`/api/profile`) beside the scripts, not after them.
 */
/** The learner's upcoming live sessions (issue 35): the dashboard page, the calendar entries' and the mails' link. */
export const LIVE_SESSIONS_PAGE = '/dashboard/live-sessions';
/** A past session's recording, played for its audience (issue 35, recordings): `:id` is the session's. */
export const LIVE_RECORDING_PAGE = '/dashboard/live-sessions/recordings/:id';
/** The members' community (issue 36): the signed-in member's spaces; a space and a thread are under it. */
export const COMMUNITY_PAGE = '/community';

export const pageRoutes = [
  { path: '/', source: 'src/features/home/home-page.tsx', head: 'home', landing: true, serverRendered: true },
  {
    path: '/courses',
    source: 'src/features/catalog/courses-page.tsx',
    head: 'courses',
    landing: true,
    serverRendered: true,
  },
  {
    path: '/course-details/:id',
    source: 'src/features/catalog/course-details-page.tsx',
    head: 'course',
    landing: true,
    serverRendered: true,
  },
  { path: '/about-us', source: 'src/features/content/about-page.tsx', head: 'about', serverRendered: true },
  { path: '/contact', source: 'src/features/content/contact-page.tsx', head: 'contact', serverRendered: true },
  { path: '/terms-and-conditions', source: 'src/features/content/terms-page.tsx', head: 'terms', serverRendered: true },
  {
    path: '/refund-policy',
    source: 'src/features/content/refund-policy-page.tsx',
    head: 'refundPolicy',
    serverRendered: true,
  },
  {
    path: '/privacy-policy',
    source: 'src/features/content/privacy-policy-page.tsx',
    head: 'privacyPolicy',
    serverRendered: true,
  },
  { path: '/bundles/:id', source: 'src/features/bundles/bundle-page.tsx', landing: true },
  { path: '/memberships', source: 'src/features/memberships/memberships-page.tsx', head: 'memberships', landing: true },
  { path: '/memberships/:id', source: 'src/features/memberships/plan-page.tsx', landing: true },
  { path: '/instalments/:courseId', source: 'src/features/instalments/instalments-page.tsx', landing: true },
  {
    path: '/instalments/bundles/:bundleId',
    source: 'src/features/instalments/bundle-instalments-page.tsx',
    landing: true,
  },
  { path: '/cart', source: 'src/features/cart/cart-page.tsx', landing: true, session: true },
  { path: '/wishlist', source: 'src/features/wishlist/wishlist-page.tsx' },
  { path: '/check-out', source: 'src/features/checkout/checkout-page.tsx', landing: true, session: true },
  { path: '/login', source: 'src/features/account/login-page.tsx', serverRendered: true },
  { path: '/registration', source: 'src/features/account/registration-page.tsx', serverRendered: true },
  { path: '/profile', source: 'src/features/account/profile-page.tsx', session: true },
  { path: '/enrolled-courses', source: 'src/features/learning/enrolled-courses-page.tsx', session: true },
  // The player: a learner lands on it from a bookmark or the dashboard's e-mail links.
  { path: '/learn/:courseId', source: 'src/features/learning/player-page.tsx', landing: true, session: true },
  {
    path: '/learn/:courseId/:lessonId',
    source: 'src/features/learning/player-page.tsx',
    landing: true,
    session: true,
  },
  { path: '/orders', source: 'src/features/orders/orders-page.tsx', session: true },
  { path: '/my-memberships', source: 'src/features/memberships/my-memberships-page.tsx', session: true },
  { path: LIVE_SESSIONS_PAGE, source: 'src/features/live-sessions/live-sessions-page.tsx', session: true },
  { path: LIVE_RECORDING_PAGE, source: 'src/features/learning/recording-page.tsx', session: true },
  { path: COMMUNITY_PAGE, source: 'src/features/community/community-page.tsx', session: true },
  { path: '/community/spaces/:id', source: 'src/features/community/space-page.tsx', session: true },
  { path: '/community/threads/:id', source: 'src/features/community/thread-page.tsx', session: true },
  { path: '/certificates/:id', source: 'src/features/certificates/certificate-page.tsx' },
  { path: '/verify-email/:token', source: 'src/features/account/verify-email-page.tsx' },
  { path: '/reset-password/:token', source: 'src/features/account/reset-password-page.tsx' },
  { path: '/privacy-centre', source: 'src/features/account/privacy-centre-page.tsx', session: true },
  { path: '/delete-account/:token', source: 'src/features/account/delete-account-page.tsx' },
  { path: '/newsletter/confirm/:token', source: 'src/features/newsletter/newsletter-confirm-page.tsx' },
  { path: '/newsletter/unsubscribe/:token', source: 'src/features/newsletter/newsletter-unsubscribe-page.tsx' },
  { path: '/google-auth-redirect', source: 'src/features/account/google-auth-redirect-page.tsx' },
  { path: '/admin/*', source: 'src/features/admin/admin-app.tsx', session: true },
] as const satisfies readonly {
  path: string;
  source: `src/${string}.tsx`;
  head?: keyof typeof pageMeta | 'course';
  landing?: true;
  serverRendered?: true;
  session?: true;
}[];

/** Old addresses the shop still answers, and where each leads (`:id` carried over). */
export const redirectRoutes = [
  { path: '/shop', to: '/courses' },
  { path: '/course', to: '/courses' },
  { path: '/shop-details/:id', to: '/course-details/:id' },
] as const;

/** A page's code: its source file as Vite's manifest names it; the web's router maps each to its lazily loaded module. */
export type PageSource = (typeof pageRoutes)[number]['source'];

/** A route pattern as a regular expression: `:name` is one path segment, a trailing `/*` any rest (or none). */
export function routeMatcher(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .replace(/\/\*$/, '(?:/.*)?')
      .replace(/:[a-z]+/gi, '[^/]+')
      .replace(/\/$/, '')}/?$`,
  );
}

/** Every client route of the web app; the server answers 404 for other paths (the SPA still shows its not-found page). */
export const clientRoutePatterns: readonly string[] = /* @__PURE__ */ [...pageRoutes, ...redirectRoutes].map(
  (route) => route.path,
);

// Pure: the web bundle, which reads only the table, leaves these out.
const matchers = /* @__PURE__ */ clientRoutePatterns.map(routeMatcher);

export function isClientRoute(pathname: string): boolean {
  return matchers.some((matcher) => matcher.test(pathname));
}

const headRoutes = /* @__PURE__ */ pageRoutes.flatMap((route) =>
  'head' in route ? [[routeMatcher(route.path), route.head] as const] : [],
);

/** The page-head entry of a path's page: the static pages' title and description, or `course` for a course page. */
export function pageHeadOf(pathname: string): PageMeta | 'course' | null {
  const route = headRoutes.find(([matcher]) => matcher.test(pathname));
  if (!route) return null;
  return route[1] === 'course' ? 'course' : pageMeta[route[1]];
}
