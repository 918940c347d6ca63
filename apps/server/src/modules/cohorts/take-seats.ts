import type { Db, DbKind } from '../../db/database.js';
import { seatsLeft } from './cohort-view.js';
import { deleteMembersOfOrder, findCohort, insertMember, lockCohort } from './repo.js';

interface SeatLine {
  course_id: string;
  cohort_id: string | null;
}

const cohortIdsOf = (lines: readonly SeatLine[]) =>
  [...new Set(lines.flatMap((line) => (line.cohort_id ? [line.cohort_id] : [])))].sort();

/**
 * Takes the locks of the order's cohorts, in id order (so two orders never wait on each other), before
 * fulfilment counts their seats: of buyers racing for the last seat, one counts it free and takes it, and
 * the next counts it taken. Called in the fulfilling transaction after the buyer's and coupon's locks.
 */
export async function lockSeats(trx: Db, kind: DbKind, lines: readonly SeatLine[]): Promise<void> {
  for (const id of cohortIdsOf(lines)) await lockCohort(trx, kind, id);
}

/**
 * The titles of the order's cohorts with no seat left (or gone): such a paid order cannot be fulfilled and
 * is refunded (decision 0015). Enrolment having closed since the checkout does not count: the buyer started
 * paying while it was open.
 */
export async function fullCohortsOf(db: Db, lines: readonly SeatLine[]): Promise<string[]> {
  const full: string[] = [];
  for (const id of cohortIdsOf(lines)) {
    const cohort = await findCohort(db, id);
    if (!cohort) full.push('a cohort that no longer exists');
    else if (seatsLeft(cohort) === 0) full.push(cohort.title);
  }
  return full;
}

/** The buyer's seat in each cohort of the paid order, in the fulfilling transaction, under lockSeats' locks. */
export async function takeSeats(
  trx: Db,
  order: { id: string; userId: string; lines: readonly SeatLine[] },
  now: string,
): Promise<void> {
  for (const line of order.lines) {
    if (!line.cohort_id) continue;
    await insertMember(trx, {
      cohortId: line.cohort_id,
      userId: order.userId,
      courseId: line.course_id,
      orderId: order.id,
      now,
    });
  }
}

/** A refunded order gives its seats back. */
export function releaseSeats(trx: Db, orderId: string): Promise<void> {
  return deleteMembersOfOrder(trx, orderId);
}
