import { z } from 'zod';
import * as zm from 'zod/mini';
import { objectId } from './common.js';
import { courseFields } from './course-fields.js';

/** How often a plan charges: Razorpay's `period` + `interval` (monthly, 3-monthly, yearly). */
export const planPeriods = ['month', 'quarter', 'year'] as const;
export type PlanPeriod = (typeof planPeriods)[number];

/** The most courses one plan may list (a plan for more takes "every course"). */
export const MAX_PLAN_COURSES = 100;
/** The longest free trial a plan may give. */
export const MAX_TRIAL_DAYS = 90;
/**
 * RBI's e-mandate rule: a recurring debit above ₹15,000 needs the customer's extra authentication each
 * time, so the console warns when a plan charges more.
 */
export const MANDATE_EXTRA_AUTH_ABOVE_RUPEES = 15_000;

/**
 * The console's plan form (issue 34): price in rupees per period, GST-inclusive like a course's. A plan
 * includes either every course (future ones too) or the listed courses, at least one.
 */
export const adminPlanFields = {
  title: courseFields.title,
  description: courseFields.description,
  /** Optional: without it the plan shows the shop's own membership picture. */
  thumb: zm.optional(courseFields.thumb),
  price: courseFields.price.check(zm.refine((rupees) => rupees >= 1, 'must be at least ₹1.00')),
  period: zm.enum(planPeriods, { error: 'must be month, quarter or year' }),
  trialDays: zm
    .number({ error: 'must be a whole number of days' })
    .check(
      zm.int('must be a whole number of days'),
      zm.minimum(0, 'must not be negative'),
      zm.maximum(MAX_TRIAL_DAYS, `must be at most ${MAX_TRIAL_DAYS} days`),
    ),
  allCourses: zm.boolean({ error: 'must be true or false' }),
  courseIds: zm.array(objectId).check(
    zm.maxLength(MAX_PLAN_COURSES, `must list at most ${MAX_PLAN_COURSES} courses`),
    zm.refine((ids) => new Set(ids).size === ids.length, 'must not list a course twice'),
  ),
  liveSessions: zm.boolean({ error: 'must be true or false' }),
  community: zm.boolean({ error: 'must be true or false' }),
  published: zm.boolean({ error: 'must be true or false' }),
};
export const adminPlanInput = zm.object(adminPlanFields);
export type AdminPlanInput = zm.infer<typeof adminPlanInput>;

/** PATCH: any of the form's fields; those left out stay as they are. */
export const adminPlanPatch = zm.partial(adminPlanInput);
export type AdminPlanPatch = zm.infer<typeof adminPlanPatch>;

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
