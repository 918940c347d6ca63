import { type AdminCourseInput, levels, messages, planPaths } from '@shop/shared';
import { lazy, Suspense, useEffect } from 'react';
import { type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { Link, useParams } from 'wouter';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useNavigate } from '../../lib/navigation';
import { AdminField } from './admin-field';
import { useGetAdminCourseQuery, useSaveCourseMutation } from './api';
import { type CourseFormValues, courseResolver, emptyCourse, toFormField, toFormValues } from './course-form-values';
import { CurriculumEditor } from './curriculum-editor';
import { fieldMessagesOf } from './field-messages';
import { TextListEditor } from './text-list-editor';
import { ThumbnailField } from './thumbnail-field';

/**
 * What only an existing course shows (the sections-and-lessons editor with the video upload, the course's
 * files) is its own chunk: the course form does not wait for it (decision 0026).
 */
const StructureEditor = lazy(() => import('./structure-editor').then((m) => ({ default: m.StructureEditor })));
const CourseFilesSection = lazy(() =>
  import('./course-files-section').then((m) => ({ default: m.CourseFilesSection })),
);
const CohortsSection = lazy(() => import('./cohorts-section').then((m) => ({ default: m.CohortsSection })));
const InstalmentsBox = lazy(() => import('./instalments-box').then((m) => ({ default: m.InstalmentsBox })));

export function CourseEditorPage() {
  const { id } = useParams();
  const { data: course, isError } = useGetAdminCourseQuery(id ?? '', { skip: !id });
  if (id && isError) return <p className="state-message">{messages.adminCourseMissing}</p>;
  if (id && !course) return <p className="state-message">{messages.loading}</p>;
  return (
    <>
      <CourseForm id={id ?? null} initial={course ? toFormValues(course) : emptyCourse} />
      {id && (
        <Suspense fallback={<p className="state-message">{messages.loading}</p>}>
          <StructureEditor courseId={id} />
          <CourseFilesSection courseId={id} />
          <InstalmentsBox target={{ path: planPaths.adminCourseInstalments, id }} />
          <CohortsSection courseId={id} />
        </Suspense>
      )}
    </>
  );
}

function CourseForm({ id, initial }: { id: string | null; initial: CourseFormValues }) {
  const navigate = useNavigate();
  const [save, { isLoading }] = useSaveCourseMutation();
  const form = useForm<CourseFormValues, unknown, AdminCourseInput>({
    defaultValues: initial,
    resolver: courseResolver,
  });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    control,
    reset,
    formState: { errors },
  } = form;
  useEffect(() => reset(initial), [initial, reset]);
  const learn = useFieldArray({ control, name: 'whatYoullLearn' });
  const curriculum = useFieldArray({ control, name: 'curriculum' });
  const videos = useFieldArray({ control, name: 'lessonVideos' });

  const onSubmit = handleSubmit(async (checked) => {
    try {
      const { curriculum, lessonVideos, ...fields } = checked;
      // Never sent for a saved course (the field arrays may still hold an empty list): an empty
      // curriculum would delete its lessons. Its lessons are the section editor's.
      const input: AdminCourseInput = id ? fields : { ...fields, curriculum, lessonVideos };
      const saved = await save({ id, input }).unwrap();
      // A new course starts unpublished: the operator must not think it is already for sale.
      if (saved.published) toast.success(messages.adminCourseSaved.replace('{title}', saved.title));
      else toast.info(messages.adminCourseSavedHidden.replace('{title}', saved.title), 8000);
      if (!id) await navigate(`/admin/courses/${saved.id}`, { replace: true });
    } catch (error) {
      const fields = fieldMessagesOf(error) ?? {};
      for (const [name, message] of Object.entries(fields)) {
        setError(toFormField(name) as FieldPath<CourseFormValues>, { message });
      }
      toast.error(errorMessage(error, 'The course could not be saved. Please try again.'));
    }
  });

  const text = (name: 'title' | 'tag' | 'instructor' | 'videoLink', label: string, hint?: string) => (
    <AdminField id={`course-${name}`} label={label} hint={hint} error={errors[name]?.message}>
      {(describedBy, invalid) => (
        <input
          id={`course-${name}`}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...register(name)}
        />
      )}
    </AdminField>
  );
  const number = (
    name: 'price',
    label: string,
    limits: { step: string; min: string; max?: string; inputMode?: 'decimal' },
  ) => (
    <AdminField id={`course-${name}`} label={label} error={errors[name]?.message}>
      {(describedBy, invalid) => (
        <input
          id={`course-${name}`}
          type="number"
          {...limits}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...register(name, { valueAsNumber: true })}
        />
      )}
    </AdminField>
  );

  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate aria-labelledby="course-form-title">
      <div className="admin-heading">
        <h1 id="course-form-title">{id ? 'Edit course' : 'New course'}</h1>
        <Link to="/admin/courses">Back to courses</Link>
      </div>
      {text('title', 'Title')}
      <div className="admin-grid">
        {text('tag', 'Category tag', 'Shown on the course card, e.g. “Options”.')}
        {text('instructor', 'Instructor')}
        {number('price', 'Price in rupees', { step: '0.01', min: '0', inputMode: 'decimal' })}
        <AdminField id="course-level" label="Level" error={errors.level?.message}>
          {(describedBy) => (
            <select id="course-level" aria-describedby={describedBy} {...register('level')}>
              {levels.map((level) => (
                <option key={level}>{level}</option>
              ))}
            </select>
          )}
        </AdminField>
      </div>
      {text(
        'videoLink',
        'Preview video link (optional)',
        'A YouTube link, e.g. https://www.youtube.com/watch?v=…. Left empty, the course page plays the first free-preview lesson of your own video.',
      )}
      <ThumbnailField
        value={watch('thumb')}
        error={errors.thumb?.message ? 'Please upload a thumbnail image.' : undefined}
        onChange={(thumb) => setValue('thumb', thumb, { shouldDirty: true, shouldValidate: true })}
      />
      <AdminField id="course-short" label="Short description" error={errors.courseDescription?.message}>
        {(describedBy) => (
          <textarea id="course-short" rows={3} aria-describedby={describedBy} {...register('courseDescription')} />
        )}
      </AdminField>
      <AdminField id="course-description" label="Full description" error={errors.description?.message}>
        {(describedBy) => (
          <textarea id="course-description" rows={6} aria-describedby={describedBy} {...register('description')} />
        )}
      </AdminField>
      <TextListEditor
        form={form}
        array={learn}
        name="whatYoullLearn"
        legend="What you’ll learn"
        itemLabel="Point"
        addLabel="Add a point"
      />
      {/* A saved course's lessons are edited in Sections and lessons below; a new one starts from this list. */}
      {!id && <CurriculumEditor form={form} array={curriculum} />}
      {!id && (
        <TextListEditor
          form={form}
          array={videos}
          name="lessonVideos"
          legend="Lesson videos (for buyers only)"
          itemLabel="Video"
          addLabel="Add a lesson video"
          hint="YouTube links shown on the buyers’ Enrolled Courses page, in this order."
        />
      )}
      <div className="admin-check">
        <input id="course-published" type="checkbox" {...register('published')} />
        <label htmlFor="course-published">Published: show this course on the shop</label>
      </div>
      <button type="submit" className="btn" disabled={isLoading}>
        {isLoading ? 'Saving…' : 'Save course'}
      </button>
    </form>
  );
}
