import { type AdminCohort, type adminCohortInput, indiaDate, messages } from '@shop/shared';
import type { z } from 'zod';
import { changeWithAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { findCourseRow } from '../courses/index.js';
import { adminCohortView } from './cohort-view.js';
import { insertCohort } from './repo.js';

/** A start and a last day of enrolment must not be past (India time): a cohort nobody can join is a mistake. */
export function checkCohortDates(fields: { startsOn?: string; enrolUntil?: string | null }, now: Date): void {
  const today = indiaDate(now);
  if (fields.startsOn !== undefined && fields.startsOn < today)
    throw new AppError('bad_request', messages.cohortStartInPast, { startsOn: messages.cohortStartInPast });
  if (fields.enrolUntil && fields.enrolUntil < today)
    throw new AppError('bad_request', messages.cohortEnrolUntilInPast, { enrolUntil: messages.cohortEnrolUntilInPast });
}

/**
 * The console adds a cohort to a course (audit-logged, row and entry one transaction). From then on the
 * course is sold by cohort: a buyer must pick one. The last day of enrolment may be after the start (late
 * joiners in the first weeks); the start and that day are today or later.
 */
export async function createCohort(
  deps: { db: Db; invalidateCatalogue: () => void },
  actor: SessionUser,
  courseId: string,
  input: z.output<typeof adminCohortInput>,
  now = new Date(),
): Promise<AdminCohort> {
  if (!(await findCourseRow(deps.db, courseId))) throw new AppError('not_found', messages.courseNotFound);
  checkCohortDates(input, now);
  const stamp = now.toISOString();
  const row = {
    id: newId(),
    course_id: courseId,
    title: input.title,
    starts_on: input.startsOn,
    seats: input.seats,
    enrol_until: input.enrolUntil,
    created_at: stamp,
    updated_at: stamp,
  };
  await changeWithAudit(
    deps.db,
    actor,
    (trx) => insertCohort(trx, row),
    { action: 'cohort.create', entity: 'cohort', entityId: row.id, before: null, after: { courseId, ...input } },
    now,
  );
  deps.invalidateCatalogue();
  return adminCohortView({ ...row, taken: 0 }, now);
}
