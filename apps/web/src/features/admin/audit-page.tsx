import { messages } from '@shop/shared';
import { useGetAuditQuery } from './api';
import { formatDateTime } from './format-date';
import { AdminTable } from './table-wrap';

/** The latest operator actions: who did what, and when. */
export function AuditPage() {
  const { data } = useGetAuditQuery();
  if (!data) return <p className="state-message">{messages.loading}</p>;
  return (
    <>
      <h1>Activity log</h1>
      <AdminTable label="Activity log" columns={['When', 'Who', 'What', 'Record', 'Change']} rows={data}>
        {(entry) => (
          <>
            <td>{formatDateTime(entry.createdAt)}</td>
            <td>{entry.actorEmail}</td>
            <td>{entry.action}</td>
            <td>
              {entry.entity} {entry.entityId}
            </td>
            <td>
              <details>
                <summary>Before and after</summary>
                <pre className="admin-json">{`before: ${entry.before ?? '—'}\nafter: ${entry.after ?? '—'}`}</pre>
              </details>
            </td>
          </>
        )}
      </AdminTable>
    </>
  );
}
