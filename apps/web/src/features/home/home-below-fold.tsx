import { FaqAccordion } from '../../components/ui/faq-accordion';
import { faqItems } from './faq-items';
import { FeaturesBlock } from './features-block';
import { NewsletterBlock } from './newsletter-block';
import { RoundText } from './round-text';
import { StatsStrip } from './stats-strip';

/**
 * The home page below its courses: a chunk of its own, loaded and rendered after the first paint, so
 * the landing page's first script run is shorter (docs/decisions/0026-fast-on-a-cheap-phone.md).
 */
export default function HomeBelowFold() {
  return (
    <>
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
