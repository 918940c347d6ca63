import { messages } from '@shop/shared';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useGetProfileQuery } from './api';
import { CertificateNameForm } from './certificate-name-form';
import { ChangePasswordForm } from './change-password-form';
import { DashboardPage, DashboardPanel } from './dashboard-sidebar';
import { ReleaseDigestForm } from './release-digest-form';

function MyProfile() {
  const { data: profile } = useGetProfileQuery();
  return (
    <DashboardPanel id="my-profile" title={messages.myProfile}>
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
    </DashboardPanel>
  );
}

export default function ProfilePage() {
  useDocumentMeta('Profile');
  return (
    <DashboardPage title="Profile">
      <MyProfile />
      <CertificateNameForm />
      <ReleaseDigestForm />
      <ChangePasswordForm />
    </DashboardPage>
  );
}
