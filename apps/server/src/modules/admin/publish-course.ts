import type { AdminCourse } from '@shop/shared';
import { changeWithAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { AppDeps } from '../../deps.js';
import { setCoursePublished } from '../courses/index.js';
import { loadCourse } from './course-record.js';

/** Shows or hides a course in the catalogue; its buyers keep it either way (enrolments are untouched). */
export async function publishCourse(
  deps: Pick<AppDeps, 'db' | 'catalogCache'>,
  actor: SessionUser,
  id: string,
  published: boolean,
  now = new Date(),
): Promise<AdminCourse> {
  const before = await loadCourse(deps.db, id);
  await changeWithAudit(
    deps.db,
    actor,
    (trx) => setCoursePublished(trx, id, published, now.toISOString()),
    {
      action: published ? 'course.publish' : 'course.unpublish',
      entity: 'course',
      entityId: id,
      before: { published: before.published },
      after: { published },
    },
    now,
  );
  deps.catalogCache.invalidate();
  return loadCourse(deps.db, id);
}
