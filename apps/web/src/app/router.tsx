import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { Layout } from './layout/layout';

/**
 * Each page is its own chunk: a route's code loads when it is first visited (the layout waits for it in
 * one Suspense). The routes are React Router's declarative ones, not its data router: the shop loads no
 * data through the router, and the data router (createBrowserRouter) was about 60 KB of the start-up
 * script that every landing page paid for.
 */
/** The course player: one chunk for both of its addresses. */
const playerPage = lazy(() => import('../features/learning/player-page'));

const pages: [path: string, page: LazyExoticComponent<ComponentType>][] = [
  ['/', lazy(() => import('../features/home/home-page'))],
  ['/courses', lazy(() => import('../features/catalog/courses-page'))],
  ['/course-details/:id', lazy(() => import('../features/catalog/course-details-page'))],
  ['/about-us', lazy(() => import('../features/content/about-page'))],
  ['/contact', lazy(() => import('../features/content/contact-page'))],
  ['/terms-and-conditions', lazy(() => import('../features/content/terms-page'))],
  ['/refund-policy', lazy(() => import('../features/content/refund-policy-page'))],
  ['/privacy-policy', lazy(() => import('../features/content/privacy-policy-page'))],
  ['/cart', lazy(() => import('../features/cart/cart-page'))],
  ['/wishlist', lazy(() => import('../features/wishlist/wishlist-page'))],
  ['/check-out', lazy(() => import('../features/checkout/checkout-page'))],
  ['/login', lazy(() => import('../features/account/login-page'))],
  ['/registration', lazy(() => import('../features/account/registration-page'))],
  ['/profile', lazy(() => import('../features/account/profile-page'))],
  ['/enrolled-courses', lazy(() => import('../features/learning/enrolled-courses-page'))],
  ['/learn/:courseId', playerPage],
  ['/learn/:courseId/:lessonId', playerPage],
  ['/orders', lazy(() => import('../features/orders/orders-page'))],
  ['/certificates/:id', lazy(() => import('../features/certificates/certificate-page'))],
  ['/verify-email/:token', lazy(() => import('../features/account/verify-email-page'))],
  ['/reset-password/:token', lazy(() => import('../features/account/reset-password-page'))],
  ['/privacy-centre', lazy(() => import('../features/account/privacy-centre-page'))],
  ['/delete-account/:token', lazy(() => import('../features/account/delete-account-page'))],
  ['/newsletter/confirm/:token', lazy(() => import('../features/newsletter/newsletter-confirm-page'))],
  ['/newsletter/unsubscribe/:token', lazy(() => import('../features/newsletter/newsletter-unsubscribe-page'))],
  ['/google-auth-redirect', lazy(() => import('../features/account/google-auth-redirect-page'))],
  ['/admin/*', lazy(() => import('../features/admin/admin-app'))],
  ['*', lazy(() => import('../features/content/not-found-page'))],
];

function ShopDetailsRedirect() {
  const { id } = useParams();
  return <Navigate to={`/course-details/${id ?? ''}`} replace />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {pages.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="/shop" element={<Navigate to="/courses" replace />} />
        <Route path="/course" element={<Navigate to="/courses" replace />} />
        <Route path="/shop-details/:id" element={<ShopDetailsRedirect />} />
      </Route>
    </Routes>
  );
}
