import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';

export default function PrivacyPolicyPage() {
  useDocumentMeta('Privacy Policy');
  return (
    <>
      <PageBanner title="Privacy Policy" />
      <section className="section">
        <div className="container content">
          <p>Privacy Policy dated 09-12-2024.</p>
        </div>
      </section>
    </>
  );
}
