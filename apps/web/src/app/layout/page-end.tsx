import { BackToTop } from './back-to-top';
import { Footer } from './footer';

/**
 * What every page has below its content: the footer and the back-to-top button. Its own chunk, loaded
 * after the first paint: the landing page's first script run no longer builds what is off screen
 * (`main` keeps its full-screen height, so the footer arrives below the fold and shifts nothing).
 */
export default function PageEnd() {
  return (
    <>
      <Footer />
      <BackToTop />
    </>
  );
}
