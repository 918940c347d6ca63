import { COMMUNITY_PAGE, LIVE_SESSIONS_PAGE, messages } from '@shop/shared';
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageBanner } from '../../components/ui/page-banner';
import { NavLink, useLocation } from '../../lib/navigation';
import { useGetProfileQuery } from './api';
import { loginPathFor } from './safe-next-path';
import { useLogout } from './use-session';
import './account.css';

const pages = [
  ['/profile', messages.profile],
  ['/enrolled-courses', messages.enrolledCourses],
  ['/orders', messages.ordersTitle],
  ['/my-memberships', messages.myMemberships],
  [LIVE_SESSIONS_PAGE, messages.upcomingLiveSessions],
  [COMMUNITY_PAGE, messages.community],
  ['/wishlist', messages.wishlist],
  ['/privacy-centre', messages.privacyCentre],
] as const;

/** The dashboard's side menu: the username as heading, Profile, Enrolled Courses, My Orders, My Memberships, Upcoming live sessions, Community, Wishlist, Privacy Centre and Logout. */
export function DashboardSidebar({ username }: { username: string }) {
  const logout = useLogout();
  return (
    <aside className="dashboard-sidebar" aria-label="Account">
      <h2 className="dashboard-username">{username}</h2>
      <nav aria-label="Dashboard">
        <ul>
          {pages.map(([to, label]) => (
            <li key={to}>
              <NavLink to={to}>{label}</NavLink>
            </li>
          ))}
          <li>
            <button type="button" onClick={() => void logout()}>
              {messages.logout}
            </button>
          </li>
        </ul>
      </nav>
    </aside>
  );
}

/**
 * The page body of /profile and /enrolled-courses: the sidebar beside the page's panel. Visitors are
 * sent to the login page, which brings them back here afterwards.
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const { data: profile, isLoading } = useGetProfileQuery();
  const location = useLocation();
  if (isLoading) return <p className="state-message">{messages.loading}</p>;
  if (!profile) {
    return <Redirect to={loginPathFor(location.pathname + location.search)} replace />;
  }
  return (
    <div className="dashboard">
      <DashboardSidebar username={profile.username} />
      <div className="dashboard-main">{children}</div>
    </div>
  );
}

/** A dashboard page (profile, enrolled courses, orders, privacy centre): the banner, then the sidebar beside its panels. */
export function DashboardPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageBanner title={title} />
      <section className="section">
        <div className="container">
          <DashboardLayout>{children}</DashboardLayout>
        </div>
      </section>
    </>
  );
}

/** One panel of a dashboard page, named by its heading. */
export function DashboardPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="dashboard-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
