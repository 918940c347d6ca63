import { z } from 'zod';
import { levels } from '../field-rules.js';
import { objectId } from './common.js';

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
export const getCourseResponse = z.object({ ok: z.literal(true), course });
export type GetCourseResponse = z.infer<typeof getCourseResponse>;

/** What `course:import` and the seed accept: the API shape with an optional id and the price in rupees. */
export const courseInput = z.object({
  _id: objectId.optional(),
  title: z.string().trim().min(3).max(200),
  thumb: z.string().trim().min(1).max(500),
  tag: z.string().trim().min(1).max(50),
  rating: z.number().min(0).max(5).default(4.5),
  instructor: z.string().trim().min(1).max(120),
  price: z
    .number()
    .nonnegative()
    .max(10_000_000)
    .refine((rupees) => Number.isInteger(Math.round(rupees * 100 * 1e6) / 1e6), 'must have at most two decimals'),
  level: z.enum(levels),
  videoLink: z.string().trim().max(500).default(''),
  students: z.number().int().nonnegative().default(0),
  courseDescription: z.string().max(20_000).default(''),
  description: z.string().max(20_000).default(''),
  whatYoullLearn: z.array(z.string().trim().min(1).max(300)).max(50).default([]),
  curriculum: z.array(curriculumItem).max(200).default([]),
  createdAt: z.iso.datetime().optional(),
});
export type CourseInput = z.infer<typeof courseInput>;
