import { messages } from '@shop/shared';
import { type ComponentType, lazy, Suspense } from 'react';
import { Link, Route, Switch } from 'wouter';
import { NavLink } from '../../app/navigation';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useGetProfileQuery } from '../account/api';
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
/** Every console address and its page, in the order they are matched. */
const routes: [path: string, Page: ComponentType][] = [
  ['/admin', page(() => import('./dashboard-page'), 'DashboardPage')],
  ['/admin/courses', page(() => import('./courses-page'), 'CoursesPage')],
  ['/admin/courses/new', CourseEditorPage],
  ['/admin/courses/:id', CourseEditorPage],
  ['/admin/coupons', page(() => import('./coupons-page'), 'CouponsPage')],
  ['/admin/orders', OrdersPage],
  ['/admin/orders/:id', OrdersPage],
  ['/admin/invoices', page(() => import('./register-page'), 'RegisterPage')],
  ['/admin/learners', LearnersPage],
  ['/admin/learners/:id', LearnersPage],
  ['/admin/messages', page(() => import('./messages-page'), 'MessagesPage')],
  ['/admin/reviews', page(() => import('./reviews-page'), 'ReviewsPage')],
  ['/admin/newsletter', page(() => import('./newsletter-page'), 'NewsletterPage')],
  ['/admin/tax', page(() => import('./tax-settings-page'), 'TaxSettingsPage')],
  ['/admin/video', page(() => import('./video-settings-page'), 'VideoSettingsPage')],
  ['/admin/deletions', page(() => import('./deletions-page'), 'DeletionsPage')],
  ['/admin/audit', page(() => import('./audit-page'), 'AuditPage')],
];

const sections = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/courses', label: 'Courses' },
  { to: '/admin/coupons', label: 'Coupons' },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/invoices', label: 'Invoice register' },
  { to: '/admin/learners', label: 'Learners' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/reviews', label: 'Reviews' },
  { to: '/admin/newsletter', label: 'Newsletter' },
  { to: '/admin/tax', label: 'Tax settings' },
  { to: '/admin/video', label: 'Video settings' },
  { to: '/admin/deletions', label: 'Deletions' },
  { to: '/admin/audit', label: 'Activity log' },
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
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.end}>
                {section.label}
              </NavLink>
            </li>
          ))}
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
