import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, useParams } from 'react-router';
import { Layout } from './layout/layout';
import { RouteError } from './layout/route-error';

/** Each page is its own chunk: a route's code loads when it is first visited. */
function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).default }) };
}

function ShopDetailsRedirect() {
  const { id } = useParams();
  return <Navigate to={`/course-details/${id ?? ''}`} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', ...page(() => import('../features/home/home-page')) },
      { path: '/courses', ...page(() => import('../features/catalog/courses-page')) },
      { path: '/course-details/:id', ...page(() => import('../features/catalog/course-details-page')) },
      { path: '/about-us', ...page(() => import('../features/content/about-page')) },
      { path: '/contact', ...page(() => import('../features/content/contact-page')) },
      { path: '/terms-and-conditions', ...page(() => import('../features/content/terms-page')) },
      { path: '/refund-policy', ...page(() => import('../features/content/refund-policy-page')) },
      { path: '/privacy-policy', ...page(() => import('../features/content/privacy-policy-page')) },
      { path: '/cart', ...page(() => import('../features/cart/cart-page')) },
      { path: '/wishlist', ...page(() => import('../features/wishlist/wishlist-page')) },
      { path: '/check-out', ...page(() => import('../features/checkout/checkout-page')) },
      { path: '/login', ...page(() => import('../features/account/login-page')) },
      { path: '/registration', ...page(() => import('../features/account/registration-page')) },
      { path: '/profile', ...page(() => import('../features/account/profile-page')) },
      { path: '/enrolled-courses', ...page(() => import('../features/learning/enrolled-courses-page')) },
      { path: '/verify-email/:token', ...page(() => import('../features/account/verify-email-page')) },
      { path: '/google-auth-redirect', ...page(() => import('../features/account/google-auth-redirect-page')) },
      { path: '/admin/*', ...page(() => import('../features/admin/admin-app')) },
      { path: '/shop', element: <Navigate to="/courses" replace /> },
      { path: '/course', element: <Navigate to="/courses" replace /> },
      { path: '/shop-details/:id', element: <ShopDetailsRedirect /> },
      { path: '*', ...page(() => import('../features/content/not-found-page')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
