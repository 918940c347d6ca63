import { z } from 'zod';
import { objectId } from './common.js';
import { planPeriods } from './plan-requests.js';

export * from './plan-requests.js';

/** A plan as the shop shows it (`GET /api/plans`); prices in rupees like every API price. */
export const plan = z.object({
  id: objectId,
  title: z.string(),
  description: z.string(),
  thumb: z.string(),
  /** Rupees charged each period, GST included. */
  price: z.number().nonnegative(),
  period: z.enum(planPeriods),
  trialDays: z.number().int().nonnegative(),
  /** Every course, including those published later. */
  allCourses: z.boolean(),
  /** The included courses when not `allCourses` (empty when it is). */
  courseIds: z.array(objectId),
  liveSessions: z.boolean(),
  community: z.boolean(),
});
export type Plan = z.infer<typeof plan>;

export const planCourse = z.object({
  _id: objectId,
  title: z.string(),
  price: z.number().nonnegative(),
  thumb: z.string(),
});
export type PlanCourse = z.infer<typeof planCourse>;

/** One plan's page (`GET /api/plans/:id`): the plan and the published courses it includes now. */
export const planDetail = plan.extend({ courses: z.array(planCourse) });
export type PlanDetail = z.infer<typeof planDetail>;

/** `GET /api/plans?courseId=` lists the published plans that include that course (the course page's). */
export const plansQuery = z.object({ courseId: objectId.optional() });
export const plansResponse = z.object({ ok: z.literal(true), plans: z.array(plan) });
export type PlansResponse = z.infer<typeof plansResponse>;
export const planResponse = z.object({ ok: z.literal(true), plan: planDetail });
export type PlanResponse = z.infer<typeof planResponse>;

export const adminPlan = plan.extend({ published: z.boolean() });
export type AdminPlan = z.infer<typeof adminPlan>;
/**
 * The console's answer to a save: the plan, and warnings the owner should read (the ₹15,000 e-mandate
 * rule) that do not stop the save.
 */
export const adminPlanResponse = z.object({ ok: z.literal(true), plan: adminPlan, warnings: z.array(z.string()) });
export type AdminPlanResponse = z.infer<typeof adminPlanResponse>;
export const adminPlansResponse = z.object({ ok: z.literal(true), plans: z.array(adminPlan) });
export type AdminPlansResponse = z.infer<typeof adminPlansResponse>;
