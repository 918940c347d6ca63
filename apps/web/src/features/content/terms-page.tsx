import { pageMeta } from '@shop/shared';
import { LegalPage } from './legal-page';
import { termsLegalSections } from './terms-sections-legal';
import { termsUseSections } from './terms-sections-use';

const sections = [...termsUseSections, ...termsLegalSections];

export default function TermsPage() {
  return (
    <LegalPage meta={pageMeta.terms} dated="Last updated December 2024">
      <h2 id="agreement">Agreement to Our Legal Terms</h2>
      <p>
        These terms are a legally binding agreement between you and us about your use of our website and of the courses,
        software and other services we offer through it. By using the Services you agree to these terms; if you do not
        agree, do not use them. We may update these terms at any time: the date above shows the latest change, and using
        the Services after a change means you accept it. You may have to register to use some Services. If you are under
        18, please have your parent or guardian read these terms with you.
      </p>
      <nav className="legal-toc" aria-labelledby="terms-toc-title">
        <h2 id="terms-toc-title">Table of Contents</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
    </LegalPage>
  );
}
