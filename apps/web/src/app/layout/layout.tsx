import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from '../../components/ui/toaster';
import { BackToTop } from './back-to-top';
import { Footer } from './footer';
import { Header } from './header';

/** The page wrapper of every route: header, page, footer, back-to-top button and the toast area. */
export function Layout() {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <BackToTop />
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
