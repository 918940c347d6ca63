import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { certificateIdOf } from '../certificates/find-certificates.js';
import { summariseProgress } from './course-progress.js';
import { courseStructure } from './course-structure.js';
import { signFileLink } from './file-links.js';
import { readProgressIfEnrolled } from './player-repo.js';

/**
 * The player's course, as the JSON text of a `LearnCourseResponse`: sections, lessons with their content
 * and the learner's ticks, and where they left off. The parts every learner shares come serialized with
 * the cached structure; only the learner's own are written here. Signed links hold only URL-safe
 * characters, so they go between quotes as they are. learn-api.test.ts holds the answer to the contract.
 */
export async function learnCourseJson(
  deps: Pick<AppDeps, 'db' | 'catalogCache'>,
  linkSecret: string,
  caller: SessionUser | null,
  courseId: string,
  now = new Date(),
): Promise<string> {
  // As requireEnrolment: a visitor is asked to sign in, anyone not owning the course now is refused
  // (whether or not it exists); the ownership check and the ticks are one query.
  if (!caller) throw new AppError('unauthorized', messages.pleaseLogIn);
  const user = caller;
  // On SQLite the read answers at once: awaiting it only when it is a promise saves the player's every
  // opening a turn of the microtask queue (decision 0033).
  const read = readProgressIfEnrolled(deps.db, user.id, courseId);
  const rows = read instanceof Promise ? await read : read;
  if (!rows) throw new AppError('forbidden', messages.learnNotEnrolled);
  // Read after the check: only an owner's call may fill the cache for a course id.
  const structure = await courseStructure(deps, courseId);
  const byLesson = new Map(rows.map((row) => [row.lesson_id, row]));
  const progress = summariseProgress(structure.lessonSet, rows);
  // Only a finished course can have a certificate: the others' calls make no query for it.
  const finished = progress.total > 0 && progress.completed === progress.total;
  const certificateId = finished ? await certificateIdOf(deps.db, user.id, courseId) : null;
  // One list of pieces joined once: the answer goes out as one flat string, not a tree of joined parts.
  const out: string[] = [];
  for (const piece of structure.json) {
    if (typeof piece === 'string') {
      out.push(piece);
      continue;
    }
    for (const file of piece.files) out.push(file.head, signFileLink(linkSecret, file.id, user.id, now), '"}');
    const row = byLesson.get(piece.id);
    out.push(
      row?.completed_at ? '],"completed":true,"positionSeconds":' : '],"completed":false,"positionSeconds":',
      String(row?.position_seconds ?? 0),
    );
  }
  out.push(JSON.stringify(progress), ',"certificateId":', JSON.stringify(certificateId), '}');
  return out.join('');
}
