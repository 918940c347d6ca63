import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';

export default function RegistrationPage() {
  useDocumentMeta('Registration');
  return (
    <>
      <PageBanner title="Registration" />
      <section className="section">
        <div className="container content">
          <p>Create Your Account</p>
        </div>
      </section>
    </>
  );
}
