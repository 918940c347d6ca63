import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';

export default function VerifyEmailPage() {
  useDocumentMeta('Verify E-mail');
  return (
    <>
      <PageBanner title="Verify E-mail" />
      <section className="section">
        <div className="container content">
          <p>Verifying...</p>
        </div>
      </section>
    </>
  );
}
