import { type AdminCourse, type AdminCourseInput, adminCourseInput } from '@shop/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** The form keeps list items as objects (what useFieldArray needs); the API takes plain strings. */
export type CourseFormValues = Omit<AdminCourseInput, 'whatYoullLearn' | 'lessonVideos'> & {
  whatYoullLearn: { text: string }[];
  lessonVideos?: { text: string }[];
};

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

/** Validates with the same schema the server uses, so the form and the API never disagree. */
export const courseResolver: Resolver<CourseFormValues> = async (values) => {
  const parsed = adminCourseInput.safeParse(toCourseInput(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const name = toFormField(issue.path.map(String).join('.'));
    errors[name] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: nestErrors(errors) };
};

function nestErrors(flat: Record<string, { type: string; message: string }>): FieldErrors<CourseFormValues> {
  const root: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const keys = path.split('.');
    let node = root;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = error;
      else {
        node[key] ??= {};
        node = node[key] as Record<string, unknown>;
      }
    });
  }
  return root as FieldErrors<CourseFormValues>;
}
