import { z } from 'zod';
import { publicCohort } from './cohorts.js';
import { objectId } from './common.js';
import { courseFields } from './course-fields.js';
import { instalmentOffer } from './instalments.js';

export const curriculumItem = z.object({
  title: z.string().min(1).max(200),
  duration: z.string().max(50),
  content: z.string().max(5000),
});
export type CurriculumItem = z.infer<typeof curriculumItem>;

/** A course as the API sends it: the spec's field names, price in rupees. */
export const course = z.object({
  _id: objectId,
  title: z.string(),
  thumb: z.string(),
  tag: z.string(),
  review: z.string(),
  rating: z.number().min(0).max(5),
  instructor: z.string(),
  price: z.number().nonnegative(),
  level: z.string(),
  videoLink: z.string(),
  createdAt: z.string(),
  /** Learners enrolled now (issue 32): counted from the enrolments, never typed in. */
  students: z.number().int().nonnegative(),
  courseDescription: z.string(),
  description: z.string(),
  whatYoullLearn: z.array(z.string()),
  curriculum: z.array(curriculumItem),
});
export type Course = z.infer<typeof course>;

export const listCoursesQuery = z.object({
  q: z.string().trim().max(100).optional(),
});
/** What a course card shows: the list endpoint leaves out descriptions and curriculum. */
export const courseSummary = course.pick({
  _id: true,
  title: true,
  thumb: true,
  tag: true,
  review: true,
  rating: true,
  instructor: true,
  price: true,
  level: true,
  createdAt: true,
  students: true,
});
export type CourseSummary = z.infer<typeof courseSummary>;

export const listCoursesResponse = z.object({ ok: z.literal(true), courses: z.array(courseSummary) });
export type ListCoursesResponse = z.infer<typeof listCoursesResponse>;

export const courseParams = z.object({ id: objectId });
/**
 * One course's page (`GET /api/courses/:id`): the course, its instalment offer, if any (decision 0038), and
 * its cohorts open for enrolment (issue 35; empty for a self-paced course). `runsInCohorts` says the course
 * is sold by cohort even when none is open now, so the page does not offer it as self-paced.
 */
export const courseDetail = course.extend({
  instalments: instalmentOffer.nullable(),
  cohorts: z.array(publicCohort),
  runsInCohorts: z.boolean(),
});
export type CourseDetail = z.infer<typeof courseDetail>;
export const getCourseResponse = z.object({ ok: z.literal(true), course: courseDetail });
export type GetCourseResponse = z.infer<typeof getCourseResponse>;

/**
 * What `course:import` and the seed accept: the console's fields with their rules (course-fields.ts),
 * an optional id and creation date, and defaults for what a file may leave out. An older file's
 * `students` is dropped like any unknown key: the count comes from enrolments (issue 32). `published` and the
 * lesson videos are optional (left out, a new course is published and has none).
 */
export const courseInput = z.object({
  ...courseFields,
  _id: objectId.optional(),
  rating: z._default(courseFields.rating, 4.5),
  videoLink: z._default(courseFields.videoLink, ''),
  courseDescription: z._default(courseFields.courseDescription, ''),
  description: z._default(courseFields.description, ''),
  whatYoullLearn: z._default(courseFields.whatYoullLearn, []),
  curriculum: z._default(z.nonoptional(courseFields.curriculum), []),
  published: z.optional(courseFields.published),
  createdAt: z.iso.datetime().optional(),
});
export type CourseInput = z.infer<typeof courseInput>;
