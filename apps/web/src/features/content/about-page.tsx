import { messages, pageMeta } from '@shop/shared';
import { FaqAccordion } from '../../components/ui/faq-accordion';
import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { siteConfig } from '../../lib/site-config';
import { FeaturesBlock, faqItems } from '../home';
import './about.css';

export default function AboutPage() {
  useDocumentMeta(pageMeta.about.title, pageMeta.about.description);
  return (
    <>
      <PageBanner title={pageMeta.about.title} />
      <section className="section" aria-labelledby="about-faq-title">
        <div className="container about-page-grid">
          <div className="about-page-intro">
            <h2 id="about-faq-title" className="section-title">
              {messages.aboutPageTitle}
            </h2>
            <p>
              {siteConfig.siteName} is a small registered business in Gujarat, India. We teach a rule-based way to trade
              Indian stock markets, from price action to futures and options, in short video lessons you can fit around
              a working day.
            </p>
            <p>
              Our courses are education, not tips: we show you a method, its rules and its risks, and you make your own
              decisions.
            </p>
          </div>
          <FaqAccordion items={faqItems} initiallyOpen={faqItems[0]?.id} />
        </div>
      </section>
      <FeaturesBlock />
    </>
  );
}
