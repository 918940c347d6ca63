import { adminPaths, messages as texts } from '@shop/shared';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useListMessagesQuery, useMarkHandledMutation } from './api';
import { formatDateTime } from './format-date';

export function MessagesPage() {
  const { data } = useListMessagesQuery();
  const [mark] = useMarkHandledMutation();
  const toggle = async (id: string, handled: boolean) => {
    try {
      await mark({ id, handled }).unwrap();
    } catch (error) {
      toast.error(errorMessage(error, 'The message could not be changed. Please try again.'));
    }
  };
  return (
    <>
      <div className="admin-heading">
        <h1>Messages</h1>
        <a className="btn btn-outline" href={adminPaths.subscribersCsv} download>
          Newsletter subscribers (CSV)
        </a>
      </div>
      {!data ? (
        <p className="state-message">{texts.loading}</p>
      ) : data.length === 0 ? (
        <p className="state-message">No contact messages yet.</p>
      ) : (
        <ul className="admin-messages">
          {data.map((m) => (
            <li key={m.id} className={m.handled ? 'is-handled' : undefined}>
              <p className="admin-message-meta">
                <strong>{m.name}</strong> · <a href={`mailto:${m.email}`}>{m.email}</a>
                {m.website ? ` · ${m.website}` : ''} · {formatDateTime(m.createdAt)}
              </p>
              <p className="admin-message-text">{m.message}</p>
              <button type="button" className="btn btn-small btn-outline" onClick={() => toggle(m.id, !m.handled)}>
                {m.handled ? 'Mark as not handled' : 'Mark as handled'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
