import { formatPaise, messages } from '@shop/shared';
import { type FormEvent, useId } from 'react';
import { Link } from 'wouter';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import {
  useChangeEnrolmentMutation,
  useGetLearnerQuery,
  useListAdminCoursesQuery,
  useSetLearnerStatusMutation,
} from './api';
import { formatDateTime } from './format-date';
import { AdminTable } from './table-wrap';

const statusActions = {
  active: { label: 'Reinstate', confirm: 'Let this account sign in again?' },
  suspended: {
    label: 'Suspend',
    confirm: 'Suspend this account? The learner is signed out at once and cannot sign in.',
  },
  terminated: {
    label: 'Terminate',
    confirm:
      'Terminate this account? The learner is signed out at once, cannot sign in, and the e-mail cannot register again.',
  },
} as const;

export function LearnerDetail({ id }: { id: string }) {
  const { data: learner, isError } = useGetLearnerQuery(id);
  const { data: courses } = useListAdminCoursesQuery();
  const [setStatus] = useSetLearnerStatusMutation();
  const [changeEnrolment, { isLoading }] = useChangeEnrolmentMutation();
  const grantId = useId();
  if (isError) return <p className="state-message">{messages.adminLearnerMissing}</p>;
  if (!learner) return <p className="state-message">{messages.loading}</p>;

  const changeStatus = async (status: keyof typeof statusActions) => {
    if (!window.confirm(statusActions[status].confirm)) return;
    try {
      await setStatus({ id, status }).unwrap();
      toast.success(`The account is now ${status}.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The account could not be changed. Please try again.'));
    }
  };
  const enrol = async (courseId: string, grant: boolean) => {
    try {
      await changeEnrolment({ id, courseId, grant }).unwrap();
      toast.success(grant ? 'The course is now available to the learner.' : 'The course is taken away.');
    } catch (error) {
      toast.error(errorMessage(error, 'The change could not be saved. Please try again.'));
    }
  };
  const grant = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const courseId = String(new FormData(event.currentTarget).get('courseId') ?? '');
    if (courseId) void enrol(courseId, true);
  };
  const owned = learner.enrolments.filter((e) => !e.revokedAt);

  return (
    <>
      <div className="admin-heading">
        <h1>{learner.email}</h1>
        <Link to="/admin/learners">Back to learners</Link>
      </div>
      <dl className="admin-facts">
        <dt>Username</dt>
        <dd>{learner.username}</dd>
        <dt>Role</dt>
        <dd>{learner.role}</dd>
        <dt>Account</dt>
        <dd>{learner.status}</dd>
        <dt>E-mail verified</dt>
        <dd>{learner.verified ? 'yes' : 'no'}</dd>
        <dt>Joined</dt>
        <dd>{formatDateTime(learner.createdAt)}</dd>
        {learner.deviceFlag && (
          <>
            <dt>Devices</dt>
            <dd>
              <DeviceFlagBadge flag={learner.deviceFlag} />
            </dd>
          </>
        )}
      </dl>
      <div className="admin-actions">
        {(Object.keys(statusActions) as (keyof typeof statusActions)[])
          .filter((status) => status !== learner.status)
          .map((status) => (
            <button key={status} type="button" className="btn btn-outline" onClick={() => changeStatus(status)}>
              {statusActions[status].label}
            </button>
          ))}
      </div>

      <h2>Courses</h2>
      {owned.length === 0 ? <p>No courses.</p> : null}
      <ul className="admin-plain-list">
        {owned.map((e) => (
          <li key={`${e.courseId}-${e.grantedAt}`}>
            {e.title} ({e.orderId ? 'bought' : 'given by hand'} {formatDateTime(e.grantedAt)}){' '}
            <button
              type="button"
              className="btn btn-small btn-outline"
              disabled={isLoading}
              onClick={() => enrol(e.courseId, false)}
              aria-label={`Take away ${e.title}`}
            >
              Take away
            </button>
          </li>
        ))}
      </ul>
      <form className="admin-search" onSubmit={grant}>
        <div className="admin-field">
          <label htmlFor={grantId}>Give a course</label>
          <select id={grantId} name="courseId" defaultValue="">
            <option value="" disabled>
              Choose a course
            </option>
            {courses
              ?.filter((c) => !owned.some((e) => e.courseId === c.id))
              .map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
          </select>
        </div>
        <button type="submit" className="btn" disabled={isLoading}>
          Give course
        </button>
      </form>

      <h2>Orders</h2>
      <AdminTable
        label="Orders of this learner"
        columns={['Order', 'Date', 'Courses', 'Total', 'Status']}
        rows={learner.orders}
        empty={<p>No orders.</p>}
      >
        {(order) => (
          <>
            <td>
              <Link to={`/admin/orders/${order.id}`}>{order.id}</Link>
            </td>
            <td>{formatDateTime(order.createdAt)}</td>
            <td>{order.courses.join(', ')}</td>
            <td>{formatPaise(order.totalPaise)}</td>
            <td>{order.status}</td>
          </>
        )}
      </AdminTable>

      <h2>Live sessions joined</h2>
      <AdminTable
        label="Live sessions this learner joined"
        columns={['Session', 'Starts', 'Joined']}
        rows={learner.liveSessionsJoined}
        rowKey={(session) => session.sessionId}
        empty={<p>No live sessions joined.</p>}
      >
        {(session) => (
          <>
            <td>{session.title}</td>
            <td>{formatDateTime(session.startsAt)}</td>
            <td>{formatDateTime(session.joinedAt)}</td>
          </>
        )}
      </AdminTable>
    </>
  );
}

/** The many-devices flag of a learner (issue 15), on the list of learners and the learner's page. */
export function DeviceFlagBadge({ flag }: { flag: { day: string; devices: number } }) {
  return (
    <span className="tag">
      {messages.adminDeviceFlag.replace('{count}', String(flag.devices)).replace('{day}', flag.day)}
    </span>
  );
}
