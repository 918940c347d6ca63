import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { Toaster } from '../../components/ui/toaster';
import { BackToTop } from './back-to-top';
import { Footer } from './footer';
import { Header } from './header';
import { PageErrorBoundary } from './route-error';

/** A new page starts at the top; going back or forward leaves the browser's own scroll restoration alone. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is what scrolls the page up.
  useLayoutEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
  return null;
}

/** The page wrapper of every route: header, page, footer, back-to-top button and the toast area. */
export function Layout() {
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <PageErrorBoundary address={pathname}>
          <Outlet />
        </PageErrorBoundary>
      </main>
      <Footer />
      <BackToTop />
      <Toaster />
      <ScrollToTop />
    </>
  );
}
