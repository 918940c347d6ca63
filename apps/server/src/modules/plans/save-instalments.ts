import {
  type AdminInstalmentsInput,
  type InstalmentOffer,
  MANDATE_EXTRA_AUTH_ABOVE_RUPEES,
  messages,
  rupeesToPaise,
} from '@shop/shared';
import { changeWithAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { findCourseRow } from '../courses/index.js';
import {
  findInstalmentPlan,
  type InstalmentPlanRow,
  insertInstalmentPlan,
  updateInstalmentPlan,
  withdrawInstalmentPlan,
} from './instalments-repo.js';

/** The console's answer: the offer (null when none is on sale) and warnings that do not stop the save. */
export interface SavedInstalments {
  instalments: InstalmentOffer | null;
  warnings: string[];
}

const offerOf = (row: InstalmentPlanRow | undefined): InstalmentOffer | null =>
  row && row.published === 1 && row.total_count !== null
    ? { count: row.total_count, amount: row.price_paise / 100, planId: row.id }
    : null;

/** The course's instalment offer on sale, or null (the course page's and the console's). */
export async function findInstalmentOffer(db: Db, courseId: string): Promise<InstalmentOffer | null> {
  return offerOf(await findInstalmentPlan(db, courseId));
}

async function courseTitle(db: Db, courseId: string): Promise<string> {
  const course = await findCourseRow(db, courseId);
  if (!course) throw new AppError('not_found', messages.courseNotFound);
  return course.title;
}

/**
 * The console offers a course in `count` monthly payments of `amount` rupees (a hidden plan, decision
 * 0038), or withdraws the offer (`count: 0`). The plan row and the audit entry are one transaction. The
 * ₹15,000 warning is RBI's e-mandate rule, as for a membership plan.
 */
export async function saveInstalments(
  db: Db,
  actor: SessionUser,
  courseId: string,
  input: AdminInstalmentsInput,
  now = new Date(),
): Promise<SavedInstalments> {
  const title = await courseTitle(db, courseId);
  if (input.count === 0) return removeInstalments(db, actor, courseId, now);
  const amount = input.amount as number;
  const pricePaise = rupeesToPaise(amount);
  const planTitle = messages.instalmentsTitle.replace('{title}', title).replace('{count}', String(input.count));
  const stamp = now.toISOString();
  const before = offerOf(await findInstalmentPlan(db, courseId));
  await changeWithAudit(
    db,
    actor,
    async (trx) => {
      await insertInstalmentPlan(trx, {
        id: newId(),
        courseId,
        title: planTitle,
        pricePaise,
        count: input.count,
        now: stamp,
      });
      const row = await findInstalmentPlan(trx, courseId);
      if (!row) throw new Error(`instalment plan of ${courseId} was not made`);
      await updateInstalmentPlan(trx, row.id, { title: planTitle, pricePaise, count: input.count, now: stamp });
    },
    { action: 'course.instalments', entity: 'course', entityId: courseId, before, after: input },
    now,
  );
  const instalments = await findInstalmentOffer(db, courseId);
  return { instalments, warnings: amount > MANDATE_EXTRA_AUTH_ABOVE_RUPEES ? [messages.planAboveMandateLimit] : [] };
}

/** Withdraws the course's offer for new buyers (audit-logged); those paying already carry on. */
export async function removeInstalments(
  db: Db,
  actor: SessionUser,
  courseId: string,
  now = new Date(),
): Promise<SavedInstalments> {
  await courseTitle(db, courseId);
  const row = await findInstalmentPlan(db, courseId);
  await changeWithAudit(
    db,
    actor,
    async (trx) => {
      if (row) await withdrawInstalmentPlan(trx, row.id, now.toISOString());
    },
    { action: 'course.instalments', entity: 'course', entityId: courseId, before: offerOf(row), after: { count: 0 } },
    now,
  );
  return { instalments: null, warnings: [] };
}
