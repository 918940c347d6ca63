import { type AdminCourse, type AdminCourseInput, adminCourseInput } from '@shop/shared';
import type { UseFormReturn } from 'react-hook-form';
import { schemaResolver } from '../../lib/schema-resolver';

/** The form keeps list items as objects (what useFieldArray needs); the API takes plain strings. */
export type CourseFormValues = Omit<AdminCourseInput, 'whatYoullLearn' | 'lessonVideos'> & {
  whatYoullLearn: { text: string }[];
  lessonVideos?: { text: string }[];
};

/** The course form: its values, and the API's input once checked. */
export type CourseForm = UseFormReturn<CourseFormValues, unknown, AdminCourseInput>;

export const emptyCourse: CourseFormValues = {
  title: '',
  tag: '',
  instructor: '',
  price: 0,
  level: 'Beginner',
  videoLink: '',
  thumb: '',
  rating: 4.5,
  courseDescription: '',
  description: '',
  whatYoullLearn: [{ text: '' }],
  curriculum: [{ title: '', duration: '', content: '' }],
  lessonVideos: [],
  published: false,
};

export function toFormValues(course: AdminCourse): CourseFormValues {
  // A saved course's curriculum and lesson videos follow its lessons (the section editor): the form
  // neither shows nor sends them, so a save of the other fields leaves the lessons alone.
  const { id: _id, createdAt: _created, updatedAt: _updated, curriculum: _c, lessonVideos: _v, ...input } = course;
  return { ...input, whatYoullLearn: input.whatYoullLearn.map((text) => ({ text })) };
}

export function toCourseInput(values: CourseFormValues): AdminCourseInput {
  return {
    ...values,
    whatYoullLearn: values.whatYoullLearn.map((item) => item.text),
    lessonVideos: values.lessonVideos?.map((item) => item.text),
  };
}

/** Maps an API field name (`whatYoullLearn.2`) to the form's (`whatYoullLearn.2.text`). */
export function toFormField(name: string): string {
  return /^(whatYoullLearn|lessonVideos)\.\d+$/.test(name) ? `${name}.text` : name;
}

/**
 * Checked with the same schema the server uses, so the form and the API never disagree; the form submits
 * what the schema outputs, in the API's shape.
 */
export const courseResolver = schemaResolver<CourseFormValues, unknown, AdminCourseInput>(adminCourseInput, {
  toInput: toCourseInput,
  toField: toFormField,
});
