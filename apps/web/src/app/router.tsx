import { type PageSource, pageRoutes, redirectRoutes, routeMatcher } from '@shop/shared';
import type { ComponentType } from 'react';
import { Redirect as GoTo, Route, Switch, useParams } from 'wouter';
import { Layout, loadLayoutParts } from './layout/layout';
import { type Preloadable, Preloaded, preloadable } from './preloadable';

/**
 * Each page is its own chunk: a route's code loads when it is first visited (the layout waits for it in
 * one Suspense). The router is wouter (about 1.5 KB gzip; React Router cost 13.3 KB of every page's
 * start-up script, decision 0026): a Switch renders the first route whose pattern matches. The page
 * list is shared's `pageRoutes` (the server reads the same table); this map only names each page's
 * module, and its type makes it name every one.
 */
const pageCode: Record<PageSource, () => Promise<{ default: ComponentType }>> = {
  'src/features/home/home-page.tsx': () => import('../features/home/home-page'),
  'src/features/catalog/courses-page.tsx': () => import('../features/catalog/courses-page'),
  'src/features/catalog/course-details-page.tsx': () => import('../features/catalog/course-details-page'),
  'src/features/bundles/bundle-page.tsx': () => import('../features/bundles/bundle-page'),
  'src/features/memberships/memberships-page.tsx': () => import('../features/memberships/memberships-page'),
  'src/features/memberships/plan-page.tsx': () => import('../features/memberships/plan-page'),
  'src/features/instalments/instalments-page.tsx': () => import('../features/instalments/instalments-page'),
  'src/features/instalments/bundle-instalments-page.tsx': () =>
    import('../features/instalments/bundle-instalments-page'),
  'src/features/content/about-page.tsx': () => import('../features/content/about-page'),
  'src/features/content/contact-page.tsx': () => import('../features/content/contact-page'),
  'src/features/content/terms-page.tsx': () => import('../features/content/terms-page'),
  'src/features/content/refund-policy-page.tsx': () => import('../features/content/refund-policy-page'),
  'src/features/content/privacy-policy-page.tsx': () => import('../features/content/privacy-policy-page'),
  'src/features/cart/cart-page.tsx': () => import('../features/cart/cart-page'),
  'src/features/wishlist/wishlist-page.tsx': () => import('../features/wishlist/wishlist-page'),
  'src/features/checkout/checkout-page.tsx': () => import('../features/checkout/checkout-page'),
  'src/features/account/login-page.tsx': () => import('../features/account/login-page'),
  'src/features/account/registration-page.tsx': () => import('../features/account/registration-page'),
  'src/features/account/profile-page.tsx': () => import('../features/account/profile-page'),
  'src/features/learning/enrolled-courses-page.tsx': () => import('../features/learning/enrolled-courses-page'),
  'src/features/learning/player-page.tsx': () => import('../features/learning/player-page'),
  'src/features/orders/orders-page.tsx': () => import('../features/orders/orders-page'),
  'src/features/memberships/my-memberships-page.tsx': () => import('../features/memberships/my-memberships-page'),
  'src/features/live-sessions/live-sessions-page.tsx': () => import('../features/live-sessions/live-sessions-page'),
  'src/features/learning/recording-page.tsx': () => import('../features/learning/recording-page'),
  'src/features/community/community-page.tsx': () => import('../features/community/community-page'),
  'src/features/community/space-page.tsx': () => import('../features/community/space-page'),
  'src/features/community/thread-page.tsx': () => import('../features/community/thread-page'),
  'src/features/certificates/certificate-page.tsx': () => import('../features/certificates/certificate-page'),
  'src/features/account/verify-email-page.tsx': () => import('../features/account/verify-email-page'),
  'src/features/account/reset-password-page.tsx': () => import('../features/account/reset-password-page'),
  'src/features/account/privacy-centre-page.tsx': () => import('../features/account/privacy-centre-page'),
  'src/features/account/delete-account-page.tsx': () => import('../features/account/delete-account-page'),
  'src/features/newsletter/newsletter-confirm-page.tsx': () => import('../features/newsletter/newsletter-confirm-page'),
  'src/features/newsletter/newsletter-unsubscribe-page.tsx': () =>
    import('../features/newsletter/newsletter-unsubscribe-page'),
  'src/features/account/google-auth-redirect-page.tsx': () => import('../features/account/google-auth-redirect-page'),
  'src/features/admin/admin-app.tsx': () => import('../features/admin/admin-app'),
};

/** One lazy component per module: the player's two addresses share theirs. */
const pages = new Map<PageSource, Preloadable>();
function pageOf(source: PageSource): Preloadable {
  let page = pages.get(source);
  if (!page) {
    page = preloadable(pageCode[source]);
    pages.set(source, page);
  }
  return page;
}

const notFound = preloadable(() => import('../features/content/not-found-page'));

const matchers = pageRoutes.map((route) => [routeMatcher(route.path), route.source] as const);

/**
 * Loads the code of what the server drew at `pathname`: the page (the not-found page for an unknown address)
 * and, for a drawn page that is to be hydrated, the layout's footer too (`layout: false` for a page the
 * browser draws, whose footer may follow).
 */
export async function loadPageOf(pathname: string, { layout = true }: { layout?: boolean } = {}): Promise<void> {
  const source = matchers.find(([matcher]) => matcher.test(pathname))?.[1];
  await Promise.all([source ? pageOf(source).load() : notFound.load(), layout ? loadLayoutParts() : undefined]);
}

/** An old address's new one, with the old one's parameters (`:id`) filled in. */
function Redirect({ to }: { to: string }) {
  const params = useParams();
  return <GoTo to={to.replace(/:([a-z]+)/gi, (_, name: string) => params[name] ?? '')} replace />;
}

/** wouter's `*` needs a rest; the table's trailing `/*` (React Router's) also matches the bare address. */
const wouterPattern = (path: string) => path.replace(/\/\*$/, '/*?');

export function AppRoutes() {
  return (
    <Layout>
      <Switch>
        {pageRoutes.map(({ path, source }) => {
          // Keyed by page, not address: the player's two addresses keep one player open between lessons.
          return (
            <Route key={source} path={wouterPattern(path)}>
              <Preloaded code={pageOf(source)} />
            </Route>
          );
        })}
        {redirectRoutes.map(({ path, to }) => (
          <Route key={path} path={path}>
            <Redirect to={to} />
          </Route>
        ))}
        <Route>
          <Preloaded code={notFound} />
        </Route>
      </Switch>
    </Layout>
  );
}
