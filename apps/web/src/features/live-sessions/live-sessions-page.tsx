import { LIVE_SESSIONS_PAGE, messages } from '@shop/shared';
import { useEffect, useState } from 'react';
import { LoadFailed } from '../../components/ui/shelf-states';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { DashboardPage, DashboardPanel } from '../account/dashboard-sidebar';
import { useGetMyLiveSessionsQuery } from './api';
import LiveRecordingsFor from './recordings-for';
import { SessionCard } from './session-card';
import { viewerTimeZone } from './session-times';
import './live-sessions.css';

const MINUTE = 60_000;

/** Now, moved on each minute: the time left until a join window opens is recomputed with it. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function Sessions() {
  const {
    data: sessions,
    isLoading,
    isError,
  } = useGetMyLiveSessionsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const now = useMinuteClock();
  if (isLoading) return <p className="state-message">{messages.loading}</p>;
  if (isError || !sessions) return <LoadFailed>{messages.liveSessionsFailed}</LoadFailed>;
  if (sessions.length === 0) return <p className="state-message">{messages.noUpcomingLiveSessions}</p>;
  const viewerZone = viewerTimeZone();
  const pageUrl = `${window.location.origin}${LIVE_SESSIONS_PAGE}`;
  return (
    <div className="live-session-list">
      {sessions.map((session) => (
        <SessionCard key={session.id} session={session} now={now} viewerZone={viewerZone} pageUrl={pageUrl} />
      ))}
    </div>
  );
}

/** /dashboard/live-sessions: the learner's upcoming live sessions, soonest first, and the recordings of past ones (issue 35). */
export default function LiveSessionsPage() {
  useDocumentMeta(messages.upcomingLiveSessions, 'Your live sessions: when they are, joining, and calendar entries.');
  return (
    <DashboardPage title={messages.upcomingLiveSessions}>
      <DashboardPanel id="live-sessions-title" title={messages.upcomingLiveSessions}>
        <Sessions />
      </DashboardPanel>
      <LiveRecordingsFor showEmpty />
    </DashboardPage>
  );
}
