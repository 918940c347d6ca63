import {
  type AdminPlanInput,
  type AdminPlanPatch,
  type AdminPlanResponse,
  adminPlanInput,
  type PlanPeriod,
} from '@shop/shared';
import type { InputHTMLAttributes } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { schemaResolver } from '../../lib/schema-resolver';
import { AdminField } from './admin-field';
import { useListAdminCoursesQuery } from './api';
import { fieldMessagesOf } from './field-messages';
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
function changedFields(values: AdminPlanInput, dirty: Partial<Record<keyof AdminPlanInput, unknown>>): AdminPlanPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(values) as (keyof AdminPlanInput)[]) if (dirty[key]) patch[key] = values[key];
  // Switching to "every course" drops the list: the plan then includes every course, listed or not.
  if (patch.allCourses === true) patch.courseIds = [];
  return patch as AdminPlanPatch;
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
        ? await save({ id, input: changedFields(values, dirtyFields) }).unwrap()
        : await save({ id: null, input: values.allCourses ? { ...values, courseIds: [] } : values }).unwrap();
      toast.success(`Plan ${saved.plan.title} is saved.`);
      reset(initial);
      onDone(saved);
    } catch (error) {
      const fields = fieldMessagesOf(error) ?? {};
      for (const [name, message] of Object.entries(fields)) setError(name as FieldPath<AdminPlanInput>, { message });
      toast.error(errorMessage(error, 'The plan could not be saved. Please try again.'));
    }
  });

  const toggleCourse = (courseId: string, on: boolean) =>
    setValue('courseIds', on ? [...courseIds, courseId] : courseIds.filter((other) => other !== courseId), {
      shouldDirty: true,
    });

  const numberField = (name: 'price' | 'trialDays', label: string, input: InputHTMLAttributes<HTMLInputElement>) => (
    <AdminField id={`plan-${name}`} label={label} error={errors[name]?.message}>
      {(describedBy, invalid) => (
        <input
          id={`plan-${name}`}
          type="number"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...input}
          {...register(name, { valueAsNumber: true })}
        />
      )}
    </AdminField>
  );

  return (
    <form className="admin-form admin-panel" onSubmit={onSubmit} noValidate aria-labelledby="plan-form-title">
      <h2 id="plan-form-title">{id ? `Edit plan ${initial.title}` : 'New plan'}</h2>
      <AdminField id="plan-title" label="Title" error={errors.title?.message}>
        {(describedBy, invalid) => (
          <input
            id="plan-title"
            autoComplete="off"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...register('title')}
          />
        )}
      </AdminField>
      <AdminField id="plan-description" label="Description" error={errors.description?.message}>
        {(describedBy, invalid) => (
          <textarea
            id="plan-description"
            rows={4}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...register('description')}
          />
        )}
      </AdminField>
      <ThumbnailField
        value={watch('thumb') ?? ''}
        error={errors.thumb?.message}
        onChange={(thumb) => setValue('thumb', thumb, { shouldDirty: true, shouldValidate: true })}
      />
      <div className="admin-grid">
        {numberField('price', 'Price per period (₹, GST included)', { min: 1, step: '0.01' })}
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
        {numberField('trialDays', 'Free trial (days, 0 for none)', { min: 0, max: 90 })}
      </div>
      <fieldset className="admin-fieldset">
        <legend>What it includes</legend>
        <div className="admin-check">
          <input id="plan-all-courses" type="checkbox" {...register('allCourses')} />
          <label htmlFor="plan-all-courses">Every course, including future ones</label>
        </div>
        {!allCourses && (
          <fieldset className="admin-fieldset plan-course-choices" aria-describedby="plan-courses-error">
            <legend>Courses</legend>
            {courses?.map((course) => (
              <div key={course.id} className="admin-check">
                <input
                  id={`plan-course-${course.id}`}
                  type="checkbox"
                  checked={courseIds.includes(course.id)}
                  onChange={(event) => toggleCourse(course.id, event.target.checked)}
                />
                <label htmlFor={`plan-course-${course.id}`}>
                  {course.title}
                  {course.published ? '' : ' (not published)'}
                </label>
              </div>
            ))}
            {errors.courseIds?.message && (
              <p id="plan-courses-error" className="admin-error">
                Courses {errors.courseIds.message}
              </p>
            )}
          </fieldset>
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
      <div className="admin-actions">
        <button type="submit" className="btn" disabled={isLoading}>
          {id ? 'Save plan' : 'Create plan'}
        </button>
        {id && (
          <button type="button" className="btn btn-outline" onClick={() => onDone()}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
