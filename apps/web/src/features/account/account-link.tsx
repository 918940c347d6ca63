import { messages } from '@shop/shared';
import { Link } from 'wouter';
import { UserIcon } from '../../components/ui/icons';
import { useGetProfileQuery } from './api';

/**
 * The header's account corner: 'Loading' during the profile check, then the profile icon or 'login'.
 * One slot of a fixed width holds all three, so the header does not move when the check ends (the
 * server draws 'Loading': decision 0026).
 */
export function AccountLink() {
  return (
    <span className="account-slot">
      <AccountState />
    </span>
  );
}

function AccountState() {
  const { data: profile, isLoading } = useGetProfileQuery();
  if (isLoading) return <span className="account-loading">{messages.headerLoading}</span>;
  if (profile) {
    return (
      <Link to="/profile" className="icon-link" aria-label={`Profile of ${profile.username}`}>
        <UserIcon size={22} />
      </Link>
    );
  }
  return (
    <Link to="/login" className="btn btn-small">
      login
    </Link>
  );
}
