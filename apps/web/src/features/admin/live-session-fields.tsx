import type { ReactNode } from 'react';
import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { AdminInput, AdminTextarea } from './admin-field';

/** The fields both live-session forms have (the schedule and the change of one occurrence). */
export interface SessionFieldValues {
  title: string;
  description: string;
  /** India time as a datetime-local field holds it (`2026-12-01T09:15`), which the server reads as IST. */
  startsAt: string;
  durationMinutes: number;
  meetingKind: 'jitsi' | 'link';
  meetingUrl: string;
}

interface Props<Values extends SessionFieldValues> {
  /** The fields' ids start with it (`live` gives `live-title`, whose message is `live-title-error`). */
  idPrefix: string;
  /** The form's own register and errors: its values hold these fields and may hold more. */
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
  meetingKind: SessionFieldValues['meetingKind'];
  startHint?: string;
  /** More fields beside the start and the duration (the schedule form's audience). */
  children?: ReactNode;
}

/** The registration and the message of one of the shared fields, whatever else the form holds. */
function sharedField<Values extends SessionFieldValues>(
  register: UseFormRegister<Values>,
  errors: FieldErrors<Values>,
) {
  const messages = errors as FieldErrors<SessionFieldValues>;
  return (name: keyof SessionFieldValues, options?: { valueAsNumber: true }) => ({
    registration: register(name as Path<Values>, options),
    error: messages[name]?.message,
  });
}

/** Title, description, start and duration. */
export function SessionBasicsFields<Values extends SessionFieldValues>({
  idPrefix,
  register,
  errors,
  startHint,
  children,
}: Omit<Props<Values>, 'meetingKind'>) {
  const field = sharedField(register, errors);
  return (
    <>
      <AdminInput id={`${idPrefix}-title`} label="Title" autoComplete="off" {...field('title')} />
      <AdminTextarea id={`${idPrefix}-description`} label="Description" rows={3} {...field('description')} />
      <div className="admin-grid">
        <AdminInput
          id={`${idPrefix}-startsAt`}
          label="Start (India time, IST)"
          hint={startHint}
          type="datetime-local"
          {...field('startsAt')}
        />
        <AdminInput
          id={`${idPrefix}-durationMinutes`}
          label="Duration (minutes)"
          type="number"
          min={1}
          {...field('durationMinutes', { valueAsNumber: true })}
        />
        {children}
      </div>
    </>
  );
}

/** The meeting: a Jitsi room of the session's own, or a pasted Zoom / Google Meet link. */
export function MeetingFieldset<Values extends SessionFieldValues>({
  idPrefix,
  register,
  errors,
  meetingKind,
}: Omit<Props<Values>, 'children' | 'startHint'>) {
  const field = sharedField(register, errors);
  const kind = field('meetingKind').registration;
  return (
    <fieldset className="admin-fieldset">
      <legend>Meeting</legend>
      <div className="admin-check">
        <input id={`${idPrefix}-meeting-jitsi`} type="radio" value="jitsi" {...kind} />
        <label htmlFor={`${idPrefix}-meeting-jitsi`}>A Jitsi Meet room of its own</label>
      </div>
      <div className="admin-check">
        <input id={`${idPrefix}-meeting-link`} type="radio" value="link" {...kind} />
        <label htmlFor={`${idPrefix}-meeting-link`}>Paste a Zoom / Google Meet link</label>
      </div>
      {meetingKind === 'link' && (
        <AdminInput
          id={`${idPrefix}-meetingUrl`}
          label="Meeting link"
          hint="Shown only to the audience, from 15 minutes before the start."
          type="url"
          autoComplete="off"
          {...field('meetingUrl')}
        />
      )}
    </fieldset>
  );
}
