import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';

export default function ProfilePage() {
  useDocumentMeta('Profile');
  return (
    <>
      <PageBanner title="Profile" />
      <section className="section">
        <div className="container content">
          <p>My Profile</p>
        </div>
      </section>
    </>
  );
}
