import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';

export default function RefundPolicyPage() {
  useDocumentMeta('Refund Policy');
  return (
    <>
      <PageBanner title="Refund Policy" />
      <section className="section">
        <div className="container content">
          <p>All sales are final.</p>
        </div>
      </section>
    </>
  );
}
