import { type AdminAttendanceResponse, indiaDateTime, messages } from '@shop/shared';
import { writeCsv } from '../../csv.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { findUserById } from '../accounts/index.js';
import { audienceTitle } from './audience.js';
import { findAttendance, findSession } from './repo.js';
import { adminView } from './session-view.js';

/** Who joined the session and when (first join), earliest first; cancelled sessions keep theirs. */
export async function sessionAttendance(
  deps: Pick<AppDeps, 'db' | 'config'>,
  id: string,
): Promise<AdminAttendanceResponse> {
  const session = await findSession(deps.db, id);
  if (!session) throw new AppError('not_found', messages.liveSessionNotFound);
  const rows = await findAttendance(deps.db, id);
  const attendees = [];
  for (const row of rows) {
    const user = await findUserById(deps.db, row.user_id);
    attendees.push({
      userId: row.user_id,
      name: user?.username ?? '',
      email: user?.email ?? '',
      joinedAt: row.joined_at,
    });
  }
  return {
    ok: true,
    session: adminView(session, await audienceTitle(deps.db, session), attendees.length, deps.config.jitsi),
    attendees,
  };
}

/** The attendance as the console's CSV download: one row per learner, the time in India time (IST). */
export function attendanceCsv(list: AdminAttendanceResponse): string {
  return writeCsv(
    ['Session', 'Starts (IST)', 'Name', 'Email', 'Joined (IST)'],
    list.attendees.map((attendee) => [
      list.session.title,
      indiaDateTime(list.session.startsAt),
      attendee.name,
      attendee.email,
      indiaDateTime(attendee.joinedAt),
    ]),
  );
}
