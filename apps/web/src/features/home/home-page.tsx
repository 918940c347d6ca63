import { messages, pageMeta } from '@shop/shared';
import { Link } from 'react-router';
import { FaqAccordion } from '../../components/ui/faq-accordion';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { AboutBlock } from './about-block';
import { faqItems } from './faq-items';
import { FeaturesBlock } from './features-block';
import { NewsletterBlock } from './newsletter-block';
import { RoundText } from './round-text';
import { StatsStrip } from './stats-strip';
import { TopCourses } from './top-courses';
import './home.css';

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
      <NewsletterBlock />
      <StatsStrip />
      <section className="section home-faq" aria-labelledby="home-faq-title">
        <div className="container home-faq-inner">
          <div>
            <p className="eyebrow">FAQ</p>
            <h2 id="home-faq-title" className="section-title">
              Frequently Asked Questions
            </h2>
          </div>
          <FaqAccordion items={faqItems} />
        </div>
      </section>
      <RoundText />
      <FeaturesBlock />
    </>
  );
}
