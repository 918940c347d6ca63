import { type AdminCohort, indiaLongDate, messages } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../components/ui/toast';
import { AdminInput } from './admin-field';
import { useChangeCohortMutation, useCreateCohortMutation, useListCourseCohortsQuery } from './cohorts-api';
import { showSaveError } from './field-messages';
import { AdminTable, RowButton } from './table-wrap';

/** The form's own shape: dates as the date fields hold them (`2027-01-05`), seats as typed (empty: no limit). */
interface CohortValues {
  title: string;
  startsOn: string;
  seats: string;
  enrolUntil: string;
}

const emptyCohort: CohortValues = { title: '', startsOn: '', seats: '', enrolUntil: '' };

const toValues = (cohort: AdminCohort): CohortValues => ({
  title: cohort.title,
  startsOn: cohort.startsOn,
  seats: cohort.seats === null ? '' : String(cohort.seats),
  enrolUntil: cohort.enrolUntil ?? '',
});

/** What the console sends; the server checks it and its field messages go under the fields. */
const toInput = (values: CohortValues) => ({
  title: values.title,
  startsOn: values.startsOn,
  seats: values.seats.trim() === '' ? null : Number(values.seats),
  enrolUntil: values.enrolUntil === '' ? null : values.enrolUntil,
});

function CohortForm({
  courseId,
  editing,
  onDone,
}: {
  courseId: string;
  editing: AdminCohort | null;
  onDone: () => void;
}) {
  const [create, { isLoading: creating }] = useCreateCohortMutation();
  const [change, { isLoading: changing }] = useChangeCohortMutation();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors },
  } = useForm<CohortValues>({ defaultValues: editing ? toValues(editing) : emptyCohort });

  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    try {
      if (editing) await change({ id: editing.id, patch: toInput(values) }).unwrap();
      else await create({ courseId, input: toInput(values) }).unwrap();
      toast.success(messages.cohortSaved);
      reset(emptyCohort);
      onDone();
    } catch (error) {
      showSaveError(error, setError, 'The cohort could not be saved. Please try again.');
    }
  });

  const prefix = editing ? `cohort-edit-${editing.id}` : 'cohort-new';
  return (
    <form
      className="admin-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={editing ? `Edit ${editing.title}` : messages.cohortCreate}
    >
      <div className="admin-grid">
        <AdminInput
          id={`${prefix}-title`}
          label={messages.cohortTitleLabel}
          error={errors.title?.message}
          autoComplete="off"
          registration={register('title')}
        />
        <AdminInput
          id={`${prefix}-startsOn`}
          label={messages.cohortStartsOnLabel}
          error={errors.startsOn?.message}
          type="date"
          registration={register('startsOn')}
          hint={editing ? 'A new start moves the lessons released after it, and e-mails the members.' : undefined}
        />
        <AdminInput
          id={`${prefix}-seats`}
          label={messages.cohortSeatsLabel}
          error={errors.seats?.message}
          type="number"
          min={1}
          registration={register('seats')}
        />
        <AdminInput
          id={`${prefix}-enrolUntil`}
          label={messages.cohortEnrolUntilLabel}
          error={errors.enrolUntil?.message}
          type="date"
          registration={register('enrolUntil')}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn" disabled={creating || changing}>
          {editing ? 'Save cohort' : messages.cohortCreate}
        </button>
        {editing && (
          <button type="button" className="btn btn-outline" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * The course editor's Cohorts (issue 35): the course's cohorts with their seats taken and left, a new one,
 * and a change of one (its name, seats, last day of enrolment, or a moved start). A course with cohorts is
 * sold by cohort only.
 */
export function CohortsSection({ courseId }: { courseId: string }) {
  const { data: cohorts } = useListCourseCohortsQuery(courseId);
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = cohorts?.find((cohort) => cohort.id === editingId) ?? null;
  return (
    <section className="admin-panel" aria-labelledby="cohorts-title">
      <h2 id="cohorts-title">{messages.cohortsHeading}</h2>
      <AdminTable
        label={`${messages.cohortsHeading} of this course`}
        columns={['Cohort', 'Starts', messages.cohortSeatsTaken, 'Seats left', 'Enrolment until', 'Change']}
        rows={cohorts}
        empty={<p className="state-message">{messages.cohortsNone}</p>}
      >
        {(cohort) => (
          <>
            <td>{cohort.title}</td>
            <td>{indiaLongDate(cohort.startsOn)}</td>
            <td>{cohort.seatsTaken}</td>
            <td>{cohort.seatsLeft === null ? 'No limit' : cohort.seatsLeft}</td>
            <td>{cohort.enrolUntil ? indiaLongDate(cohort.enrolUntil) : '—'}</td>
            <td>
              <RowButton label={`Edit ${cohort.title}`} onClick={() => setEditingId(cohort.id)}>
                Edit
              </RowButton>
            </td>
          </>
        )}
      </AdminTable>
      {editing ? (
        <CohortForm key={editing.id} courseId={courseId} editing={editing} onDone={() => setEditingId(null)} />
      ) : (
        <CohortForm key="new" courseId={courseId} editing={null} onDone={() => undefined} />
      )}
    </section>
  );
}
