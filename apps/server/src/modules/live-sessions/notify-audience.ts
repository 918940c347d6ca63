import type { AppDeps } from '../../deps.js';
import { findActiveUsersByIds } from '../accounts/index.js';
import { cohortMemberIds } from '../cohorts/index.js';
import { courseLearnerIds, mayOpenCourse } from '../learning/index.js';
import { memberIdsWithAccess } from '../subscriptions/index.js';
import { audienceTitle } from './audience.js';
import { type LiveNoticeKind, liveSessionMail } from './live-mails.js';
import { claimNotice, findNoticedUserIds, findSessionsStartingBetween, type LiveSessionRow } from './repo.js';
import { timesOf } from './session-view.js';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mail'>;

const HOUR_MS = 3_600_000;

/** The reminders' job: every 5 minutes, once across processes (each mail once by its notice row either way). */
export const LIVE_REMINDERS_JOB = 'live-sessions.remind';

/** Everyone in the session's audience now, as accounts a mail may go to: the cohort's members, the course's learners, or the plan's members. */
export async function audienceOf(deps: Pick<AppDeps, 'db'>, session: LiveSessionRow, now: Date) {
  const ids = new Set<string>();
  if (session.cohort_id) {
    // A cohort's members who may open its course (a refunded or revoked member has given the seat back).
    for (const id of await cohortMemberIds(deps.db, session.cohort_id))
      if (session.course_id && (await mayOpenCourse(deps.db, id, session.course_id, now))) ids.add(id);
  } else if (session.course_id) {
    for (const id of await courseLearnerIds(deps.db, session.course_id)) ids.add(id);
    for (const id of await memberIdsWithAccess(deps.db, { courseId: session.course_id }, now)) ids.add(id);
  } else if (session.plan_id) {
    for (const id of await memberIdsWithAccess(deps.db, { planId: session.plan_id }, now)) ids.add(id);
  }
  return findActiveUsersByIds(deps.db, [...ids]);
}

type Recipient = Awaited<ReturnType<typeof audienceOf>>[number];

/**
 * Queues the notice's mail to each recipient not sent it before, in `trx`: each learner once per kind and
 * start (the notice row's key). Returns how many were queued; the caller kicks the mail after its commit.
 */
export async function queueNotices(
  trx: Deps['db'],
  deps: Deps,
  session: LiveSessionRow,
  kind: LiveNoticeKind,
  recipients: Recipient[],
  now: Date,
): Promise<number> {
  if (recipients.length === 0) return 0;
  const site = { publicUrl: deps.config.publicUrl, siteName: deps.config.siteName };
  const details = {
    title: session.title,
    startsAt: timesOf(session).startsAt,
    partOf: await audienceTitle(trx, session),
  };
  let queued = 0;
  for (const user of recipients) {
    const notice = { session_id: session.id, user_id: user.id, kind, occasion: session.starts_at };
    if (!(await claimNotice(trx, notice, now))) continue;
    await deps.mail.enqueue(liveSessionMail(site, { email: user.email, name: user.username }, details, kind), trx, now);
    queued += 1;
  }
  return queued;
}

/**
 * Mails the session's audience about it (`kind`), each learner once per kind and start, each in a
 * transaction of its own with its notice row: two processes passing at once, a replay or a crash between
 * learners never mail anyone twice, and a learner left out by a crash is mailed on the next pass. The
 * learners already mailed are read once and passed over. Returns how many mails were queued.
 */
export async function notifyAudience(
  deps: Deps,
  session: LiveSessionRow,
  kind: LiveNoticeKind,
  now: Date,
): Promise<number> {
  const notice = { session_id: session.id, kind, occasion: session.starts_at };
  const mailed = new Set(await findNoticedUserIds(deps.db, notice));
  let queued = 0;
  for (const user of (await audienceOf(deps, session, now)).filter((user) => !mailed.has(user.id))) {
    queued += await deps.db.transaction().execute((trx) => queueNotices(trx, deps, session, kind, [user], now));
  }
  if (queued > 0) deps.mail.kick();
  return queued;
}

/**
 * The reminders' pass (the `live-sessions.remind` job, every 5 minutes; tests pass the clock): a session
 * starting within 24 hours gets its day-before reminder while it is more than an hour away, and its
 * hour-before reminder within the last hour. A session scheduled or moved to less than an hour away gets
 * only the second. Returns how many mails were queued.
 */
export async function remindLiveSessions(deps: Deps, now = new Date()): Promise<number> {
  let queued = 0;
  for (const session of await findSessionsStartingBetween(deps.db, now, new Date(now.getTime() + 24 * HOUR_MS))) {
    const ahead = timesOf(session).startsAt.getTime() - now.getTime();
    queued += await notifyAudience(deps, session, ahead > HOUR_MS ? 'reminder_24h' : 'reminder_1h', now);
  }
  return queued;
}
