import * as zm from 'zod/mini';
import { OBJECT_ID } from '../field-rules.js';
import { courseFields } from './course-fields.js';

/*
 * The console's plan form (issue 34), in zod/mini alone like every form's request (form-requests.ts): the
 * form page bundles this file whole, and classic zod beside mini cost it 16 KB gzip.
 */

/** A course's id, as common.ts's `objectId` checks it (that one is classic zod). */
const courseId = zm.string().check(zm.regex(OBJECT_ID, 'must be a 24-character id'));

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
  courseIds: zm.array(courseId).check(
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
