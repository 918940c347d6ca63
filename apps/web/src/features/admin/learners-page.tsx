import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'wouter';
import { useListLearnersQuery } from './api';
import { formatDateTime } from './format-date';
import { DeviceFlagBadge, LearnerDetail } from './learner-detail';
import { AdminTable } from './table-wrap';

export function LearnersPage() {
  const { id } = useParams();
  const [q, setQ] = useState('');
  const { data } = useListLearnersQuery(q, { skip: Boolean(id) });
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };
  if (id) return <LearnerDetail id={id} />;
  return (
    <>
      <h1>Learners</h1>
      <form className="admin-search" onSubmit={search} aria-label="Search learners">
        <div className="admin-field">
          <label htmlFor="learner-q">E-mail or username</label>
          <input id="learner-q" name="q" type="search" defaultValue={q} />
        </div>
        <button type="submit" className="btn">
          Search learners
        </button>
      </form>
      <AdminTable
        label="Accounts"
        columns={['E-mail', 'Username', 'Role', 'Account', 'Joined']}
        rows={data}
        empty={<p className="state-message">No accounts match this search.</p>}
      >
        {(learner) => (
          <>
            <td>
              <Link to={`/admin/learners/${learner.id}`}>{learner.email}</Link>
              {learner.deviceFlag && (
                <>
                  {' '}
                  <DeviceFlagBadge flag={learner.deviceFlag} />
                </>
              )}
            </td>
            <td>{learner.username}</td>
            <td>{learner.role}</td>
            <td>{learner.status}</td>
            <td>{formatDateTime(learner.createdAt)}</td>
          </>
        )}
      </AdminTable>
    </>
  );
}
