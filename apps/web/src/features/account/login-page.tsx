import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';

export default function LoginPage() {
  useDocumentMeta('Login');
  return (
    <>
      <PageBanner title="Login" />
      <section className="section">
        <div className="container content">
          <p>Welcome back!</p>
        </div>
      </section>
    </>
  );
}
