import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';

export default function ContactPage() {
  useDocumentMeta('Contact');
  return (
    <>
      <PageBanner title="Contact" />
      <section className="section">
        <div className="container content">
          <p>Write to us at the e-mail address above.</p>
        </div>
      </section>
    </>
  );
}
