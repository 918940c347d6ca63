import { LIVE_SESSIONS_PAGE } from '@shop/shared';
import ical from 'ical-generator';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { audienceReader } from './audience.js';
import { sessionForLearner } from './join-session.js';
import { timesOf } from './session-view.js';

/**
 * The session as an iCalendar file for the learner's calendar: one event with a stable UID (a rescheduled
 * session replaces the entry), its start and end in UTC, and the shop's page as its URL. The meeting's
 * address is left out: a calendar file is forwarded, and the join call checks who is asking.
 */
export async function sessionCalendar(
  deps: Pick<AppDeps, 'db' | 'config'>,
  user: SessionUser,
  id: string,
  now = new Date(),
): Promise<{ fileName: string; text: string }> {
  const session = await sessionForLearner(deps, user, id, now);
  const { startsAt, endsAt } = timesOf(session);
  const { publicUrl, siteName } = deps.config;
  const page = `${publicUrl}${LIVE_SESSIONS_PAGE}`;
  const partOf = await audienceReader(deps.db, user.id, now).title(session);
  const calendar = ical({ name: siteName, prodId: { company: siteName, product: 'live-sessions' } });
  calendar.createEvent({
    id: `${session.id}@${new URL(publicUrl).hostname}`,
    start: startsAt,
    end: endsAt,
    stamp: new Date(session.updated_at),
    summary: session.title,
    description: [session.description, partOf && `Part of: ${partOf}`, `Join from ${page}`]
      .filter(Boolean)
      .join('\n\n'),
    url: page,
  });
  return { fileName: `live-session-${session.id}.ics`, text: calendar.toString() };
}
