import type { AdminPlan, Plan, PlanCourse } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { findPlanCourses, type PlanCourseRow, type PlanRow } from './repo.js';

/** The shop's own picture for a plan that has none. */
export const DEFAULT_PLAN_THUMB = '/images/membership.svg';

export interface LoadedPlan {
  row: PlanRow;
  /** The listed courses, published or not (empty for a plan of every course). */
  courses: PlanCourseRow[];
}

/** The rows with their listed courses, in the rows' order. */
export async function withCourses(db: Db, rows: PlanRow[]): Promise<LoadedPlan[]> {
  const courses = await findPlanCourses(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ row, courses: courses.filter((course) => course.plan_id === row.id) }));
}

export function toPlan({ row, courses }: LoadedPlan): Plan {
  const allCourses = row.all_courses === 1;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    thumb: row.thumb ?? DEFAULT_PLAN_THUMB,
    price: row.price_paise / 100,
    period: row.period,
    trialDays: row.trial_days,
    allCourses,
    // What a member may open: a listed course taken off sale is not on offer, so it is not named.
    courseIds: allCourses ? [] : courses.filter((course) => course.published === 1).map((course) => course.id),
    liveSessions: row.live_sessions === 1,
    community: row.community === 1,
  };
}

export function toAdminPlan(plan: LoadedPlan): AdminPlan {
  return {
    ...toPlan(plan),
    // The console sees its own list whole, and no picture when it set none.
    thumb: plan.row.thumb ?? '',
    courseIds: plan.courses.map((course) => course.id),
    published: plan.row.published === 1,
  };
}

export function toPlanCourse(course: Pick<PlanCourseRow, 'id' | 'title' | 'price_paise' | 'thumb'>): PlanCourse {
  return { _id: course.id, title: course.title, price: course.price_paise / 100, thumb: course.thumb };
}
