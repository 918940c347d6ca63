import { messages } from '@shop/shared';
import { type ComponentType, lazy, Suspense } from 'react';
import { Link, Route, Switch } from 'wouter';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { NavLink } from '../../lib/navigation';
import { useGetProfileQuery } from '../account';
import './admin.css';

/**
 * Each console page is its own chunk, loaded when it is first opened: the shell (this file: the check,
 * the section list) stays small, and a page's libraries (the form library, the schemas, the structure
 * editor, the chart) load with the page that uses them (decision 0026: no route chunk above 30 KB).
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const CourseEditorPage = page(() => import('./course-editor-page'), 'CourseEditorPage');
const OrdersPage = page(() => import('./orders-page'), 'OrdersPage');
const LearnersPage = page(() => import('./learners-page'), 'LearnersPage');
/** Every console address and its page, in the order they are matched; a section of the menu is named. */
const routes: [path: string, Page: ComponentType, section?: string][] = [
  ['/admin', page(() => import('./dashboard-page'), 'DashboardPage'), 'Dashboard'],
  ['/admin/courses', page(() => import('./courses-page'), 'CoursesPage'), 'Courses'],
  ['/admin/courses/new', CourseEditorPage],
  ['/admin/courses/:id', CourseEditorPage],
  ['/admin/coupons', page(() => import('./coupons-page'), 'CouponsPage'), 'Coupons'],
  ['/admin/plans', page(() => import('./plans-page'), 'PlansPage'), 'Memberships'],
  ['/admin/plans/:id/members', page(() => import('./plan-members-page'), 'PlanMembersPage')],
  ['/admin/bundles', page(() => import('./bundles-page'), 'BundlesPage'), 'Bundles'],
  ['/admin/live-sessions', page(() => import('./live-sessions-page'), 'LiveSessionsPage'), 'Live sessions'],
  ['/admin/orders', OrdersPage, 'Orders'],
  ['/admin/orders/:id', OrdersPage],
  ['/admin/invoices', page(() => import('./register-page'), 'RegisterPage'), 'Invoice register'],
  ['/admin/learners', LearnersPage, 'Learners'],
  ['/admin/learners/:id', LearnersPage],
  ['/admin/messages', page(() => import('./messages-page'), 'MessagesPage'), 'Messages'],
  ['/admin/reviews', page(() => import('./reviews-page'), 'ReviewsPage'), 'Reviews'],
  ['/admin/newsletter', page(() => import('./newsletter-page'), 'NewsletterPage'), 'Newsletter'],
  ['/admin/tax', page(() => import('./tax-settings-page'), 'TaxSettingsPage'), 'Tax settings'],
  ['/admin/video', page(() => import('./video-settings-page'), 'VideoSettingsPage'), 'Video settings'],
  ['/admin/deletions', page(() => import('./deletions-page'), 'DeletionsPage'), 'Deletions'],
  ['/admin/audit', page(() => import('./audit-page'), 'AuditPage'), 'Activity log'],
];

function Refusal({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="container section admin-refusal" role="alert">
      <h1>Shop operator only</h1>
      <p>{messages.adminOnly}</p>
      {signedIn ? (
        <Link className="btn" to="/">
          Back to the shop
        </Link>
      ) : (
        <Link className="btn" to="/login?next=/admin">
          Log in as the operator
        </Link>
      )}
    </div>
  );
}

/** The operator's console: its own bundle, loaded only when someone opens /admin. */
export default function AdminApp() {
  useDocumentMeta('Shop console');
  const { data: profile, isLoading } = useGetProfileQuery();
  if (isLoading) return <p className="state-message container section">{messages.loading}</p>;
  if (profile?.role !== 'admin') return <Refusal signedIn={Boolean(profile)} />;
  return (
    <div className="admin container">
      <nav className="admin-nav" aria-label="Console sections">
        <ul>
          {routes.map(
            ([path, , section]) =>
              section && (
                <li key={path}>
                  <NavLink to={path} end={path === '/admin'}>
                    {section}
                  </NavLink>
                </li>
              ),
          )}
        </ul>
      </nav>
      <div className="admin-main">
        <Suspense fallback={<p className="state-message">{messages.loading}</p>}>
          <Switch>
            {routes.map(([path, Page]) => (
              <Route key={path} path={path}>
                <Page />
              </Route>
            ))}
            <Route>
              <p className="state-message">No such console page.</p>
            </Route>
          </Switch>
        </Suspense>
      </div>
    </div>
  );
}
