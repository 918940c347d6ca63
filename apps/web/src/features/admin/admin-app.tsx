import { messages } from '@shop/shared';
import { lazy, Suspense } from 'react';
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
const AuditPage = lazy(() => import('./audit-page').then((m) => ({ default: m.AuditPage })));
const CouponsPage = lazy(() => import('./coupons-page').then((m) => ({ default: m.CouponsPage })));
const CourseEditorPage = lazy(() => import('./course-editor-page').then((m) => ({ default: m.CourseEditorPage })));
const CoursesPage = lazy(() => import('./courses-page').then((m) => ({ default: m.CoursesPage })));
const DashboardPage = lazy(() => import('./dashboard-page').then((m) => ({ default: m.DashboardPage })));
const DeletionsPage = lazy(() => import('./deletions-page').then((m) => ({ default: m.DeletionsPage })));
const LearnersPage = lazy(() => import('./learners-page').then((m) => ({ default: m.LearnersPage })));
const MessagesPage = lazy(() => import('./messages-page').then((m) => ({ default: m.MessagesPage })));
const NewsletterPage = lazy(() => import('./newsletter-page').then((m) => ({ default: m.NewsletterPage })));
const OrdersPage = lazy(() => import('./orders-page').then((m) => ({ default: m.OrdersPage })));
const RegisterPage = lazy(() => import('./register-page').then((m) => ({ default: m.RegisterPage })));
const ReviewsPage = lazy(() => import('./reviews-page').then((m) => ({ default: m.ReviewsPage })));
const TaxSettingsPage = lazy(() => import('./tax-settings-page').then((m) => ({ default: m.TaxSettingsPage })));
const VideoSettingsPage = lazy(() => import('./video-settings-page').then((m) => ({ default: m.VideoSettingsPage })));

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
            <Route path="/admin">
              <DashboardPage />
            </Route>
            <Route path="/admin/courses">
              <CoursesPage />
            </Route>
            <Route path="/admin/courses/new">
              <CourseEditorPage />
            </Route>
            <Route path="/admin/courses/:id">
              <CourseEditorPage />
            </Route>
            <Route path="/admin/coupons">
              <CouponsPage />
            </Route>
            <Route path="/admin/orders">
              <OrdersPage />
            </Route>
            <Route path="/admin/orders/:id">
              <OrdersPage />
            </Route>
            <Route path="/admin/invoices">
              <RegisterPage />
            </Route>
            <Route path="/admin/learners">
              <LearnersPage />
            </Route>
            <Route path="/admin/learners/:id">
              <LearnersPage />
            </Route>
            <Route path="/admin/messages">
              <MessagesPage />
            </Route>
            <Route path="/admin/reviews">
              <ReviewsPage />
            </Route>
            <Route path="/admin/newsletter">
              <NewsletterPage />
            </Route>
            <Route path="/admin/tax">
              <TaxSettingsPage />
            </Route>
            <Route path="/admin/video">
              <VideoSettingsPage />
            </Route>
            <Route path="/admin/deletions">
              <DeletionsPage />
            </Route>
            <Route path="/admin/audit">
              <AuditPage />
            </Route>
            <Route>
              <p className="state-message">No such console page.</p>
            </Route>
          </Switch>
        </Suspense>
      </div>
    </div>
  );
}
