import { messages } from '@shop/shared';
import { useGetAuditQuery } from './api';
import { formatDateTime } from './format-date';
import { TableHead, TableWrap } from './table-wrap';

/** The latest operator actions: who did what, and when. */
export function AuditPage() {
  const { data } = useGetAuditQuery();
  if (!data) return <p className="state-message">{messages.loading}</p>;
  return (
    <>
      <h1>Activity log</h1>
      <TableWrap label="Activity log">
        <table className="admin-table">
          <TableHead columns={['When', 'Who', 'What', 'Record', 'Change']} />
          <tbody>
            {data.map((entry) => (
              <tr key={entry.id}>
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
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  );
}
