import { type PageSource, pageRoutes, redirectRoutes } from '@shop/shared';
import { type ComponentType, lazy } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { Layout } from './layout/layout';

/**
 * Each page is its own chunk: a route's code loads when it is first visited (the layout waits for it in
 * one Suspense). The routes are React Router's declarative ones, not its data router: the shop loads no
 * data through the router, and the data router (createBrowserRouter) was about 60 KB of the start-up
 * script that every landing page paid for. The page list is shared's `pageRoutes` (the server reads
 * the same table); this map only names each page's module, and its type makes it name every one.
 */
const pageCode: Record<PageSource, () => Promise<{ default: ComponentType }>> = {
  'src/features/home/home-page.tsx': () => import('../features/home/home-page'),
  'src/features/catalog/courses-page.tsx': () => import('../features/catalog/courses-page'),
  'src/features/catalog/course-details-page.tsx': () => import('../features/catalog/course-details-page'),
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
const pages = new Map<PageSource, ComponentType>();
function pageOf(source: PageSource): ComponentType {
  let page = pages.get(source);
  if (!page) {
    page = lazy(pageCode[source]);
    pages.set(source, page);
  }
  return page;
}

const NotFoundPage = lazy(() => import('../features/content/not-found-page'));

/** An old address's new one, with the old one's parameters (`:id`) filled in. */
function Redirect({ to }: { to: string }) {
  const params = useParams();
  return <Navigate to={to.replace(/:([a-z]+)/gi, (_, name: string) => params[name] ?? '')} replace />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {pageRoutes.map(({ path, source }) => {
          const Page = pageOf(source);
          return <Route key={path} path={path} element={<Page />} />;
        })}
        {redirectRoutes.map(({ path, to }) => (
          <Route key={path} path={path} element={<Redirect to={to} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
