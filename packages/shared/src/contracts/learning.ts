import { z } from 'zod';
import { objectId } from './common.js';

/** A downloadable file of a course: the link is signed for the signed-in learner and expires. */
export const courseFile = z.object({
  name: z.string(),
  fileUrl: z.string(),
});

export const enrolledCourse = z.object({
  _id: objectId,
  title: z.string(),
  thumb: z.string(),
  files: z.array(courseFile),
  /** The course's video links, one 'Watch Video N' button each. */
  downloadCourseLink: z.array(z.string()),
});
export type EnrolledCourse = z.infer<typeof enrolledCourse>;

export const enrolledCoursesResponse = z.object({ ok: z.literal(true), courses: z.array(enrolledCourse) });
export type EnrolledCoursesResponse = z.infer<typeof enrolledCoursesResponse>;
