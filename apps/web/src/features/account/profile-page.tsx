import { messages } from '@shop/shared';
import { PageBanner } from '../../components/ui/page-banner';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useGetProfileQuery } from './api';
import { CertificateNameForm } from './certificate-name-form';
import { ChangePasswordForm } from './change-password-form';
import { DashboardLayout } from './dashboard-sidebar';

function MyProfile() {
  const { data: profile } = useGetProfileQuery();
  return (
    <section className="dashboard-panel" aria-labelledby="my-profile">
      <h2 id="my-profile">{messages.myProfile}</h2>
      <dl className="profile-list">
        <div>
          <dt>Username</dt>
          <dd>{profile?.username ?? messages.loading}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{profile?.email ?? messages.loading}</dd>
        </div>
      </dl>
    </section>
  );
}

export default function ProfilePage() {
  useDocumentMeta('Profile');
  return (
    <>
      <PageBanner title="Profile" />
      <section className="section">
        <div className="container">
          <DashboardLayout>
            <MyProfile />
            <CertificateNameForm />
            <ChangePasswordForm />
          </DashboardLayout>
        </div>
      </section>
    </>
  );
}
