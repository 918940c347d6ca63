import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { Toaster } from '../../components/ui/toaster';
import { BackToTop } from './back-to-top';
import { Footer } from './footer';
import { Header } from './header';
import { PageErrorBoundary } from './route-error';

/**
 * The page wrapper of every route: header, page, footer, back-to-top button and the toast area. A page
 * whose code is still loading leaves `main` empty (it keeps its full-screen height, so nothing shifts);
 * one that fails to load shows the reload offer. A new page starts at the top; Back and Forward leave the
 * browser's own scroll restoration alone.
 */
export function Layout() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is what scrolls the page up.
  useLayoutEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <PageErrorBoundary address={pathname}>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      <BackToTop />
      <Toaster />
    </>
  );
}
