import {
  type AdminPlanInput,
  type AdminPlanPatch,
  type AdminPlanResponse,
  adminPlanInput,
  type PlanPeriod,
} from '@shop/shared';
import { useForm } from 'react-hook-form';
import { toast } from '../../components/ui/toast';
import { schemaResolver } from '../../lib/schema-resolver';
import { AdminField, AdminInput, AdminTextarea } from './admin-field';
import { useListAdminCoursesQuery } from './api';
import { changedFields } from './changed-fields';
import { CourseChoices, toggledCourse } from './course-choices';
import { showSaveError } from './field-messages';
import { FormActions } from './form-actions';
import { useSavePlanMutation } from './plans-api';
import { ThumbnailField } from './thumbnail-field';

const periodLabels: Record<PlanPeriod, string> = {
  month: 'Every month',
  quarter: 'Every 3 months',
  year: 'Every year',
};

interface Props {
  id: string | null;
  initial: AdminPlanInput;
  /** After a save: the server's answer, whose warnings the page shows; nothing when the edit is cancelled. */
  onDone: (saved?: AdminPlanResponse) => void;
}

/** Of a changed plan, only what the owner changed (PATCH): a field left alone is not rewritten. */
function changedPlanFields(
  values: AdminPlanInput,
  dirty: Partial<Record<keyof AdminPlanInput, unknown>>,
): AdminPlanPatch {
  const patch = changedFields(values, dirty);
  // Switching to "every course" drops the list: the plan then includes every course, listed or not.
  return patch.allCourses === true ? { ...patch, courseIds: [] } : patch;
}

/** The console's plan form: title, description, picture, price per period, trial, what it includes, published. */
export function PlanForm({ id, initial, onDone }: Props) {
  const [save, { isLoading }] = useSavePlanMutation();
  const { data: courses } = useListAdminCoursesQuery();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors, dirtyFields },
  } = useForm<AdminPlanInput>({ defaultValues: initial, resolver: schemaResolver(adminPlanInput) });
  const allCourses = watch('allCourses');
  const courseIds = watch('courseIds');

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = id
        ? await save({ id, input: changedPlanFields(values, dirtyFields) }).unwrap()
        : await save({ id: null, input: values.allCourses ? { ...values, courseIds: [] } : values }).unwrap();
      toast.success(`Plan ${saved.plan.title} is saved.`);
      reset(initial);
      onDone(saved);
    } catch (error) {
      showSaveError(error, setError, 'The plan could not be saved. Please try again.');
    }
  });

  return (
    <form className="admin-form admin-panel" onSubmit={onSubmit} noValidate aria-labelledby="plan-form-title">
      <h2 id="plan-form-title">{id ? `Edit plan ${initial.title}` : 'New plan'}</h2>
      <AdminInput
        id="plan-title"
        label="Title"
        error={errors.title?.message}
        autoComplete="off"
        registration={register('title')}
      />
      <AdminTextarea
        id="plan-description"
        label="Description"
        error={errors.description?.message}
        rows={4}
        registration={register('description')}
      />
      <ThumbnailField
        value={watch('thumb') ?? ''}
        error={errors.thumb?.message}
        onChange={(thumb) => setValue('thumb', thumb, { shouldDirty: true, shouldValidate: true })}
      />
      <div className="admin-grid">
        <AdminInput
          id="plan-price"
          label="Price per period (₹, GST included)"
          error={errors.price?.message}
          type="number"
          min={1}
          step="0.01"
          registration={register('price', { valueAsNumber: true })}
        />
        <AdminField id="plan-period" label="Charged" error={errors.period?.message}>
          {(describedBy) => (
            <select id="plan-period" aria-describedby={describedBy} {...register('period')}>
              {(Object.keys(periodLabels) as PlanPeriod[]).map((period) => (
                <option key={period} value={period}>
                  {periodLabels[period]}
                </option>
              ))}
            </select>
          )}
        </AdminField>
        <AdminInput
          id="plan-trialDays"
          label="Free trial (days, 0 for none)"
          error={errors.trialDays?.message}
          type="number"
          min={0}
          max={90}
          registration={register('trialDays', { valueAsNumber: true })}
        />
      </div>
      <fieldset className="admin-fieldset">
        <legend>What it includes</legend>
        <div className="admin-check">
          <input id="plan-all-courses" type="checkbox" {...register('allCourses')} />
          <label htmlFor="plan-all-courses">Every course, including future ones</label>
        </div>
        {!allCourses && (
          <CourseChoices
            idPrefix="plan-course"
            legend="Courses"
            courses={courses}
            selected={courseIds}
            error={errors.courseIds?.message}
            onToggle={(courseId, on) =>
              setValue('courseIds', toggledCourse(courseIds, courseId, on), { shouldDirty: true })
            }
          />
        )}
        <div className="admin-check">
          <input id="plan-live" type="checkbox" {...register('liveSessions')} />
          <label htmlFor="plan-live">Live market sessions</label>
        </div>
        <div className="admin-check">
          <input id="plan-community" type="checkbox" {...register('community')} />
          <label htmlFor="plan-community">The members' community</label>
        </div>
      </fieldset>
      <div className="admin-check">
        <input id="plan-published" type="checkbox" {...register('published')} />
        <label htmlFor="plan-published">Published: shown on the memberships page</label>
      </div>
      <FormActions noun="plan" editing={Boolean(id)} busy={isLoading} onCancel={() => onDone()} />
    </form>
  );
}
