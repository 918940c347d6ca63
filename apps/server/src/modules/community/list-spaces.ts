import type { CommunitySpace } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { countUnread, findAllSpaces, findBanInForce, findSpaceOwners, insertMissingSpaces } from './repo.js';
import { isMemberOf } from './space-access.js';

/**
 * Every published course and every membership plan with the community has its space, made the first time
 * anyone lists spaces after the course or plan exists (one per course or plan: the unique columns).
 * Answers every space; the spaces are read again only when some were just made.
 */
async function ensureSpaces(db: Db, now: Date) {
  const { courses, plans } = await findSpaceOwners(db);
  const known = await findAllSpaces(db);
  const courseIds = new Set(known.map((space) => space.course_id));
  const planIds = new Set(known.map((space) => space.plan_id));
  const missing = [
    ...courses.filter((c) => !courseIds.has(c.id)).map((c) => ({ courseId: c.id, title: c.title })),
    ...plans.filter((p) => !planIds.has(p.id)).map((p) => ({ planId: p.id, title: p.title })),
  ];
  if (missing.length === 0) return known;
  await insertMissingSpaces(db, missing, now);
  return findAllSpaces(db);
}

/** The caller's spaces (the operator's: all), each with its unread count; a ban hides the space. */
export async function listSpaces(db: Db, user: SessionUser, now = new Date()): Promise<CommunitySpace[]> {
  const mine = [];
  for (const space of await ensureSpaces(db, now)) {
    if (user.role === 'admin') {
      mine.push(space);
      continue;
    }
    if (!(await isMemberOf(db, user.id, space, now))) continue;
    if ((await findBanInForce(db, space.id, user.id, now))?.kind === 'ban') continue;
    mine.push(space);
  }
  const unread = await countUnread(
    db,
    user.id,
    mine.map((space) => space.id),
  );
  return mine.map((space) => ({
    id: space.id,
    title: space.title,
    courseId: space.course_id,
    planId: space.plan_id,
    unread: unread.get(space.id) ?? 0,
  }));
}
