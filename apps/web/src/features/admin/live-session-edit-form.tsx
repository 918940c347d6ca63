import type { AdminLiveSession, AdminLiveSessionPatch } from '@shop/shared';
import { useForm } from 'react-hook-form';
import { toast } from '../../components/ui/toast';
import { changedFields } from './changed-fields';
import { showSaveError } from './field-messages';
import { FormActions } from './form-actions';
import { MeetingFieldset, SessionBasicsFields, type SessionFieldValues } from './live-session-fields';
import { useUpdateLiveSessionMutation } from './live-sessions-api';

type EditValues = SessionFieldValues;

/** The session's start as the field shows it: its India date and time (the answer carries the +05:30 offset). */
function indiaLocal(iso: string): string {
  const india = new Date(Date.parse(iso) + 330 * 60_000).toISOString();
  return india.slice(0, 16);
}

function valuesOf(session: AdminLiveSession): EditValues {
  return {
    title: session.title,
    description: session.description,
    startsAt: indiaLocal(session.startsAt),
    durationMinutes: session.durationMinutes,
    meetingKind: session.meetingKind,
    meetingUrl: session.meetingKind === 'link' ? session.meetingUrl : '',
  };
}

/** Of the form, what changed, as the PATCH takes it: the meeting as one field when its kind or link changed. */
function toPatch(values: EditValues, dirty: Partial<Record<keyof EditValues, unknown>>): AdminLiveSessionPatch {
  const { meetingKind, meetingUrl, ...rest } = changedFields(values, dirty);
  const patch: AdminLiveSessionPatch = rest;
  if (meetingKind !== undefined || meetingUrl !== undefined)
    patch.meeting = values.meetingKind === 'link' ? { kind: 'link', url: values.meetingUrl } : { kind: 'jitsi' };
  return patch;
}

const toField = (path: string) => (path.startsWith('meeting') ? 'meetingUrl' : path);

/**
 * The console's change of one occurrence (issue 35): its title, description, start, duration or meeting;
 * only what changed is sent. A new start is mailed to the audience by the server, and the join window and
 * reminders follow it; the checks are the server's (as the schedule form, to keep the contract's schema out
 * of the shared form chunk).
 */
export function LiveSessionEditForm({ session, onDone }: { session: AdminLiveSession; onDone: () => void }) {
  const [update, { isLoading }] = useUpdateLiveSessionMutation();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    watch,
    formState: { errors, dirtyFields },
  } = useForm<EditValues>({ defaultValues: valuesOf(session) });
  const meetingKind = watch('meetingKind');

  const onSubmit = handleSubmit(async (values) => {
    clearErrors();
    const patch = toPatch(values, dirtyFields);
    if (Object.keys(patch).length === 0) {
      onDone();
      return;
    }
    try {
      await update({ id: session.id, patch }).unwrap();
      toast.success(patch.startsAt ? `${values.title} is moved; its learners are told.` : `${values.title} is saved.`);
      onDone();
    } catch (error) {
      showSaveError(error, setError, 'The session could not be saved. Please try again.', toField);
    }
  });

  return (
    <form className="admin-form admin-panel" onSubmit={onSubmit} noValidate aria-labelledby="live-edit-heading">
      <h2 id="live-edit-heading">Change {session.title}</h2>
      <SessionBasicsFields
        idPrefix="live-edit"
        register={register}
        errors={errors}
        startHint="A new start is e-mailed to the audience."
      />
      <MeetingFieldset idPrefix="live-edit" register={register} errors={errors} meetingKind={meetingKind} />
      <FormActions noun="session" editing busy={isLoading} onCancel={onDone} />
    </form>
  );
}
