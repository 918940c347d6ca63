import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';

export default function GoogleAuthRedirectPage() {
  useDocumentMeta('Google Sign-in');
  return (
    <>
      <PageBanner title="Google Sign-in" />
      <section className="section">
        <div className="container content">
          <p>Redirecting...</p>
        </div>
      </section>
    </>
  );
}
