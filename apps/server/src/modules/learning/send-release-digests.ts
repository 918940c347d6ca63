import { indiaDate } from '@shop/shared';
import { secretFor } from '../../auth/secrets.js';
import type { AppDeps } from '../../deps.js';
import { findActiveUsersByIds } from '../accounts/index.js';
import { lessonRuleOf, releaseOpensAt } from './lesson-release.js';
import { findLessonsOfCourses } from './lessons-repo.js';
import {
  DIGEST_LINK_SECRET_NAME,
  digestUnsubscribeUrl,
  type OpenedLesson,
  releaseDigestMail,
} from './release-digest-mail.js';
import { claimDigest, findDigestOptouts, findEnrolmentsWithReleases, findLastDigests } from './release-digest-repo.js';
import { readReleaseStarts } from './require-enrolment.js';

/** The digest's job: hourly, once across processes; a learner's mail at most once a day either way. */
export const RELEASE_DIGEST_JOB = 'learning.release-digest';

/**
 * Mails each learner the lessons that opened for them since their last digest (or since they enrolled),
 * at most once per India date: that day's `release_digests` row is claimed in the transaction that queues
 * the mail, so two processes passing at once, a replay or a crash never mail twice (a crash rolls both
 * back and the next pass mails). A learner who turned the digest off, or whose account is not active, gets
 * none. Free previews open at once and are never in it. Returns how many digests were queued.
 */
export async function sendReleaseDigests(
  deps: Pick<AppDeps, 'db' | 'config' | 'mail'>,
  now = new Date(),
): Promise<number> {
  const { db } = deps;
  const enrolments = await findEnrolmentsWithReleases(db);
  const userIds = [...new Set(enrolments.map((row) => row.user_id))];
  const [users, optouts, lastDigests, lessons] = await Promise.all([
    findActiveUsersByIds(db, userIds),
    findDigestOptouts(db, userIds),
    findLastDigests(db, userIds),
    findLessonsOfCourses(db, [...new Set(enrolments.map((row) => row.course_id))]),
  ]);
  const secret = secretFor(deps.config, DIGEST_LINK_SECRET_NAME);
  const site = { publicUrl: deps.config.publicUrl, siteName: deps.config.siteName };
  const today = indiaDate(now);
  let queued = 0;
  for (const user of users) {
    if (optouts.has(user.id)) continue;
    const last = lastDigests.get(user.id);
    if (last && indiaDate(new Date(last)) === today) continue;
    const opened: OpenedLesson[] = [];
    for (const enrolment of enrolments.filter((row) => row.user_id === user.id)) {
      // Lessons open at enrolment are the course itself, not news: only what opened after it (and after the last digest).
      const since = Math.max(Date.parse(enrolment.granted_at), last ? Date.parse(last) : 0);
      const starts = await readReleaseStarts(db, user.id, enrolment.course_id, now);
      for (const lesson of lessons) {
        if (lesson.course_id !== enrolment.course_id || lesson.preview === 1) continue;
        const opens = releaseOpensAt(lessonRuleOf(lesson), starts);
        if (opens && opens.getTime() > since && opens <= now)
          opened.push({
            courseId: enrolment.course_id,
            courseTitle: enrolment.title,
            lessonId: lesson.id,
            lessonTitle: lesson.title,
          });
      }
    }
    if (opened.length === 0) continue;
    const mail = releaseDigestMail(
      site,
      { email: user.email, name: user.username },
      opened,
      digestUnsubscribeUrl(site.publicUrl, secret, user.id),
    );
    const sent = await db.transaction().execute(async (trx) => {
      if (!(await claimDigest(trx, user.id, today, now.toISOString()))) return false;
      await deps.mail.enqueue(mail, trx, now);
      return true;
    });
    if (sent) queued += 1;
  }
  if (queued > 0) deps.mail.kick();
  return queued;
}
