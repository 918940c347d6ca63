import { type AdminBundleInput, adminBundleInput } from '@shop/shared';
import { useForm } from 'react-hook-form';
import { toast } from '../../components/ui/toast';
import { schemaResolver } from '../../lib/schema-resolver';
import { AdminInput, AdminTextarea } from './admin-field';
import { useListAdminCoursesQuery } from './api';
import { useSaveBundleMutation } from './bundles-api';
import { changedFields } from './changed-fields';
import { CourseChoices, toggledCourse } from './course-choices';
import { showSaveError } from './field-messages';
import { FormActions } from './form-actions';

interface Props {
  id: string | null;
  initial: AdminBundleInput;
  /** After a save or a cancelled edit. */
  onDone: () => void;
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
      showSaveError(error, setError, 'The bundle could not be saved. Please try again.');
    }
  });

  return (
    <form className="admin-form admin-panel" onSubmit={onSubmit} noValidate aria-labelledby="bundle-form-title">
      <h2 id="bundle-form-title">{id ? `Edit bundle ${initial.title}` : 'New bundle'}</h2>
      <AdminInput
        id="bundle-title"
        label="Title"
        error={errors.title?.message}
        autoComplete="off"
        registration={register('title')}
      />
      <AdminTextarea
        id="bundle-description"
        label="Description"
        error={errors.description?.message}
        rows={4}
        registration={register('description')}
      />
      <AdminInput
        id="bundle-price"
        label="Price (₹, GST included)"
        error={errors.price?.message}
        type="number"
        min={0}
        step="0.01"
        registration={register('price', { valueAsNumber: true })}
      />
      <CourseChoices
        idPrefix="bundle-course"
        legend="Courses (at least 2, published)"
        courses={choices}
        selected={courseIds}
        error={errors.courseIds?.message}
        onToggle={(courseId, on) =>
          setValue('courseIds', toggledCourse(courseIds, courseId, on), {
            shouldDirty: true,
            shouldValidate: Boolean(errors.courseIds),
          })
        }
      />
      <div className="admin-check">
        <input id="bundle-published" type="checkbox" {...register('published')} />
        <label htmlFor="bundle-published">Published: on sale, with its own page</label>
      </div>
      <FormActions noun="bundle" editing={Boolean(id)} busy={isLoading} onCancel={onDone} />
    </form>
  );
}
