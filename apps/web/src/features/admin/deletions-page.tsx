import { messages } from '@shop/shared';
import { useListDeletionsQuery } from './deletions-api';
import { formatDateTime } from './format-date';
import { AdminTable } from './table-wrap';

/**
 * Account deletions (privacy centre). A learner's "Delete my account" is carried out at once, so
 * there is no queue of requests to act on: this is the record of what was erased, when and by whom.
 */
export function DeletionsPage() {
  const { data } = useListDeletionsQuery();
  if (!data) return <p className="state-message">{messages.loading}</p>;
  return (
    <>
      <h1>Account deletions</h1>
      <p className="admin-hint">
        Learners delete their accounts themselves in the Privacy Centre, and it happens at once: sessions, profile, cart
        and newsletter subscription are erased; orders and invoices are kept under the anonymised account, as tax law
        requires.
      </p>
      <AdminTable
        label="Account deletions"
        columns={['When', 'Account', 'Carried out by', 'Status']}
        rows={data}
        empty={<p className="state-message">No account has been deleted.</p>}
      >
        {(entry) => (
          <>
            <td>{formatDateTime(entry.deletedAt)}</td>
            <td>{entry.account}</td>
            <td>{entry.by}</td>
            <td>{entry.status}</td>
          </>
        )}
      </AdminTable>
    </>
  );
}
