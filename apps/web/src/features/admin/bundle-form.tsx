import { type AdminBundleInput, type AdminBundlePatch, adminBundleInput } from '@shop/shared';
import { type FieldPath, useForm } from 'react-hook-form';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { schemaResolver } from '../../lib/schema-resolver';
import { AdminField } from './admin-field';
import { useListAdminCoursesQuery } from './api';
import { useSaveBundleMutation } from './bundles-api';
import { fieldMessagesOf } from './field-messages';

interface Props {
  id: string | null;
  initial: AdminBundleInput;
  /** After a save or a cancelled edit. */
  onDone: () => void;
}

/** Of a changed bundle, only what the owner changed (PATCH): a field left alone is not rewritten. */
function changedFields(
  values: AdminBundleInput,
  dirty: Partial<Record<keyof AdminBundleInput, unknown>>,
): AdminBundlePatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(values) as (keyof AdminBundleInput)[]) if (dirty[key]) patch[key] = values[key];
  return patch as AdminBundlePatch;
}

/** The console's bundle form: title, description, one price for the lot, its courses (2 or more), published. */
export function BundleForm({ id, initial, onDone }: Props) {
  const [save, { isLoading }] = useSaveBundleMutation();
  const { data: courses } = useListAdminCoursesQuery();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors, dirtyFields },
  } = useForm<AdminBundleInput>({ defaultValues: initial, resolver: schemaResolver(adminBundleInput) });
  const courseIds = watch('courseIds');
  // Only published courses can be bundled; one already in the bundle stays listed so it can be taken out.
  const choices = courses?.filter((course) => course.published || courseIds.includes(course.id));

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = id
        ? await save({ id, input: changedFields(values, dirtyFields) }).unwrap()
        : await save({ id: null, input: values }).unwrap();
      toast.success(`Bundle ${saved.title} is saved.`);
      reset(initial);
      onDone();
    } catch (error) {
      const fields = fieldMessagesOf(error) ?? {};
      for (const [name, message] of Object.entries(fields)) setError(name as FieldPath<AdminBundleInput>, { message });
      toast.error(errorMessage(error, 'The bundle could not be saved. Please try again.'));
    }
  });

  const toggleCourse = (courseId: string, on: boolean) =>
    setValue('courseIds', on ? [...courseIds, courseId] : courseIds.filter((other) => other !== courseId), {
      shouldDirty: true,
      shouldValidate: Boolean(errors.courseIds),
    });

  return (
    <form className="admin-form admin-panel" onSubmit={onSubmit} noValidate aria-labelledby="bundle-form-title">
      <h2 id="bundle-form-title">{id ? `Edit bundle ${initial.title}` : 'New bundle'}</h2>
      <AdminField id="bundle-title" label="Title" error={errors.title?.message}>
        {(describedBy, invalid) => (
          <input
            id="bundle-title"
            autoComplete="off"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...register('title')}
          />
        )}
      </AdminField>
      <AdminField id="bundle-description" label="Description" error={errors.description?.message}>
        {(describedBy, invalid) => (
          <textarea
            id="bundle-description"
            rows={4}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...register('description')}
          />
        )}
      </AdminField>
      <AdminField id="bundle-price" label="Price (₹, GST included)" error={errors.price?.message}>
        {(describedBy, invalid) => (
          <input
            id="bundle-price"
            type="number"
            min={0}
            step="0.01"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...register('price', { valueAsNumber: true })}
          />
        )}
      </AdminField>
      <fieldset
        className="admin-fieldset plan-course-choices"
        aria-describedby={errors.courseIds?.message ? 'bundle-courses-error' : undefined}
      >
        <legend>Courses (at least 2, published)</legend>
        {choices?.map((course) => (
          <div key={course.id} className="admin-check">
            <input
              id={`bundle-course-${course.id}`}
              type="checkbox"
              checked={courseIds.includes(course.id)}
              onChange={(event) => toggleCourse(course.id, event.target.checked)}
            />
            <label htmlFor={`bundle-course-${course.id}`}>
              {course.title}
              {course.published ? '' : ' (not published)'}
            </label>
          </div>
        ))}
        {errors.courseIds?.message && (
          <p id="bundle-courses-error" className="admin-error">
            Courses {errors.courseIds.message}
          </p>
        )}
      </fieldset>
      <div className="admin-check">
        <input id="bundle-published" type="checkbox" {...register('published')} />
        <label htmlFor="bundle-published">Published: on sale, with its own page</label>
      </div>
      <div className="admin-actions">
        <button type="submit" className="btn" disabled={isLoading}>
          {id ? 'Save bundle' : 'Create bundle'}
        </button>
        {id && (
          <button type="button" className="btn btn-outline" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
