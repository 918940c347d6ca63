import { z } from 'zod';
import { objectId } from './common.js';

/** A downloadable file of a course: the link is signed for the signed-in learner and expires. */
export const courseFile = z.object({
  name: z.string(),
  fileUrl: z.string(),
});

/**
 * One 'Watch Video N' button (issue 32): a video lesson of the course. With a video of our own it opens
 * in our protected player (watermark, progress) and its link is not sent; else `videoLink` is its link.
 */
export const enrolledVideo = z.object({
  lessonId: objectId,
  title: z.string(),
  ownVideo: z.boolean(),
  videoLink: z.string(),
});
export type EnrolledVideo = z.infer<typeof enrolledVideo>;

export const enrolledCourse = z.object({
  _id: objectId,
  title: z.string(),
  thumb: z.string(),
  files: z.array(courseFile),
  /** The course's video lessons in reading order, one 'Watch Video N' button each (a course with none has none). */
  videos: z.array(enrolledVideo),
  /** Issue 14: how far the learner is, for the card's percentage and its 'Continue' button. */
  progress: z.object({ completed: z.number().int(), total: z.number().int(), percent: z.number().int() }),
  /** The learner's certificate of this course (its public id), once every lesson is complete. */
  certificateId: z.string().nullable(),
});
export type EnrolledCourse = z.infer<typeof enrolledCourse>;

export const enrolledCoursesResponse = z.object({ ok: z.literal(true), courses: z.array(enrolledCourse) });
export type EnrolledCoursesResponse = z.infer<typeof enrolledCoursesResponse>;

// Issue 14: the course player.
export const lessonKind = z.enum(['video', 'text', 'file']);
export type LessonKind = z.infer<typeof lessonKind>;

export const learnParams = z.object({ courseId: objectId });
export const lessonProgressParams = z.object({ courseId: objectId, lessonId: objectId });

/** A learner's standing in one course. `lastLessonId` is null until a lesson was opened. */
export const courseProgress = z.object({
  completed: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  percent: z.number().int().min(0).max(100),
  lastLessonId: objectId.nullable(),
  lastPositionSeconds: z.number().int().nonnegative(),
});
export type CourseProgress = z.infer<typeof courseProgress>;

/**
 * A lesson as its enrolled learner gets it: content included, attachments on signed links. A lesson not
 * open yet (issue 35) says when it opens and carries its title, kind and duration only: its content, video
 * and files are absent until then.
 */
export const learnLesson = z.object({
  id: objectId,
  title: z.string(),
  kind: lessonKind,
  duration: z.string(),
  preview: z.boolean(),
  /** When it opens for this learner (ISO 8601 in India time), or null when open now. */
  availableAt: z.string().nullable(),
  /** Markdown. */
  content: z.string().optional(),
  /** Today a YouTube link; empty when the lesson has no video. */
  videoLink: z.string().optional(),
  /** The lesson has a ready video of its own (issue 15): its stream comes from the playback call. */
  ownVideo: z.boolean().optional(),
  attachments: z.array(courseFile).optional(),
  completed: z.boolean(),
  positionSeconds: z.number().int().nonnegative(),
});
export type LearnLesson = z.infer<typeof learnLesson>;

export const learnSection = z.object({ id: objectId, title: z.string(), lessons: z.array(learnLesson) });
export type LearnSection = z.infer<typeof learnSection>;

export const learnCourseResponse = z.object({
  ok: z.literal(true),
  course: z.object({ _id: objectId, title: z.string(), thumb: z.string(), instructor: z.string() }),
  sections: z.array(learnSection),
  progress: courseProgress,
  /** The learner's certificate of this course (its public id), once every lesson is complete. */
  certificateId: z.string().nullable(),
});
export type LearnCourseResponse = z.infer<typeof learnCourseResponse>;

/** Saving twice is saving once; `completed: false` never takes a completion back. */
export const saveProgressInput = z.object({
  positionSeconds: z
    .number()
    .int()
    .min(0)
    .max(24 * 60 * 60),
  completed: z.boolean(),
});
export type SaveProgressInput = z.infer<typeof saveProgressInput>;

export const saveProgressResponse = z.object({
  ok: z.literal(true),
  lessonId: objectId,
  completed: z.boolean(),
  positionSeconds: z.number().int().nonnegative(),
  progress: courseProgress,
  /** Set once every lesson is complete: the certificate this save issued, or the one issued before. */
  certificateId: z.string().nullable(),
});
export type SaveProgressResponse = z.infer<typeof saveProgressResponse>;

/** What a visitor may play from the course page: the preview lessons only, nothing else of the course's content. */
export const previewLesson = z.object({
  id: objectId,
  title: z.string(),
  duration: z.string(),
  videoLink: z.string(),
  /** A stream of our own (issue 15), played instead of the YouTube link. */
  ownVideo: z.boolean(),
  /** The lesson's body: a preview lesson's is free to read; no other lesson's is ever sent here. */
  content: z.string(),
  /** The lesson's place in the course's curriculum list. */
  index: z.number().int().nonnegative(),
});
export type PreviewLesson = z.infer<typeof previewLesson>;
export const previewLessonsResponse = z.object({ ok: z.literal(true), lessons: z.array(previewLesson) });
export type PreviewLessonsResponse = z.infer<typeof previewLessonsResponse>;
