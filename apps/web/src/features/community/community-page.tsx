import { messages } from '@shop/shared';
import { Link } from 'wouter';
import { LoadFailed } from '../../components/ui/shelf-states';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { DashboardPage, DashboardPanel } from '../account/dashboard-sidebar';
import { useGetMySpacesQuery } from './api';
import './community.css';

function Spaces() {
  const { data: spaces, isLoading, isError } = useGetMySpacesQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isLoading) return <p className="state-message">{messages.loading}</p>;
  if (isError || !spaces) return <LoadFailed>{messages.communityLoadFailed}</LoadFailed>;
  if (spaces.length === 0) return <p className="state-message">{messages.communityNoSpaces}</p>;
  return (
    <ul className="community-spaces">
      {spaces.map((space) => (
        <li key={space.id} className="community-space">
          <Link to={`/community/spaces/${space.id}`} className="community-space-link">
            {space.title}
          </Link>
          {space.unread > 0 && (
            <span className="community-badge">{messages.communityUnread.replace('{count}', String(space.unread))}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** /community: the spaces of the signed-in member's courses and memberships, each with its new posts' count (issue 36). */
export default function CommunityPage() {
  useDocumentMeta(messages.community, messages.communityIntro);
  return (
    <DashboardPage title={messages.community}>
      <DashboardPanel id="community-title" title={messages.community}>
        <p>{messages.communityIntro}</p>
        <Spaces />
      </DashboardPanel>
    </DashboardPage>
  );
}
