import {
  type AdminPlan,
  type AdminPlanInput,
  type AdminPlanPatch,
  MANDATE_EXTRA_AUTH_ABOVE_RUPEES,
  messages,
  rupeesToPaise,
} from '@shop/shared';
import { changeWithAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { findPublishedCourseIds } from '../courses/index.js';
import { toAdminPlan, withCourses } from './read-plans.js';
import { findAllPlanRows, findMembershipPlanRow, insertPlan, replacePlanCourses, updatePlan } from './repo.js';

/** A saved plan and what the owner should read about it (the save went through). */
export interface SavedPlan {
  plan: AdminPlan;
  warnings: string[];
}

async function loadAdminPlan(db: Db, id: string): Promise<AdminPlan> {
  const row = await findMembershipPlanRow(db, id);
  if (!row) throw new AppError('not_found', messages.planNotFound);
  const [loaded] = await withCourses(db, [row]);
  return toAdminPlan(loaded as NonNullable<typeof loaded>);
}

/** Every plan, published or not, for the console. */
export async function listAdminPlans(db: Db): Promise<AdminPlan[]> {
  return (await withCourses(db, await findAllPlanRows(db))).map(toAdminPlan);
}

/** A plan of every course lists none; one of chosen courses lists 1 at least, every one published. */
async function checkCourses(db: Db, allCourses: boolean, courseIds: string[]): Promise<void> {
  if (allCourses) return;
  const published = await findPublishedCourseIds(db, courseIds);
  if (courseIds.length === 0 || courseIds.some((id) => !published.has(id))) {
    throw new AppError('bad_request', `courseIds ${messages.planNeedsCourses}`, {
      courseIds: messages.planNeedsCourses,
    });
  }
}

/** RBI's e-mandate rule: above ₹15,000 a charge, every debit needs the member's extra authentication. */
function warningsFor(plan: AdminPlan): string[] {
  return plan.price > MANDATE_EXTRA_AUTH_ABOVE_RUPEES ? [messages.planAboveMandateLimit] : [];
}

/** The console creates a plan; the row, its courses and the audit entry are one transaction. */
export async function createPlan(
  db: Db,
  actor: SessionUser,
  input: AdminPlanInput,
  now = new Date(),
): Promise<SavedPlan> {
  await checkCourses(db, input.allCourses, input.courseIds);
  const id = newId();
  const stamp = now.toISOString();
  await changeWithAudit(
    db,
    actor,
    async (trx) => {
      await insertPlan(trx, {
        id,
        title: input.title,
        description: input.description,
        thumb: input.thumb ?? null,
        price_paise: rupeesToPaise(input.price),
        period: input.period,
        trial_days: input.trialDays,
        all_courses: input.allCourses ? 1 : 0,
        live_sessions: input.liveSessions ? 1 : 0,
        community: input.community ? 1 : 0,
        published: input.published ? 1 : 0,
        created_at: stamp,
        updated_at: stamp,
      });
      await replacePlanCourses(trx, id, input.allCourses ? [] : input.courseIds);
    },
    { action: 'plan.create', entity: 'plan', entityId: id, before: null, after: input },
    now,
  );
  const plan = await loadAdminPlan(db, id);
  return { plan, warnings: warningsFor(plan) };
}

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

/**
 * The console changes some of a plan's fields; the others stay. A new price or period applies to new
 * members only: it counts a new `price_version`, for which the subscriptions make a new gateway plan.
 */
export async function updatePlanFields(
  db: Db,
  actor: SessionUser,
  id: string,
  patch: AdminPlanPatch,
  now = new Date(),
): Promise<SavedPlan> {
  const before = await loadAdminPlan(db, id);
  const allCourses = patch.allCourses ?? before.allCourses;
  const courseIds = patch.courseIds ?? before.courseIds;
  if (patch.allCourses !== undefined || patch.courseIds !== undefined) await checkCourses(db, allCourses, courseIds);
  const pricePaise = patch.price === undefined ? undefined : rupeesToPaise(patch.price);
  const repriced =
    (pricePaise !== undefined && pricePaise !== rupeesToPaise(before.price)) ||
    (patch.period !== undefined && patch.period !== before.period);
  const columns = Object.fromEntries(
    Object.entries({
      title: patch.title,
      description: patch.description,
      thumb: patch.thumb,
      price_paise: pricePaise,
      period: patch.period,
      trial_days: patch.trialDays,
      all_courses: flag(patch.allCourses),
      live_sessions: flag(patch.liveSessions),
      community: flag(patch.community),
      published: flag(patch.published),
    }).filter(([, value]) => value !== undefined),
  );
  await changeWithAudit(
    db,
    actor,
    async (trx) => {
      await updatePlan(trx, id, { ...columns, updated_at: now.toISOString() }, repriced);
      if (patch.allCourses !== undefined || patch.courseIds !== undefined)
        await replacePlanCourses(trx, id, allCourses ? [] : courseIds);
    },
    { action: 'plan.update', entity: 'plan', entityId: id, before, after: patch },
    now,
  );
  const plan = await loadAdminPlan(db, id);
  return { plan, warnings: warningsFor(plan) };
}
