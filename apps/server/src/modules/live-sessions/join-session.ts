import { indiaIso, type LiveSession, messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { audienceReader } from './audience.js';
import { joinUrl } from './meeting-link.js';
import { findSession, findSessionsNotEnded, recordAttendance } from './repo.js';
import { learnerView, timesOf, windowAt } from './session-view.js';

/**
 * A session the caller may attend, or why not: 404 for none (or cancelled), 403 for anyone outside its
 * audience (an admin is in every audience: the operator hosts); the meeting's address is never in these.
 */
export async function sessionForLearner(deps: Pick<AppDeps, 'db'>, user: SessionUser, id: string, now: Date) {
  const session = await findSession(deps.db, id);
  if (!session || session.cancelled_at) throw new AppError('not_found', messages.liveSessionNotFound);
  // The operator hosts: an admin may open any session (and the Jitsi token makes them its moderator).
  if (user.role !== 'admin' && !(await audienceReader(deps.db, user.id, now).allows(session)))
    throw new AppError('forbidden', messages.liveSessionNotForYou);
  return session;
}

export type JoinOutcome = { ok: true; url: string } | { ok: false; message: string; joinOpensAt: string };

/**
 * The learner joins: inside the window (15 minutes before the start until the end) the meeting's address,
 * and their attendance recorded once (the first join's time); before it or after the end, why not and
 * when the window opens (the route answers 409).
 */
export async function joinSession(
  deps: Pick<AppDeps, 'db' | 'config'>,
  user: SessionUser,
  id: string,
  now = new Date(),
): Promise<JoinOutcome> {
  const session = await sessionForLearner(deps, user, id, now);
  const joinOpensAt = indiaIso(timesOf(session).joinOpensAt);
  const window = windowAt(session, now);
  if (window === 'early') return { ok: false, message: messages.liveJoinNotYet, joinOpensAt };
  if (window === 'ended') return { ok: false, message: messages.liveSessionEnded, joinOpensAt };
  await recordAttendance(deps.db, session.id, user.id, now.toISOString());
  return { ok: true, url: await joinUrl(deps.config.jitsi, session, user, now) };
}

/** The sessions the learner may attend that have not ended, soonest first. */
export async function listMySessions(
  deps: Pick<AppDeps, 'db'>,
  user: SessionUser,
  now = new Date(),
): Promise<LiveSession[]> {
  const reader = audienceReader(deps.db, user.id, now);
  const mine: LiveSession[] = [];
  const notEnded = (await findSessionsNotEnded(deps.db, now)).filter((session) => windowAt(session, now) !== 'ended');
  for (const session of notEnded) {
    if (await reader.allows(session)) mine.push(learnerView(session, await reader.title(session), now));
  }
  return mine;
}
