import { z } from 'zod';
import { messages } from '../messages.js';
import type { adminCourseStructure } from './admin-answers.js';
import { objectId } from './common.js';
import { youTubeLink } from './course-fields.js';
import { lessonKind } from './learning.js';
import { releaseInput } from './lesson-release.js';

const required = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/**
 * One lesson as the console (and `course:import`) writes it. A lesson without an id is new; one
 * with an id keeps it wherever it moves, so learners' progress on it survives moves and renames.
 */
export const structureLessonInput = z
  .object({
    id: objectId.optional(),
    title: required(200),
    kind: z.enum(lessonKind.options, { error: 'must be video, text or file' }),
    duration: z.string().trim().max(50, 'must be at most 50 characters').default(''),
    /**
     * The public description the course page's curriculum shows to anyone. As long as a curriculum
     * item's description may be (the old course form writes it here), though one line is the idea.
     */
    summary: z.string().trim().max(5000, 'must be at most 5,000 characters').default(''),
    /** The body, for enrolled learners only: Markdown, rendered safely by the player. */
    content: z.string().max(50_000, 'must be at most 50,000 characters').default(''),
    /**
     * A video lesson plays the owner's uploaded video (uploaded apart from this save) or this link,
     * either one (issue 32): neither is required here, and an uploaded video is played before a link.
     */
    videoLink: z.union([z.literal(''), youTubeLink]).default(''),
    preview: z.boolean({ error: 'must be true or false' }).default(false),
    /** Course files attached to the lesson, in the order learners see them. */
    fileIds: z.array(objectId).max(50, 'must have at most 50 files').default([]),
    /** When learners may open it (issue 35); absent is at once, or as its section says. */
    release: releaseInput.optional(),
  })
  .superRefine((lesson, ctx) => {
    if (lesson.kind !== 'video' && lesson.videoLink)
      ctx.addIssue({
        code: 'custom',
        path: ['videoLink'],
        message: 'is for video lessons only; choose Video or clear it',
      });
    if (new Set(lesson.fileIds).size !== lesson.fileIds.length)
      ctx.addIssue({ code: 'custom', path: ['fileIds'], message: messages.structureDuplicateId });
  });
export type StructureLessonInput = z.infer<typeof structureLessonInput>;

export const structureSectionInput = z.object({
  id: objectId.optional(),
  title: required(200),
  /** The release of its lessons that set none of their own (issue 35); absent is at once. */
  release: releaseInput.optional(),
  lessons: z.array(structureLessonInput).max(200, 'must have at most 200 lessons'),
});

/** A course's whole structure, written at once: ordered sections of ordered lessons. */
export const courseStructureSections = z
  .array(structureSectionInput)
  .max(100, 'must have at most 100 sections')
  .superRefine((sections, ctx) => {
    const seen = new Set<string>();
    const once = (id: string | undefined, path: (string | number)[]) => {
      if (!id) return;
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [...path, 'id'], message: messages.structureDuplicateId });
      seen.add(id);
    };
    sections.forEach((section, s) => {
      once(section.id, [s]);
      section.lessons.forEach((lesson, l) => {
        once(lesson.id, [s, 'lessons', l]);
      });
    });
    const total = sections.reduce((sum, section) => sum + section.lessons.length, 0);
    if (total > 500) ctx.addIssue({ code: 'custom', path: [], message: 'must have at most 500 lessons in all' });
  });

export const courseStructureInput = z.object({ sections: courseStructureSections });
export type CourseStructureInput = z.infer<typeof courseStructureInput>;

/** What the console reads back: the same shape with every id, and which lessons learners have begun. */
export type AdminCourseStructure = z.infer<typeof adminCourseStructure>;
export type AdminStructureSection = AdminCourseStructure['sections'][number];
export type AdminStructureLesson = AdminStructureSection['lessons'][number];
