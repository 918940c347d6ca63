import { type AdminLiveSession, liveSessionPaths, pathWith } from '@shop/shared';
import { useState } from 'react';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from './format-date';
import { LiveRecording } from './live-recording';
import { LiveSessionEditForm } from './live-session-edit-form';
import { LiveSessionForm } from './live-session-form';
import {
  useCancelLiveSessionMutation,
  useGetLiveAttendanceQuery,
  useListAdminLiveSessionsQuery,
} from './live-sessions-api';
import { AdminTable, RowButton } from './table-wrap';

const meetingLabel = { jitsi: 'Jitsi room', link: 'Pasted link' } as const;

/** Who joined one session and when, with its CSV. */
function Attendance({ session, onClose }: { session: AdminLiveSession; onClose: () => void }) {
  const { data } = useGetLiveAttendanceQuery(session.id);
  return (
    <section className="admin-panel live-attendance" aria-labelledby="live-attendance-title">
      <div className="admin-heading">
        <h2 id="live-attendance-title">Attendance: {session.title}</h2>
        <a
          className="btn btn-outline btn-small"
          href={`${pathWith(liveSessionPaths.adminAttendance, { id: session.id })}?format=csv`}
          download
        >
          Attendance (CSV)
        </a>
        <button type="button" className="btn btn-small btn-outline" onClick={onClose}>
          Close
        </button>
      </div>
      <AdminTable
        label={`Who joined ${session.title}`}
        columns={['Name', 'Email', 'Joined at (IST)']}
        rows={data?.attendees}
        rowKey={(attendee) => attendee.userId}
        empty={<p className="state-message">Nobody has joined yet.</p>}
      >
        {(attendee) => (
          <>
            <td>{attendee.name}</td>
            <td>{attendee.email}</td>
            <td>{formatDateTime(attendee.joinedAt)}</td>
          </>
        )}
      </AdminTable>
    </section>
  );
}

/** The console's live sessions (issue 35): schedule one or a weekly series, the list, cancel, attendance, a past one's recording. */
export function LiveSessionsPage() {
  const { data } = useListAdminLiveSessionsQuery();
  const [cancel, { isLoading: cancelling }] = useCancelLiveSessionMutation();
  const [shownId, setShownId] = useState<string | null>(null);
  const [editedId, setEditedId] = useState<string | null>(null);
  const shown = data?.find((session) => session.id === shownId);
  const edited = data?.find((session) => session.id === editedId);
  const [recordingId, setRecordingId] = useState<string | null>(null);
  const recordingOf = data?.find((session) => session.id === recordingId);
  // A session that has started may get a recording (the server says so again).
  const started = (session: AdminLiveSession) => Date.parse(session.startsAt) <= Date.now();

  const cancelOne = async (session: AdminLiveSession) => {
    if (
      !window.confirm(
        `Cancel ${session.title} on ${formatDateTime(session.startsAt)}? Its learners can no longer join.`,
      )
    )
      return;
    try {
      await cancel(session.id).unwrap();
      if (shownId === session.id) setShownId(null);
      if (editedId === session.id) setEditedId(null);
      toast.success(`${session.title} is cancelled.`);
    } catch (error) {
      toast.error(errorMessage(error, 'The session could not be cancelled. Please try again.'));
    }
  };

  return (
    <>
      <h1>Live sessions</h1>
      {edited ? (
        <LiveSessionEditForm key={edited.id} session={edited} onDone={() => setEditedId(null)} />
      ) : (
        <LiveSessionForm />
      )}
      <AdminTable
        heading
        label="Scheduled sessions"
        columns={['Title', 'Starts (IST)', 'Audience', 'Meeting', 'Attendees', 'Actions']}
        rows={data}
        empty={<p className="state-message">No live sessions yet.</p>}
      >
        {(session) => (
          <>
            <td>{session.title}</td>
            <td>
              {formatDateTime(session.startsAt)} ({session.durationMinutes} min)
            </td>
            <td>{session.audienceTitle}</td>
            <td>{meetingLabel[session.meetingKind]}</td>
            <td>{session.attendees}</td>
            <td className="admin-actions">
              <RowButton
                label={`Attendance of ${session.title} on ${formatDateTime(session.startsAt)}`}
                onClick={() => setShownId(shownId === session.id ? null : session.id)}
              >
                Attendance
              </RowButton>
              {started(session) && (
                <RowButton
                  label={`Recording of ${session.title} on ${formatDateTime(session.startsAt)}`}
                  onClick={() => setRecordingId(recordingId === session.id ? null : session.id)}
                >
                  Recording
                </RowButton>
              )}
              <RowButton
                label={`Change ${session.title} on ${formatDateTime(session.startsAt)}`}
                onClick={() => {
                  setEditedId(session.id);
                  window.scrollTo({ top: 0 });
                }}
              >
                Change
              </RowButton>
              <RowButton
                label={`Cancel ${session.title} on ${formatDateTime(session.startsAt)}`}
                disabled={cancelling}
                onClick={() => void cancelOne(session)}
              >
                Cancel
              </RowButton>
            </td>
          </>
        )}
      </AdminTable>
      {shown && <Attendance key={shown.id} session={shown} onClose={() => setShownId(null)} />}
      {recordingOf && <LiveRecording key={recordingOf.id} session={recordingOf} onClose={() => setRecordingId(null)} />}
    </>
  );
}
