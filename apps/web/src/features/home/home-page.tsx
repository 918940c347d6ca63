import { messages, pageMeta } from '@shop/shared';
import { Suspense } from 'react';
import { Link } from 'wouter';
import { Preloaded, preloadable } from '../../app/preloadable';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { AboutBlock } from './about-block';
import { TopCourses } from './top-courses';
import './home.css';

/**
 * The lower half, drawn by the server too. Its code is not waited for before the page hydrates: Preact
 * keeps the server's HTML of a part still loading and hydrates it when its chunk arrives, a task of its
 * own, which took about 200 ms off the hydrating task at 4x slowdown (decision 0026).
 */
const belowFold = preloadable(() => import('./home-below-fold'));

export default function HomePage() {
  useDocumentMeta(pageMeta.home.title, pageMeta.home.description);
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <div className="hero-copy">
            <h1>{messages.bannerTitle}</h1>
            <p>{messages.bannerText}</p>
            <Link to="/courses" className="btn btn-large">
              {messages.startLearningNow}
            </Link>
          </div>
          <img className="hero-art" src="/images/hero-chart.svg" alt="" width="520" height="400" fetchPriority="high" />
        </div>
      </section>
      <AboutBlock />
      <TopCourses />
      <Suspense fallback={null}>
        <Preloaded code={belowFold} />
      </Suspense>
    </>
  );
}
