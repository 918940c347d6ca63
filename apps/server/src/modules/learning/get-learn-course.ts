import { type LearnCourseResponse, messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { certificateIdOf } from '../certificates/find-certificates.js';
import { hasMembershipAccess } from '../subscriptions/index.js';
import { summariseProgress } from './course-progress.js';
import { courseStructure } from './course-structure.js';
import { signFileLink } from './file-links.js';
import { readProgress, readProgressIfEnrolled } from './player-repo.js';

/**
 * The player's course: sections, lessons with their content, the learner's signed file links and
 * ticks, and where they left off. The structure every learner shares is read once and kept with the
 * catalogue's answers; only the learner's own parts are added here.
 */
export async function getLearnCourse(
  deps: Pick<AppDeps, 'db' | 'catalogCache'>,
  linkSecret: string,
  caller: SessionUser | null,
  courseId: string,
  now = new Date(),
): Promise<LearnCourseResponse> {
  // As requireEnrolment: a visitor is asked to sign in, anyone not owning the course now is refused
  // (whether or not it exists); the ownership check and the ticks are one query.
  if (!caller) throw new AppError('unauthorized', messages.pleaseLogIn);
  // A member without an enrolment opens the course while the membership that includes it does.
  const rows =
    (await readProgressIfEnrolled(deps.db, caller.id, courseId)) ??
    ((await hasMembershipAccess(deps.db, caller.id, courseId, now))
      ? await readProgress(deps.db, caller.id, courseId)
      : null);
  if (!rows) throw new AppError('forbidden', messages.learnNotEnrolled);
  // Read after the check: only an owner's call may fill the cache for a course id.
  const structure = await courseStructure(deps, courseId);
  const byLesson = new Map(rows.map((row) => [row.lesson_id, row]));
  const progress = summariseProgress(structure.lessonSet, rows);
  // Only a finished course can have a certificate: the others' calls make no query for it.
  const finished = progress.total > 0 && progress.completed === progress.total;
  return {
    ok: true,
    course: { _id: courseId, ...structure.heading },
    sections: structure.sections.map((section) => ({
      id: section.id,
      title: section.title,
      lessons: section.lessons.map(({ files, ...lesson }) => {
        const row = byLesson.get(lesson.id);
        return {
          ...lesson,
          attachments: files.map((file) => ({
            name: file.name,
            fileUrl: signFileLink(linkSecret, file.id, caller.id, now),
          })),
          completed: Boolean(row?.completed_at),
          positionSeconds: row?.position_seconds ?? 0,
        };
      }),
    })),
    progress,
    certificateId: finished ? await certificateIdOf(deps.db, caller.id, courseId) : null,
  };
}
