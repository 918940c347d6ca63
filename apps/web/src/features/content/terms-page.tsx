import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';

export default function TermsPage() {
  useDocumentMeta('Terms And Conditions');
  return (
    <>
      <PageBanner title="Terms And Conditions" />
      <section className="section">
        <div className="container content">
          <p>Terms and Conditions, last updated December 2024.</p>
        </div>
      </section>
    </>
  );
}
