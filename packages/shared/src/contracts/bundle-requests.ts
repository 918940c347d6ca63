import * as zm from 'zod/mini';
import { OBJECT_ID } from '../field-rules.js';
import { courseFields } from './course-fields.js';

/*
 * The console's bundle form (issue 34), in zod/mini alone like every form's request (form-requests.ts):
 * the console's bundles page validates with the very schema the server's route declares.
 */

/** A course's id, as common.ts's `objectId` checks it (that one is classic zod). */
const courseId = zm.string().check(zm.regex(OBJECT_ID, 'must be a 24-character id'));

/** The most courses one bundle may hold. */
export const MAX_BUNDLE_COURSES = 50;

/** The console's bundle form: price in rupees, GST-inclusive like a course's; at least 2 published courses. */
export const adminBundleInput = zm.object({
  title: courseFields.title,
  description: courseFields.description,
  price: courseFields.price,
  courseIds: zm.array(courseId).check(
    zm.minLength(2, 'must list at least 2 published courses'),
    zm.maxLength(MAX_BUNDLE_COURSES, `must list at most ${MAX_BUNDLE_COURSES} courses`),
    zm.refine((ids) => new Set(ids).size === ids.length, 'must not list a course twice'),
  ),
  published: zm.boolean({ error: 'must be true or false' }),
});
export type AdminBundleInput = zm.infer<typeof adminBundleInput>;

/** PATCH: any of the form's fields; those left out stay as they are. */
export const adminBundlePatch = zm.partial(adminBundleInput);
export type AdminBundlePatch = zm.infer<typeof adminBundlePatch>;
