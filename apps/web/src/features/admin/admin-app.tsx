import { messages } from '@shop/shared';
import { Link, NavLink, Route, Routes } from 'react-router';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useGetProfileQuery } from '../account/api';
import { AuditPage } from './audit-page';
import { CouponsPage } from './coupons-page';
import { CourseEditorPage } from './course-editor-page';
import { CoursesPage } from './courses-page';
import { DashboardPage } from './dashboard-page';
import { DeletionsPage } from './deletions-page';
import { LearnersPage } from './learners-page';
import { MessagesPage } from './messages-page';
import { NewsletterPage } from './newsletter-page';
import { OrdersPage } from './orders-page';
import { RegisterPage } from './register-page';
import { ReviewsPage } from './reviews-page';
import { TaxSettingsPage } from './tax-settings-page';
import './admin.css';

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
        <Routes>
          <Route index element={<DashboardPage />} />
          <Route path="courses" element={<CoursesPage />} />
          <Route path="courses/new" element={<CourseEditorPage />} />
          <Route path="courses/:id" element={<CourseEditorPage />} />
          <Route path="coupons" element={<CouponsPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="orders/:id" element={<OrdersPage />} />
          <Route path="invoices" element={<RegisterPage />} />
          <Route path="learners" element={<LearnersPage />} />
          <Route path="learners/:id" element={<LearnersPage />} />
          <Route path="messages" element={<MessagesPage />} />
          <Route path="reviews" element={<ReviewsPage />} />
          <Route path="newsletter" element={<NewsletterPage />} />
          <Route path="tax" element={<TaxSettingsPage />} />
          <Route path="deletions" element={<DeletionsPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="*" element={<p className="state-message">No such console page.</p>} />
        </Routes>
      </div>
    </div>
  );
}
