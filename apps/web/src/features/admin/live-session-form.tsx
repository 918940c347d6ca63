import { type AdminLiveSessionInput, messages } from '@shop/shared';
import { useForm } from 'react-hook-form';
import { toast } from '../../components/ui/toast';
import { AdminField, AdminInput } from './admin-field';
import { useListAdminCoursesQuery } from './api';
import { useListAllCohortsQuery } from './cohorts-api';
import { showSaveError } from './field-messages';
import { FormActions } from './form-actions';
import { MeetingFieldset, SessionBasicsFields, type SessionFieldValues } from './live-session-fields';
import { useScheduleLiveSessionMutation } from './live-sessions-api';
import { useListAdminPlansQuery } from './plans-api';

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** The form's own shape: one audience choice (`course:<id>`, `plan:<id>` or `cohort:<id>`), the repeat and the meeting as plain fields. */
interface ScheduleValues extends SessionFieldValues {
  repeats: boolean;
  /** The checked weekdays' values, `'0'` (Sunday) to `'6'` (Saturday). */
  weekdays: string[];
  weeks: number;
  audience: string;
}

const emptySchedule: ScheduleValues = {
  title: '',
  description: '',
  startsAt: '',
  durationMinutes: 60,
  repeats: false,
  weekdays: [],
  weeks: 4,
  audience: '',
  meetingKind: 'jitsi',
  meetingUrl: '',
};

/**
 * What the console sends: the start as the field holds it (`2026-12-01T09:15`, which the server reads as
 * India time), the repeat only when ticked, `{ courseId }`, `{ planId }` or `{ cohortId }`, Jitsi or the pasted link.
 */
function toInput(values: ScheduleValues): AdminLiveSessionInput {
  const [kind, id = ''] = values.audience.split(':');
  return {
    title: values.title,
    description: values.description,
    startsAt: values.startsAt,
    durationMinutes: values.durationMinutes,
    repeat: values.repeats ? { weekdays: (values.weekdays || []).map(Number), weeks: values.weeks } : null,
    // No choice yet: an empty course id, which the schema names under the audience field.
    audience: kind === 'plan' ? { planId: id } : kind === 'cohort' ? { cohortId: id } : { courseId: id },
    meeting: values.meetingKind === 'link' ? { kind: 'link', url: values.meetingUrl } : { kind: 'jitsi' },
  };
}

/** The form's field of a message the schema or the server names by the request's path. */
function toField(path: string): string {
  if (path.startsWith('audience')) return 'audience';
  if (path.startsWith('meeting')) return 'meetingUrl';
  if (path === 'repeat.weeks') return 'weeks';
  if (path.startsWith('repeat')) return 'weekdays';
  return path;
}

/** The console's form to schedule a live session or a weekly series of them (issue 35). */
export function LiveSessionForm() {
  const [schedule, { isLoading }] = useScheduleLiveSessionMutation();
  const { data: courses } = useListAdminCoursesQuery();
  const { data: plans } = useListAdminPlansQuery();
  const { data: cohorts } = useListAllCohortsQuery();
  const courseTitle = (courseId: string) => courses?.find((course) => course.id === courseId)?.title ?? '';
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    watch,
    reset,
    formState: { errors },
  } = useForm<ScheduleValues>({
    defaultValues: emptySchedule,
  });
  const repeats = watch('repeats');
  const meetingKind = watch('meetingKind');

  // Only the audience is asked for here; the server checks the rest with the contract's schema and its field
  // messages go under the fields. (The schema imported here would add its zod builders to the chunk that every
  // form page shares: about 6 KB gzip on each, over the route budget.)
  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    if (!values.audience) {
      setError('audience', { message: 'Choose a course, a membership plan or a cohort.' });
      return;
    }
    try {
      const saved = await schedule(toInput(values)).unwrap();
      const count = saved.sessions.length;
      toast.success(
        count > 1
          ? `${count} sessions of ${saved.session.title} are scheduled.`
          : `${saved.session.title} is scheduled.`,
      );
      reset(emptySchedule);
    } catch (error) {
      showSaveError(error, setError, 'The session could not be scheduled. Please try again.', toField);
    }
  });

  const weekdaysError = errors.weekdays?.message ?? errors.weekdays?.root?.message;
  return (
    <form className="admin-form admin-panel" onSubmit={onSubmit} noValidate aria-labelledby="live-form-title">
      <h2 id="live-form-title">Schedule a live session</h2>
      <SessionBasicsFields idPrefix="live" register={register} errors={errors}>
        <AdminField id="live-audience" label="Audience" error={errors.audience?.message}>
          {(describedBy, invalid) => (
            <select
              id="live-audience"
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('audience')}
            >
              <option value="">Choose a course, a plan or a cohort</option>
              <optgroup label="Learners of a course">
                {courses?.map((course) => (
                  <option key={course.id} value={`course:${course.id}`}>
                    {course.title}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Members of a plan">
                {plans?.map((plan) => (
                  <option key={plan.id} value={`plan:${plan.id}`}>
                    {plan.title}
                  </option>
                ))}
              </optgroup>
              {cohorts && cohorts.length > 0 && (
                <optgroup label={messages.cohortAudience}>
                  {cohorts.map((cohort) => (
                    <option key={cohort.id} value={`cohort:${cohort.id}`}>
                      {courseTitle(cohort.courseId)} — {cohort.title}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
          )}
        </AdminField>
      </SessionBasicsFields>
      <fieldset className="admin-fieldset live-repeat">
        <legend>Repeat</legend>
        <div className="admin-check">
          <input id="live-repeats" type="checkbox" {...register('repeats')} />
          <label htmlFor="live-repeats">Repeat weekly</label>
        </div>
        {repeats && (
          <>
            <fieldset className="live-weekdays" aria-describedby={weekdaysError ? 'live-weekdays-error' : undefined}>
              <legend>On these days</legend>
              {weekdays.map((day, index) => (
                <div key={day} className="admin-check">
                  <input id={`live-weekday-${index}`} type="checkbox" value={String(index)} {...register('weekdays')} />
                  <label htmlFor={`live-weekday-${index}`}>{day}</label>
                </div>
              ))}
              {weekdaysError && (
                <p id="live-weekdays-error" className="admin-error">
                  {weekdaysError}
                </p>
              )}
            </fieldset>
            <AdminInput
              id="live-weeks"
              label="For how many weeks"
              error={errors.weeks?.message}
              type="number"
              min={1}
              max={52}
              registration={register('weeks', { valueAsNumber: true })}
            />
          </>
        )}
      </fieldset>
      <MeetingFieldset idPrefix="live" register={register} errors={errors} meetingKind={meetingKind} />
      <FormActions noun="session" editing={false} busy={isLoading} onCancel={() => reset(emptySchedule)} />
    </form>
  );
}
