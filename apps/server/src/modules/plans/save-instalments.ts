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
  type OfferSubject,
  updateInstalmentPlan,
  withdrawInstalmentPlan,
} from './instalments-repo.js';
import { replacePlanCourses } from './repo.js';

/** The console's answer: the offer (null when none is on sale) and warnings that do not stop the save. */
export interface SavedInstalments {
  instalments: InstalmentOffer | null;
  warnings: string[];
}

const offerOf = (row: InstalmentPlanRow | undefined): InstalmentOffer | null =>
  row && row.published === 1 && row.total_count !== null
    ? { count: row.total_count, amount: row.price_paise / 100, planId: row.id }
    : null;

/** The course's or bundle's instalment offer on sale, or null (the course and bundle pages', the console's). */
export async function findInstalmentOffer(db: Db, subject: OfferSubject): Promise<InstalmentOffer | null> {
  return offerOf(await findInstalmentPlan(db, subject));
}

/**
 * What an offer sells as the console saves it. A course is read here; a bundle is passed in by the bundles
 * module, which asks plans (plans never read the bundles' tables). It is an OfferSubject too: the
 * repository reads only the course or bundle id.
 */
export type OfferedItem = { courseId: string } | { bundleId: string; title: string; courseIds: string[] };

const auditOf = (item: OfferedItem) =>
  'courseId' in item
    ? ({ action: 'course.instalments', entity: 'course', entityId: item.courseId } as const)
    : ({ action: 'bundle.instalments', entity: 'bundle', entityId: item.bundleId } as const);

async function itemSold(db: Db, item: OfferedItem): Promise<{ title: string; courseIds: string[] }> {
  if (!('courseId' in item)) return { title: item.title, courseIds: item.courseIds };
  const course = await findCourseRow(db, item.courseId);
  if (!course) throw new AppError('not_found', messages.courseNotFound);
  return { title: course.title, courseIds: [course.id] };
}

/**
 * The console offers a course or a bundle in `count` monthly payments of `amount` rupees (a hidden plan,
 * decision 0038), or withdraws the offer (`count: 0`). The plan row, its courses and the audit entry are
 * one transaction. The ₹15,000 warning is RBI's e-mandate rule, as for a membership plan.
 */
export async function saveInstalments(
  db: Db,
  actor: SessionUser,
  item: OfferedItem,
  input: AdminInstalmentsInput,
  now = new Date(),
): Promise<SavedInstalments> {
  const { title, courseIds } = await itemSold(db, item);
  if (input.count === 0) return removeInstalments(db, actor, item, now);
  const subject: OfferSubject = item;
  const amount = input.amount as number;
  const pricePaise = rupeesToPaise(amount);
  const planTitle = messages.instalmentsTitle.replace('{title}', title).replace('{count}', String(input.count));
  const stamp = now.toISOString();
  const before = offerOf(await findInstalmentPlan(db, subject));
  await changeWithAudit(
    db,
    actor,
    async (trx) => {
      await insertInstalmentPlan(trx, {
        id: newId(),
        subject,
        courseIds,
        title: planTitle,
        pricePaise,
        count: input.count,
        now: stamp,
      });
      const row = await findInstalmentPlan(trx, subject);
      if (!row) throw new Error(`instalment plan of ${JSON.stringify(subject)} was not made`);
      await updateInstalmentPlan(trx, row.id, { title: planTitle, pricePaise, count: input.count, now: stamp });
      await replacePlanCourses(trx, row.id, courseIds);
    },
    { ...auditOf(item), before, after: input },
    now,
  );
  const instalments = await findInstalmentOffer(db, subject);
  return { instalments, warnings: amount > MANDATE_EXTRA_AUTH_ABOVE_RUPEES ? [messages.planAboveMandateLimit] : [] };
}

/** Withdraws the course's or bundle's offer for new buyers (audit-logged); those paying already carry on. */
export async function removeInstalments(
  db: Db,
  actor: SessionUser,
  item: OfferedItem,
  now = new Date(),
): Promise<SavedInstalments> {
  await itemSold(db, item);
  const row = await findInstalmentPlan(db, item);
  await changeWithAudit(
    db,
    actor,
    async (trx) => {
      if (row) await withdrawInstalmentPlan(trx, row.id, now.toISOString());
    },
    { ...auditOf(item), before: offerOf(row), after: { count: 0 } },
    now,
  );
  return { instalments: null, warnings: [] };
}
