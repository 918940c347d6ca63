import { type ReactNode, Suspense, useLayoutEffect } from 'react';
import { Toaster } from '../../components/ui/toaster';
import { cameByHistoryStep, useLocation } from '../../lib/navigation';
import { Preloaded, preloadable } from '../preloadable';
import { Header } from './header';
import { PageErrorBoundary } from './route-error';

const pageEnd = preloadable(() => import('./page-end'));

/** The layout's lazily loaded parts, loaded before the browser hydrates a page the server drew. */
export const loadLayoutParts = (): Promise<void> => pageEnd.load();

/**
 * The page wrapper of every route: header, page, footer and back-to-top button (loaded after the first
 * paint: page-end.tsx), and the toast area. A page whose code is still loading leaves `main` empty (it
 * keeps its full-screen height, so nothing shifts); one that fails to load shows the reload offer. A new page starts at the top; Back and Forward leave the
 * browser's own scroll restoration alone.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address is what scrolls the page up.
  useLayoutEffect(() => {
    if (!cameByHistoryStep()) window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <PageErrorBoundary address={pathname}>
          <Suspense fallback={null}>{children}</Suspense>
        </PageErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <Preloaded code={pageEnd} />
      </Suspense>
      <Toaster />
    </>
  );
}
