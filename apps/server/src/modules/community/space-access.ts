import { indiaIso, messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { mayOpenCourse } from '../learning/index.js';
import { hasPlanAccess } from '../subscriptions/index.js';
import { findBanInForce, findSpace, findSpaceOwners, type SpaceRow } from './repo.js';

/**
 * Who belongs to a space, asked afresh at every call so that an ended access closes the space at once:
 * a course's space, whoever may open the course now (bought, granted, or a member of a plan including it:
 * learning's `mayOpenCourse`, as live sessions ask); a plan's space, its members while the membership opens
 * its courses (subscriptions' `hasPlanAccess`); a space the operator added, anyone who may open any
 * published course now (any live enrolment or membership). The operator (the admin role) is in every space.
 */
export async function isMemberOf(db: Db, userId: string, space: SpaceRow, now: Date): Promise<boolean> {
  if (space.course_id) return mayOpenCourse(db, userId, space.course_id, now);
  if (space.plan_id) return hasPlanAccess(db, userId, space.plan_id, now);
  const { courses } = await findSpaceOwners(db);
  for (const course of courses) if (await mayOpenCourse(db, userId, course.id, now)) return true;
  return false;
}

export interface SpaceAccess {
  space: SpaceRow;
  operator: boolean;
  /** The end of the member's mute in this space, if muted now (reading is open, posting is not). */
  mutedUntil: string | null;
}

/**
 * The space, for a member: 404 for no such space, 403 for anyone not (or no longer) a member, or banned
 * from it. A visitor never gets here (401 from `requireUser`).
 */
export async function requireSpaceMember(db: Db, user: SessionUser, spaceId: string, now: Date): Promise<SpaceAccess> {
  const space = await findSpace(db, spaceId);
  if (!space) throw new AppError('not_found', messages.communitySpaceNotFound);
  if (user.role === 'admin') return { space, operator: true, mutedUntil: null };
  if (!(await isMemberOf(db, user.id, space, now))) throw new AppError('forbidden', messages.communityNotMember);
  const ban = await findBanInForce(db, space.id, user.id, now);
  if (ban?.kind === 'ban') throw new AppError('forbidden', messages.communityBanned);
  return { space, operator: false, mutedUntil: ban?.until ?? null };
}

/** As requireSpaceMember, and refused (403) while the member is muted there: for every post. */
export async function requireSpacePoster(db: Db, user: SessionUser, spaceId: string, now: Date): Promise<SpaceAccess> {
  const access = await requireSpaceMember(db, user, spaceId, now);
  if (access.mutedUntil)
    throw new AppError('forbidden', messages.communityMuted.replace('{until}', indiaIso(new Date(access.mutedUntil))));
  return access;
}
